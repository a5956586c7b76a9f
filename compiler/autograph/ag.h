/* ag.h — AutoGraph internals shared by its passes: name sets, pointer maps, the
 * per-scope state, node builders and the pass entry points, in pipeline order.
 * Entry point for the whole conversion: autograph.h; each pass is one file.
 * Memory owner: generated nodes and interned names live in AgCtx.arena; analysis
 * sets and maps live in AgScope.scratch, freed when the scope has been converted. */
#ifndef INGOT_AG_H
#define INGOT_AG_H

#include <stdbool.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* ---- name sets (nameset.c) --------------------------------------------------------- */

/* A set of interned names, sorted by address; values are immutable, operations
 * return new sets allocated in the given arena. */
typedef struct NameSet {
    const char **v;
    int n;
} NameSet;

/* A growable list of names, turned into a set once collected. */
typedef struct NameBuf {
    Arena *arena;
    const char **v;
    int n, cap;
} NameBuf;

void namebuf_init(NameBuf *b, Arena *arena);
void namebuf_push(NameBuf *b, const char *interned);
NameSet namebuf_set(const NameBuf *b);

bool nameset_has(NameSet s, const char *interned);
NameSet nameset_add(Arena *a, NameSet s, const char *interned);
NameSet nameset_union(Arena *a, NameSet x, NameSet y);
NameSet nameset_minus(Arena *a, NameSet x, NameSet y);
NameSet nameset_inter(Arena *a, NameSet x, NameSet y);
bool nameset_equal(NameSet x, NameSet y);
/* The names in alphabetical (strcmp) order, for deterministic output. */
const char **nameset_sorted(Arena *a, NameSet s);

/* ---- pointer maps (nameset.c) -------------------------------------------------------- */

/* Node → analysis record, open addressing; lives in one arena. */
typedef struct PtrMap {
    Arena *arena;
    const void **keys;
    void **vals;
    size_t cap, len;
} PtrMap;

void ptrmap_init(PtrMap *m, Arena *arena);
void ptrmap_put(PtrMap *m, const void *key, void *val);
void *ptrmap_get(const PtrMap *m, const void *key);

/* ---- per-conversion and per-scope state ---------------------------------------------- */

typedef struct AgCtx {
    Arena *arena;
    Diag *diag;
} AgCtx;

/* What the lowering passes attach to a loop for the control-flow pass. */
typedef struct LoopInfo {
    Node *extra_test;       /* for loops: break/return flag test, or NULL */
    NodeList opt_keys;      /* set_loop_options keywords, as AST_STR */
    NodeList opt_values;    /* their original expressions */
} LoopInfo;

/* Liveness facts about one if/while/for statement of the lowered tree. */
typedef struct FlowInfo {
    NameSet modified;    /* names bound anywhere in it (not in nested scopes) */
    NameSet live_after;  /* live right after it */
    NameSet live_in;     /* if: live at the start of either branch; loops: at the head */
} FlowInfo;

/* One Python scope being converted: the module's top level or one def. The
 * functions AutoGraph generates (if_body, loop_body, ...) are Python scopes too,
 * but they belong to the user scope they were made for. */
typedef struct AgScope {
    AgCtx *ctx;
    Arena *scratch;
    SrcLoc loc;             /* the def (or the module's first statement) */
    bool is_module;
    NameSet params;         /* a def's parameters (bound on entry) */
    NameSet globals;        /* declared global in this scope */
    NameSet nonlocals;      /* declared nonlocal in this scope */
    NameSet captured;       /* names free in nested defs and classes: always state */
    NameSet used_names;     /* every identifier of the scope plus generated names */
    NameSet generated;      /* names made by ag_fresh_name (flags, helpers) */
    NameSet undefined;      /* names initialized with ag__.Undefined so far (rule: ag__.ld) */
    PtrMap loops;           /* loop Node → LoopInfo */
    PtrMap flow;            /* if/while/for Node → FlowInfo */
} AgScope;

/* Interns s in the conversion's arena. */
const char *ag_intern(AgScope *s, const char *name);
/* A fresh name for generated code: base, else base_1, base_2, ... — never one the
 * user's code of this scope mentions or one generated before in it. */
const char *ag_fresh_name(AgScope *s, const char *base);
/* The loop's record, created on first use. */
LoopInfo *ag_loop_info(AgScope *s, const Node *loop);
/* True when a modified name is state regardless of liveness: names declared
 * global/nonlocal, names read by nested defs (at the module's top level: by any
 * def or lambda of the module, which may run after the statement). */
bool ag_is_escaping(const AgScope *s, const char *interned);

/* CPython's private name mangling (__x in class C is _C__x), in place (mangle.c). */
void ag_mangle_private_names(Arena *arena, Node *module);

/* ---- node builders (build.c); every node gets loc ------------------------------------ */

Node *ag_build_name(Arena *a, SrcLoc loc, const char *id);
Node *ag_build_str(Arena *a, SrcLoc loc, const char *text);
Node *ag_build_int(Arena *a, SrcLoc loc, int64_t v);
Node *ag_build_bool(Arena *a, SrcLoc loc, bool v);
Node *ag_build_none(Arena *a, SrcLoc loc);
Node *ag_build_tuple(Arena *a, SrcLoc loc, Node **elts, int n);
/* ag__.<helper> as a callee. */
Node *ag_build_helper(Arena *a, SrcLoc loc, const char *helper);
Node *ag_build_call(Arena *a, SrcLoc loc, Node *func, Node **args, int nargs);
Node *ag_build_lambda(Arena *a, SrcLoc loc, Node *body);
Node *ag_build_not(Arena *a, SrcLoc loc, Node *operand);          /* ag__.not_(x) */
Node *ag_build_and(Arena *a, SrcLoc loc, Node *left,
                   Node *right); /* ag__.and_(lambda: l, lambda: r) */
Node *ag_build_assign(Arena *a, SrcLoc loc, Node *target, Node *value);
Node *ag_build_expr_stmt(Arena *a, SrcLoc loc, Node *value);
Node *ag_build_return(Arena *a, SrcLoc loc, Node *value);
Node *ag_build_if(Arena *a, SrcLoc loc, Node *test);
Node *ag_build_pass(Arena *a, SrcLoc loc);
/* def name(param): with an empty body; param may be NULL. */
Node *ag_build_def(Arena *a, SrcLoc loc, const char *name, const char *param);
/* global/nonlocal names (kind AST_GLOBAL or AST_NONLOCAL). */
Node *ag_build_decl(Arena *a, SrcLoc loc, AstKind kind, const char **names, int n);
/* `flag = value` with a bool constant. */
Node *ag_build_flag_set(Arena *a, SrcLoc loc, const char *flag, bool value);

/* ---- activity analysis (scope.c) ------------------------------------------------------ */

/* The expressions a statement evaluates itself (not those of its blocks), in
 * source order; is_target marks assignment targets (for, with-as, del too). */
typedef void (*AgSlotFn)(void *ctx, Node **slot, bool is_target);
void ag_stmt_slots(Node *stmt, AgSlotFn fn, void *ctx);
/* What a statement reads and binds by itself, for liveness (blocks excluded). */
void ag_stmt_uses(AgScope *s, const Node *stmt, NameBuf *out);
void ag_stmt_kills(AgScope *s, const Node *stmt, NameBuf *out);
/* global / nonlocal declarations of a body (any block depth, no nested scopes). */
void ag_block_decls(AgScope *s, const NodeList *body, NameBuf *globals, NameBuf *nonlocals);
/* The names a def binds as parameters. */
void ag_param_names(AgScope *s, const Params *p, NameBuf *out);
/* Names read by an expression, lambda and comprehension bodies included (minus the
 * names they bind themselves). */
void ag_expr_loads(AgScope *s, const Node *e, NameBuf *out);
/* Names an assignment target binds, and names its subscripts/attributes read. */
void ag_target_binds(AgScope *s, const Node *t, NameBuf *out);
void ag_target_loads(AgScope *s, const Node *t, NameBuf *out);
/* Names bound by a statement, inside its blocks too, not inside nested scopes. */
void ag_stmt_modified(AgScope *s, const Node *stmt, NameBuf *out);
void ag_block_modified(AgScope *s, const NodeList *body, NameBuf *out);
/* Names a nested def or class reads from enclosing scopes. */
void ag_nested_free(AgScope *s, const Node *def, NameBuf *out);
/* Names an import binds. */
void ag_import_binds(AgScope *s, const Node *stmt, NameBuf *out);
/* Every identifier mentioned in a subtree (for the namer). */
void ag_referenced(AgScope *s, const Node *n, NameBuf *out);
/* A def whose decorator's source text ends in do_not_convert. */
bool ag_is_do_not_convert(Arena *a, const Node *def);
/* A statement `<...>.autograph.experimental.set_loop_options(...)`. */
bool ag_is_loop_options(const Node *stmt);

/* ---- composite names (composite.c) ----------------------------------------------------- */

/* The root plain name (interned) of a composite name — an attribute, or a subscript
 * with a constant str/int key, on a plain name or another composite: d of d['k'],
 * self of self.s['n'] — or NULL when t is not one. */
const char *ag_composite_base(AgScope *s, const Node *t);
/* The composite names a statement assigns (blocks included, nested scopes and del
 * excluded), each once, in source order: its interned source text into names, and
 * text → its first target node into targets. */
void ag_stmt_composites(AgScope *s, Node *stmt, NameBuf *names, PtrMap *targets);

/* ---- the passes, in pipeline order ------------------------------------------------------ */

/* Deep copy; funcdef.original of each copied def points at its source. */
Node *ag_clone(Arena *a, const Node *n);
/* directives.c: set_loop_options statements become the loops' options. */
bool ag_lower_directives(AgScope *s, NodeList *body);
/* lower_break.c: break → flag + guards; loop else clauses move after the loop. */
void ag_lower_break(AgScope *s, NodeList *body);
/* lower_continue.c: continue → flag + guards. */
void ag_lower_continue(AgScope *s, NodeList *body);
/* lower_return.c: returns nested in control flow → do_return/retval_ (defs only). */
void ag_lower_return(AgScope *s, NodeList *body);
/* liveness.c: FlowInfo for every if/while/for of the (lowered) body. */
void ag_liveness(AgScope *s, NodeList *body);
/* control_flow.c: if/while/for → ag__ calls; expressions and nested scopes too. */
void ag_convert_control_flow(AgScope *s, NodeList *body);
/* expressions.c: if_exp/and_/or_/not_ and ag__.ld in one user expression or target. */
Node *ag_convert_expr(AgScope *s, Node *e);
void ag_convert_target(AgScope *s, Node *t);
/* autograph.c: converts a nested def or class met by the control-flow pass. */
void ag_convert_nested(AgScope *s, Node *stmt);

/* ---- shared by the break and continue passes (guard.c) ---------------------------------- */

typedef struct AgGuard AgGuard;

/* Lowers one loop met inside a block, pushing its replacement statements into out;
 * outer is the guard of the enclosing loop (NULL at the scope's top level). Returns
 * true when the replacement holds a jump of the enclosing loop (from a moved else). */
typedef bool (*AgLoopLowering)(void *pass, AgGuard *outer, Node *loop, NodeList *out);

struct AgGuard {
    AgScope *scope;
    AstKind jump;            /* AST_BREAK or AST_CONTINUE */
    const char *base;        /* flag name base: "break_" / "continue_" */
    const char *flag;        /* this loop's flag (named before its body is lowered, so
                                an outer loop's flag gets the lower number) */
    AgLoopLowering lower_loop;
    void *pass;
};

/* Lowers one statement into out; true when it may have set the pass's flag. */
typedef bool (*AgStmtLowering)(void *ctx, Node *st, NodeList *out);
/* The test that the flag is still clear: `ag__.not_(flag)`. */
typedef Node *(*AgGuardTest)(void *ctx, SrcLoc loc);
/* Lowers each statement of block; the statements after one that may set the flag
 * go under `if <test>:`. The shared shape of the break, continue and return
 * lowerings. Returns true when any statement may set the flag. */
bool ag_guard_rest(Arena *a, NodeList *block, AgStmtLowering lower, AgGuardTest test, void *ctx);

/* True when a loop body holds a jump of that loop (nested loops' else clauses count). */
bool ag_guard_has_jump(const NodeList *block, AstKind jump);
/* Replaces each jump of a loop body block with `flag = True` and moves every
 * statement that follows it, up to the end of the body, under
 * `if ag__.not_(flag):` (at each enclosing block level). Returns true when the block
 * contained a jump. */
bool ag_guard_block(AgGuard *g, NodeList *block);
/* Finds the loops of a block outside any loop (not inside nested scopes) and lowers each. */
void ag_guard_find_loops(AgScope *s, NodeList *body, AgLoopLowering lower_loop, void *pass);

#endif
