/* test_ast_children.c — the child-field table (ast_children.def) and the generic
 * traversal built from it (ast_walk.c): on snippets whose trees are known, the
 * preorder walk visits exactly the expected nodes in the expected order, every
 * kind is covered by some snippet, and ast_equal notices a change in any child;
 * on the sample scripts, the walk reaches every node the parser made (ast_new is
 * wrapped at link time) and nothing else, each once, with required children set
 * and siblings in source order. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "diag_capture.h"
#include "parse.h"

static DiagCapture cap;

/* Every node the parser makes, recorded: the test executable is linked with
   -Wl,--wrap=ast_new, so the library's calls come here first. */
Node *__real_ast_new(Arena *arena, AstKind kind, SrcLoc loc);
Node *__wrap_ast_new(Arena *arena, AstKind kind, SrcLoc loc);

enum { MADE_MAX = 1 << 16 };
static const Node *made[MADE_MAX];
static int n_made;

Node *__wrap_ast_new(Arena *arena, AstKind kind, SrcLoc loc) {
    Node *n = __real_ast_new(arena, kind, loc);
    if (n_made < MADE_MAX) made[n_made++] = n;
    return n;
}

static void setup(void) { diag_capture_open(&cap); }
static void teardown(void) { diag_capture_close(&cap); }

TestSuite(ast_children, .init = setup, .fini = teardown);

static Node *parse_ok(const SourceFile *f) {
    Node *m = parse_file(cap.arena, &cap.diag, f);
    fflush(cap.out);
    cr_assert(m != NULL, "unexpected error in %s:\n%s", f->path, cap.text ? cap.text : "");
    return m;
}

static Node *parse_src(const char *src) {
    return parse_ok(diag_source_from_string(cap.arena, "t.py", src));
}

/* ---- preorder kind sequences ------------------------------------------------------ */

typedef struct Preorder {
    StrBuf sb;
    bool seen[AST__COUNT];
} Preorder;

static void preorder_visit(void *ctx, Node **slot) {
    Preorder *p = ctx;
    if (p->sb.len) strbuf_putc(&p->sb, ' ');
    strbuf_puts(&p->sb, ast_kind_name((*slot)->kind) + 4); /* without "AST_" */
    p->seen[(*slot)->kind] = true;
    ast_for_each_child(*slot, NULL, preorder_visit, p);
}

static const char *preorder(Preorder *p, const char *src) {
    Node *m = parse_src(src);
    p->sb.len = 0;
    preorder_visit(p, &m);
    return arena_strndup(cap.arena, p->sb.data, p->sb.len);
}

/* Each snippet with the kinds of its tree in the walk's order; together they use
   every kind, so a kind added without a table row (or a snippet) fails here. */
static const struct {
    const char *src, *kinds;
} snippets[] = {
    {"x = f(a, *b, k=c)\n", "MODULE ASSIGN NAME CALL NAME NAME STARRED NAME KEYWORD NAME"},
    {"a = b = 1\n", "MODULE ASSIGN NAME NAME INT"},
    {"x += 2.5\n", "MODULE AUGASSIGN NAME FLOAT"},
    {"y: int = 'a'\n", "MODULE ANNASSIGN NAME NAME STR"},
    {"z: int\n", "MODULE ANNASSIGN NAME NAME"},
    {"pass\ndel a[0], b.c\n", "MODULE PASS DEL SUBSCRIPT NAME INT ATTRIBUTE NAME"},
    {"def f(a: int = 1, *r, k, **kw) -> T:\n    return\n",
     "MODULE FUNCDEF ARG NAME INT ARG ARG ARG NAME RETURN"},
    {"@d\ndef g():\n    global x\n    def h():\n        nonlocal y\n    return x\n",
     "MODULE FUNCDEF NAME GLOBAL FUNCDEF NONLOCAL RETURN NAME"},
    {"while a:\n    break\n    continue\nelse:\n    pass\n",
     "MODULE WHILE NAME BREAK CONTINUE PASS"},
    {"for i, j in it:\n    raise E from c\n", "MODULE FOR TUPLE NAME NAME NAME RAISE NAME NAME"},
    {"assert t, 'm'\n", "MODULE ASSERT NAME STR"},
    {"if a:\n    b\nelif c:\n    d\nelse:\n    e\n",
     "MODULE IF NAME EXPR_STMT NAME IF NAME EXPR_STMT NAME EXPR_STMT NAME"},
    {"with m as v, n:\n    pass\n", "MODULE WITH WITHITEM NAME NAME WITHITEM NAME PASS"},
    {"try:\n    a\nexcept E as e:\n    b\nexcept:\n    c\nelse:\n    d\nfinally:\n    f\n",
     "MODULE TRY EXPR_STMT NAME EXCEPT_HANDLER NAME EXPR_STMT NAME EXCEPT_HANDLER EXPR_STMT NAME "
     "EXPR_STMT NAME EXPR_STMT NAME"},
    {"@dec\nclass C(B, metaclass=M):\n    x = 1\n",
     "MODULE CLASSDEF NAME NAME KEYWORD NAME ASSIGN NAME INT"},
    {"import a.b as c, d\nfrom . import e\n", "MODULE IMPORT ALIAS ALIAS IMPORT_FROM ALIAS"},
    {"b'x', True, False, None, ...\n", "MODULE EXPR_STMT TUPLE BYTES TRUE FALSE NONE ELLIPSIS"},
    {"f'a{x!r:>{w}}'\n", "MODULE EXPR_STMT FSTRING STR FORMATTED NAME FSTRING STR FORMATTED NAME"},
    {"-a + b * c\n", "MODULE EXPR_STMT BINOP UNARYOP NAME BINOP NAME NAME"},
    {"a and b or not c\n", "MODULE EXPR_STMT BOOLOP BOOLOP NAME NAME UNARYOP NAME"},
    {"a < b <= c\n", "MODULE EXPR_STMT COMPARE NAME NAME NAME"},
    /* evaluation order: the test first */
    {"a if t else b\n", "MODULE EXPR_STMT IFEXP NAME NAME NAME"},
    {"lambda x, y=1: x\n", "MODULE EXPR_STMT LAMBDA ARG ARG INT NAME"},
    {"a[1:2, ::s]\n", "MODULE EXPR_STMT SUBSCRIPT NAME TUPLE SLICE INT INT SLICE NAME"},
    {"[a, *b], {c}\n", "MODULE EXPR_STMT TUPLE LIST NAME STARRED NAME SET NAME"},
    /* a dict's keys, then its values */
    {"{k: v, **m}\n", "MODULE EXPR_STMT DICT NAME NAME NAME"},
    {"[e for x in xs if c]\n", "MODULE EXPR_STMT LISTCOMP NAME COMPREHENSION NAME NAME NAME"},
    {"{e for x in xs}\n", "MODULE EXPR_STMT SETCOMP NAME COMPREHENSION NAME NAME"},
    {"{k: v for k, v in it}\n",
     "MODULE EXPR_STMT DICTCOMP NAME NAME COMPREHENSION TUPLE NAME NAME NAME"},
    {"(e for x in xs for y in x)\n",
     "MODULE EXPR_STMT GENEXP NAME COMPREHENSION NAME NAME COMPREHENSION NAME NAME"},
};

Test(ast_children, preorder_matches_known_trees) {
    Preorder p = {0};
    strbuf_init(&p.sb, cap.arena);
    for (size_t i = 0; i < sizeof snippets / sizeof snippets[0]; i++) {
        const char *got = preorder(&p, snippets[i].src);
        cr_assert(eq(str, (char *)got, (char *)snippets[i].kinds), "source:\n%s", snippets[i].src);
    }
    /* The parser rejects :=, so that one is built by hand. */
    SrcLoc loc = {0};
    Node *walrus = ast_new(cap.arena, AST_NAMED_EXPR, loc);
    walrus->named_expr.target = ast_new(cap.arena, AST_NAME, loc);
    walrus->named_expr.value = ast_new(cap.arena, AST_INT, loc);
    p.sb.len = 0;
    preorder_visit(&p, &walrus);
    cr_assert(eq(str, (char *)strbuf_cstr(&p.sb), "NAMED_EXPR NAME INT"));
    for (int k = 0; k < AST__COUNT; k++)
        cr_assert(p.seen[k], "no snippet uses %s", ast_kind_name((AstKind)k));
}

/* ---- ast_equal compares every child ------------------------------------------------ */

typedef struct Perturb {
    const Node *original; /* an equal tree, parsed separately */
    Node *copy_root;
    int checked;
} Perturb;

/* Each child of n in turn: replaced by a node of another kind (or, in a list, the
   last item dropped), the trees must differ; then it is put back. */
static void perturb_each(Perturb *p, Node *n) {
    int count;
    const AstChildField *f = ast_child_fields(n->kind, &count);
    for (int i = 0; i < count; i++) {
        if (ast_child_is_list(&f[i])) {
            NodeList *l = ast_child_list(n, &f[i]);
            if (l->len == 0) continue;
            l->len--;
            cr_assert(not(ast_equal(p->original, p->copy_root)), "%s: a dropped item went unseen",
                      f[i].name);
            l->len++;
            for (int k = 0; k < l->len; k++)
                if (l->items[k]) perturb_each(p, l->items[k]);
        } else {
            Node **slot = ast_child_node(n, &f[i]);
            if (!*slot) continue;
            Node *kept = *slot;
            *slot = ast_new(cap.arena, AST_PASS, kept->loc);
            cr_assert(not(ast_equal(p->original, p->copy_root)), "%s: a changed child went unseen",
                      f[i].name);
            *slot = kept;
            perturb_each(p, kept);
        }
        p->checked++;
    }
    cr_assert(ast_equal(p->original, p->copy_root));
}

Test(ast_children, equal_compares_every_child) {
    for (size_t i = 0; i < sizeof snippets / sizeof snippets[0]; i++) {
        Perturb p = {parse_src(snippets[i].src), parse_src(snippets[i].src), 0};
        cr_assert(ast_equal(p.original, p.copy_root));
        perturb_each(&p, p.copy_root);
        cr_assert(p.checked > 0);
    }
}

/* ---- the table itself --------------------------------------------------------------- */

Test(ast_children, shapes_fit_their_kinds) {
    for (int k = 0; k < AST__COUNT; k++) {
        Node probe = {.kind = (AstKind)k};
        int n;
        const AstChildField *f = ast_child_fields((AstKind)k, &n);
        for (int i = 0; i < n; i++) {
            cr_assert(f[i].name != NULL);
            cr_assert(f[i].offset < sizeof(Node), "%s", f[i].name);
            if (i > 0) cr_assert(f[i].offset != f[i - 1].offset, "%s twice", f[i].name);
            /* Statement blocks belong to statements and except handlers only; scope
               bodies to the module, defs and classes. */
            if (f[i].shape == AST_CHILD_BLOCK)
                cr_assert(ast_is_statement(&probe) || k == AST_EXCEPT_HANDLER, "%s", f[i].name);
            if (f[i].shape == AST_CHILD_SCOPE)
                cr_assert(k == AST_MODULE || k == AST_FUNCDEF || k == AST_CLASSDEF, "%s",
                          f[i].name);
        }
    }
}

/* ---- every sample script -------------------------------------------------------------- */

typedef struct Reach {
    Arena *arena;
    const Node **seen; /* every node reached, to find one reached twice */
    int n, cap;
    const char *path;
} Reach;

static bool loc_before(SrcLoc a, SrcLoc b) {
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* Siblings in source order, except where the table documents otherwise. */
static bool order_exempt(const Node *parent) {
    return parent->kind == AST_DICT || parent->kind == AST_CALL || parent->kind == AST_IFEXP;
}

static void reach_node(Reach *r, const Node *n) {
    for (int i = 0; i < r->n; i++)
        if (r->seen[i] == n) cr_assert(false, "%s:%d: a node reached twice", r->path, n->loc.line);
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 256;
        r->seen = arena_grow(r->arena, r->seen, sizeof *r->seen, (size_t)r->n, (size_t)cap);
        r->cap = cap;
    }
    r->seen[r->n++] = n;
    int count;
    const AstChildField *f = ast_child_fields(n->kind, &count);
    const Node *prev = NULL;
    for (int i = 0; i < count; i++) {
        if (!ast_child_is_list(&f[i])) {
            const Node *c = *ast_child_node(n, &f[i]);
            if (f[i].shape == AST_CHILD_ONE)
                cr_assert(c != NULL, "%s:%d: %s not set", r->path, n->loc.line, f[i].name);
            if (!c) continue;
            if (prev && !order_exempt(n))
                cr_assert(not(loc_before(c->loc, prev->loc)), "%s:%d:%d: %s out of order",
                          r->path, c->loc.line, c->loc.col, f[i].name);
            prev = c;
            reach_node(r, c);
            continue;
        }
        const NodeList *l = ast_child_list(n, &f[i]);
        for (int k = 0; k < l->len; k++) {
            const Node *c = l->items[k];
            if (!c) continue;
            if (prev && !order_exempt(n))
                cr_assert(not(loc_before(c->loc, prev->loc)), "%s:%d:%d: %s out of order",
                          r->path, c->loc.line, c->loc.col, f[i].name);
            prev = c;
            reach_node(r, c);
        }
    }
}

typedef struct Count {
    int nodes;
} Count;

static void count_visit(void *ctx, Node **slot) {
    ((Count *)ctx)->nodes++;
    ast_for_each_child(*slot, NULL, count_visit, ctx);
}

static bool has(const Node *const *v, int n, const Node *x) {
    for (int i = 0; i < n; i++)
        if (v[i] == x) return true;
    return false;
}

/* A name the parser read as an expression before it became a string field: of a
   keyword, an argument or a global/nonlocal declaration reached on its line. */
static bool names_a_string_field(const Reach *r, const Node *name) {
    for (int i = 0; i < r->n; i++) {
        const Node *n = r->seen[i];
        bool holder = n->kind == AST_KEYWORD || n->kind == AST_ARG || n->kind == AST_GLOBAL ||
                      n->kind == AST_NONLOCAL;
        if (holder && n->loc.line == name->loc.line && n->loc.col <= name->loc.col) return true;
    }
    return false;
}

/* The walk reaches only nodes the parser made, none twice, and all of them but
   the parser's carriers: one-entry dicts that gather a display's entries, string
   pieces merged into one literal, and names that became a string field. The
   table-driven check above agrees with the callback walk. */
static void check_script(const char *path) {
    const SourceFile *f = diag_load_file(cap.arena, path);
    cr_assert(f != NULL, "cannot read %s", path);
    n_made = 0;
    Node *m = parse_ok(f);
    cr_assert(n_made < MADE_MAX, "%s: too many nodes for the test", path);
    Reach r = {cap.arena, NULL, 0, 0, path};
    reach_node(&r, m);
    Count c = {0};
    count_visit(&c, &m);
    cr_assert(eq(int, c.nodes, r.n), "%s", path);
    for (int i = 0; i < r.n; i++)
        if (!has(made, n_made, r.seen[i]))
            cr_assert(false, "%s:%d: reached a node the parser did not make", path,
                      r.seen[i]->loc.line);
    for (int i = 0; i < n_made; i++) {
        const Node *u = made[i];
        bool carrier = u->kind == AST_DICT || u->kind == AST_STR || u->kind == AST_BYTES;
        if (carrier || has(r.seen, r.n, u)) continue;
        if (u->kind == AST_NAME && names_a_string_field(&r, u)) continue;
        cr_assert(false, "%s:%d:%d: %s not reached", path, u->loc.line, u->loc.col,
                  ast_kind_name(u->kind));
    }
}

Test(ast_children, samples_reach_every_node_once) {
    static const char *const samples[] = {
        "parser/samples/expressions.py",     "parser/samples/statements.py",
        "parser/samples/strings.py",         "autograph/samples/composites.py",
        "autograph/samples/control_flow.py", "autograph/samples/scoping.py",
    };
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        check_script(arena_printf(cap.arena, "%s/%s", UNIT_TESTS_DIR, samples[i]));
}
