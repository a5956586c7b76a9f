/* ast_dump.c — the syntax tree as an indented S-expression (--emit=ast).
 *
 * Two steps: the tree becomes a tree of Sx (an atom, or a list whose first item is its
 * head), then the Sx tree is laid out, a list on one line when it fits and holds no
 * statement block, else its head and leading atoms on the first line and each other
 * item on a line of its own. The children come from ast_children.def, in source order;
 * the few fields a reader could not tell apart by position carry a label:
 *
 *   c = -2 ** 2          (assign c (neg (pow 2 2)))
 *   def f(x, n=2): ...   (def f (arg x) (arg n (default 2)) (body ...))
 *   x[1:]                (subscript x (slice (lower 1)))
 */
#include "ast_dump.h"

#include <string.h>

#include "diag.h"

enum { DUMP_WIDTH = 80, DUMP_INDENT = 2 };

typedef struct Sx Sx;
struct Sx {
    const char *atom;  /* a leaf's text; NULL for a list */
    Sx **items;        /* a list's items, items[0] its head */
    int n, cap;
    bool block;        /* holds statements: always laid out one item per line */
};

typedef struct Dumper {
    Arena *arena;
    FILE *out;
} Dumper;

static Sx *sx_atom(Dumper *d, const char *text) {
    Sx *s = ARENA_NEW(d->arena, Sx);
    s->atom = text;
    return s;
}

static void sx_push(Dumper *d, Sx *list, Sx *item) {
    if (list->n == list->cap) {
        int cap = list->cap ? list->cap * 2 : 4;
        list->items = arena_grow(d->arena, list->items, sizeof(Sx *), (size_t)list->n, (size_t)cap);
        list->cap = cap;
    }
    list->items[list->n++] = item;
    if (item->block) list->block = true;
}

static Sx *sx_list(Dumper *d, const char *head) {
    Sx *s = ARENA_NEW(d->arena, Sx);
    sx_push(d, s, sx_atom(d, head));
    return s;
}

/* ---- Names of heads and operators ----------------------------------------------------- */

static const char *binop_name(BinOp op) {
    static const char *const names[] = {
        [BIN_ADD] = "add",       [BIN_SUB] = "sub",       [BIN_MUL] = "mul",
        [BIN_MATMUL] = "matmul", [BIN_DIV] = "div",       [BIN_FLOORDIV] = "floordiv",
        [BIN_MOD] = "mod",       [BIN_POW] = "pow",       [BIN_LSHIFT] = "lshift",
        [BIN_RSHIFT] = "rshift", [BIN_BITOR] = "bitor",   [BIN_BITXOR] = "bitxor",
        [BIN_BITAND] = "bitand",
    };
    _Static_assert(sizeof names / sizeof names[0] == BIN__COUNT, "one name per operator");
    return names[op];
}

static const char *unaryop_name(UnaryOp op) {
    switch (op) {
    case UNARY_NEG: return "neg";
    case UNARY_POS: return "pos";
    case UNARY_INVERT: return "invert";
    case UNARY_NOT: return "not";
    }
    UNREACHABLE();
}

static const char *cmpop_name(CmpOp op) {
    switch (op) {
    case CMP_EQ: return "eq";
    case CMP_NE: return "ne";
    case CMP_LT: return "lt";
    case CMP_LE: return "le";
    case CMP_GT: return "gt";
    case CMP_GE: return "ge";
    case CMP_IS: return "is";
    case CMP_IS_NOT: return "is-not";
    case CMP_IN: return "in";
    case CMP_NOT_IN: return "not-in";
    }
    UNREACHABLE();
}

/* A list's head: the operator for operations, else the kind's name ("AST_FOR" -> "for"). */
static const char *head_name(Dumper *d, const Node *n) {
    switch (n->kind) {
    case AST_EXPR_STMT: return "expr";
    case AST_FUNCDEF: return "def";
    case AST_CLASSDEF: return "class";
    case AST_EXCEPT_HANDLER: return "except";
    case AST_ATTRIBUTE: return "attr";
    case AST_BINOP: return binop_name(n->binop.op);
    case AST_UNARYOP: return unaryop_name(n->unaryop.op);
    case AST_BOOLOP: return n->boolop.op == BOOL_AND ? "and" : "or";
    default: break;
    }
    char *s = arena_strdup(d->arena, ast_kind_name(n->kind) + 4); /* after "AST_" */
    for (char *p = s; *p; p++) *p = *p == '_' ? '-' : (char)(*p - 'A' + 'a');
    return s;
}

static bool is_leaf(const Node *n) {
    switch (n->kind) {
    case AST_NAME:
    case AST_INT:
    case AST_FLOAT:
    case AST_STR:
    case AST_BYTES:
    case AST_TRUE:
    case AST_FALSE:
    case AST_NONE:
    case AST_ELLIPSIS: return true;
    default: return false;
    }
}

/* ---- The tree as Sx --------------------------------------------------------------------- */

static Sx *node_sx(Dumper *d, const Node *n);

/* The label of a child field a reader could not place by position, NULL for one read
   by position. Lists of statements always carry one (body, orelse, finalbody), but a
   module's. */
static const char *field_label(const AstChildField *f) {
    static const char *const positional[] = {
        "module.body", "ret.value", "raise.exc", "assert_.msg", "handler.type",
        "comp.elt",    "comp.key",  "comp.value",
    };
    static const struct { const char *field, *label; } renamed[] = {
        {"raise.cause", "from"},
        {"withitem.vars", "as"},
        {"arg.default_", "default"},
        {"formatted.format_spec", "format-spec"},
    };
    for (size_t i = 0; i < sizeof positional / sizeof positional[0]; i++)
        if (strcmp(f->name, positional[i]) == 0) return NULL;
    for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++)
        if (strcmp(f->name, renamed[i].field) == 0) return renamed[i].label;
    const char *last = strrchr(f->name, '.') + 1;
    switch (f->shape) {
    case AST_CHILD_ONE: return NULL;
    case AST_CHILD_LIST:
        /* a list of nodes that name themselves ((arg x), (keyword ...)) or the only
           list of its node reads by position */
        if (strcmp(last, "decorators") != 0 && strcmp(last, "bases") != 0 &&
            strcmp(last, "kwonly") != 0 && strcmp(last, "ifs") != 0)
            return NULL;
        return last;
    case AST_CHILD_OPT:
    case AST_CHILD_BLOCK:
    case AST_CHILD_SCOPE: return last;
    }
    UNREACHABLE();
}

/* The children of n in the table's order, each under its label if it has one. */
static void push_children(Dumper *d, Sx *s, const Node *n) {
    int count;
    const AstChildField *fields = ast_child_fields(n->kind, &count);
    for (int i = 0; i < count; i++) {
        const AstChildField *f = &fields[i];
        const char *label = field_label(f);
        bool statements = f->shape == AST_CHILD_BLOCK || f->shape == AST_CHILD_SCOPE;
        Sx *into = s;
        if (ast_child_is_list(f)) {
            NodeList *l = ast_child_list(n, f);
            if (l->len == 0) continue;
            if (label) into = sx_list(d, label);
            for (int k = 0; k < l->len; k++) sx_push(d, into, node_sx(d, l->items[k]));
        } else {
            Node *c = *ast_child_node(n, f);
            if (!c) continue;
            if (label) into = sx_list(d, label);
            sx_push(d, into, node_sx(d, c));
        }
        if (statements) into->block = true;
        if (into != s) sx_push(d, s, into);
    }
}

/* a < b: (lt a b); a chain a < b <= c: (compare a lt b le c). */
static Sx *compare_sx(Dumper *d, const Node *n) {
    const NodeList *rest = &n->compare.comparators;
    if (rest->len == 1) {
        Sx *s = sx_list(d, cmpop_name(n->compare.ops[0]));
        sx_push(d, s, node_sx(d, n->compare.left));
        sx_push(d, s, node_sx(d, rest->items[0]));
        return s;
    }
    Sx *s = sx_list(d, "compare");
    sx_push(d, s, node_sx(d, n->compare.left));
    for (int i = 0; i < rest->len; i++) {
        sx_push(d, s, sx_atom(d, cmpop_name(n->compare.ops[i])));
        sx_push(d, s, node_sx(d, rest->items[i]));
    }
    return s;
}

/* {k: v, **m}: (dict (item k v) (item ** m)). */
static Sx *dict_sx(Dumper *d, const Node *n) {
    Sx *s = sx_list(d, "dict");
    for (int i = 0; i < n->dict.values.len; i++) {
        Sx *item = sx_list(d, "item");
        const Node *key = n->dict.keys.items[i];
        sx_push(d, item, key ? node_sx(d, key) : sx_atom(d, "**"));
        sx_push(d, item, node_sx(d, n->dict.values.items[i]));
        sx_push(d, s, item);
    }
    return s;
}

static Sx *node_sx(Dumper *d, const Node *n) {
    if (is_leaf(n)) return sx_atom(d, ast_expr_to_source(d->arena, n));
    if (n->kind == AST_COMPARE) return compare_sx(d, n);
    if (n->kind == AST_DICT) return dict_sx(d, n);
    Sx *s = sx_list(d, head_name(d, n));
    /* What a node holds besides its children: names and operators, before them. */
    switch (n->kind) {
    case AST_AUGASSIGN: sx_push(d, s, sx_atom(d, binop_name(n->augassign.op))); break;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        for (int i = 0; i < n->names.len; i++) sx_push(d, s, sx_atom(d, n->names.names[i]));
        break;
    case AST_FUNCDEF: sx_push(d, s, sx_atom(d, n->funcdef.name)); break;
    case AST_CLASSDEF: sx_push(d, s, sx_atom(d, n->classdef.name)); break;
    case AST_IMPORT_FROM:
        sx_push(d, s, sx_atom(d, arena_printf(d->arena, "%.*s%s", n->import_from.level,
                                               "..........................................",
                                               n->import_from.module ? n->import_from.module
                                                                     : "")));
        break;
    case AST_ALIAS:
        sx_push(d, s, sx_atom(d, n->alias.name));
        if (n->alias.asname) {
            sx_push(d, s, sx_atom(d, "as"));
            sx_push(d, s, sx_atom(d, n->alias.asname));
        }
        break;
    case AST_ARG: sx_push(d, s, sx_atom(d, n->arg.name)); break;
    case AST_KEYWORD: sx_push(d, s, sx_atom(d, n->keyword.name ? n->keyword.name : "**")); break;
    case AST_FORMATTED:
        if (n->formatted.conversion != CONV_NONE)
            sx_push(d, s, sx_atom(d, arena_printf(d->arena, "!%c", n->formatted.conversion)));
        break;
    default: break;
    }
    push_children(d, s, n);
    /* ...and after them: x.attr reads (attr x attr); except E as e, (except E (as e) ...) */
    if (n->kind == AST_ATTRIBUTE) sx_push(d, s, sx_atom(d, n->attribute.attr));
    if (n->kind == AST_EXCEPT_HANDLER && n->handler.name) {
        Sx *as = sx_list(d, "as");
        sx_push(d, as, sx_atom(d, n->handler.name));
        /* after the type, before the body */
        int at = s->n - (n->handler.body.len > 0);
        sx_push(d, s, as);
        for (int i = s->n - 1; i > at; i--) s->items[i] = s->items[i - 1];
        s->items[at] = as;
    }
    if (n->kind == AST_FUNCDEF || n->kind == AST_CLASSDEF || n->kind == AST_IF ||
        n->kind == AST_WHILE || n->kind == AST_FOR || n->kind == AST_WITH || n->kind == AST_TRY ||
        n->kind == AST_EXCEPT_HANDLER || n->kind == AST_MODULE)
        s->block = true;
    return s;
}

/* ---- Layout ------------------------------------------------------------------------------ */

static void put_compact(StrBuf *sb, const Sx *s) {
    if (s->atom) {
        strbuf_puts(sb, s->atom);
        return;
    }
    strbuf_putc(sb, '(');
    for (int i = 0; i < s->n; i++) {
        if (i) strbuf_putc(sb, ' ');
        put_compact(sb, s->items[i]);
    }
    strbuf_putc(sb, ')');
}

/* s at column indent, its first line already indented; the caller ends the line. */
static void put_sx(Dumper *d, const Sx *s, int indent) {
    StrBuf sb;
    strbuf_init(&sb, d->arena);
    put_compact(&sb, s);
    const char *line = strbuf_cstr(&sb);
    if (s->atom || (!s->block && indent + (int)strlen(line) <= DUMP_WIDTH)) {
        fputs(line, d->out);
        return;
    }
    /* the head and the atoms after it (a def's name, an operator) stay on its line */
    fprintf(d->out, "(%s", s->items[0]->atom);
    int i = 1;
    while (i < s->n && s->items[i]->atom) fprintf(d->out, " %s", s->items[i++]->atom);
    for (; i < s->n; i++) {
        fprintf(d->out, "\n%*s", indent + DUMP_INDENT, "");
        put_sx(d, s->items[i], indent + DUMP_INDENT);
    }
    fputc(')', d->out);
}

void ast_dump(FILE *out, const Node *node) {
    Dumper d = {arena_new(), out};
    put_sx(&d, node_sx(&d, node), 0);
    fputc('\n', out);
    arena_free(d.arena);
}
