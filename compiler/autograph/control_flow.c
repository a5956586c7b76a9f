/* control_flow.c — every if/while/for of a (lowered, analysed) scope becomes
 * helper defs plus one ag__ call, as in TF's control_flow converter:
 *
 *   def get_state(): return (x, y)          state: outputs first, then inputs, each sorted
 *   def set_state(vars_): nonlocal x, y; (x, y) = vars_
 *   def if_body(): nonlocal x, y; <body>    / loop_body(itr): target = itr; <body>
 *   def else_body(): ...                    / loop_test(): return <test>; extra_test()
 *   x = ag__.Undefined('x')                 state names possibly unbound here
 *   ag__.if_stmt(test, if_body, else_body, get_state, set_state, ('x', 'y'), nouts)
 *
 * State = modified names that are live after the statement (outputs), live into a
 * branch or at a loop head (inputs), or escaping (module globals, declared
 * global/nonlocal, captured by nested defs: always outputs); plus the composite
 * names it assigns (d['k'], self.x; composite.c) whose root name is live into or
 * after it, or escaping. Composites are always outputs, as in TF: their own
 * liveness is not tracked (a read of d may read any d[...], and the root is read
 * by the assignment itself), so the root's decides. They sort with the plain names
 * by source text ("d['k']" < "i"; a root sorts before its composites), appear in
 * get_state/set_state as copies of their first target in the statement, are never
 * declared nonlocal/global nor initialized with ag__.Undefined (their root must
 * exist), and get_state reads them directly (TF's ag__.ldu needs exceptions).
 * "Possibly unbound" is decided per generated Python scope, walking statements in
 * order with the set of names definitely bound at that level: assignments bind, a
 * converted statement binds its state names (it initializes the unbound ones), and
 * a generated def starts with its state names (nonlocal) bound. Names assigned only
 * inside an earlier statement's helper defs are locals there, so they do not count.
 * Helper defs declare their state names nonlocal, or global where the name is a
 * module global at that level (the module's top level, names declared global).
 * The same walk converts user expressions (expressions.c) and nested scopes.
 * Entry point: ag_convert_control_flow.  Memory owner: the conversion's arena. */
#include "ag.h"

/* One generated (or the user's) Python scope, as the walk goes through it. */
typedef struct Level {
    NameSet bound;    /* names definitely bound here at this point */
    NameSet globals;  /* names that are module globals here */
    bool all_global;  /* the module's top level: every name is */
} Level;

typedef struct State {
    const char **names;   /* outputs first */
    const Node **targets; /* per name: the first target of a composite, NULL for a plain name */
    int n, nouts;
} State;

static void cf_block(AgScope *s, NodeList *body, Level *lv);

bool ag_is_escaping(const AgScope *s, const char *name) {
    return nameset_has(s->globals, name) || nameset_has(s->nonlocals, name) ||
           nameset_has(s->captured, name);
}

static State state_of(AgScope *s, Node *st) {
    const FlowInfo *fi = ptrmap_get(&s->flow, st);
    IG_ASSERT(fi != NULL);
    NameBuf outs, ins, composites;
    namebuf_init(&outs, s->scratch);
    namebuf_init(&ins, s->scratch);
    namebuf_init(&composites, s->scratch);
    for (int i = 0; i < fi->modified.n; i++) {
        const char *name = fi->modified.v[i];
        if (nameset_has(fi->live_after, name) || ag_is_escaping(s, name)) namebuf_push(&outs, name);
        else if (nameset_has(fi->live_in, name)) namebuf_push(&ins, name);
    }
    PtrMap targets;
    ptrmap_init(&targets, s->scratch);
    ag_stmt_composites(s, st, &composites, &targets);
    for (int i = 0; i < composites.n; i++) {
        const char *base = ag_composite_base(s, ptrmap_get(&targets, composites.v[i]));
        if (nameset_has(fi->live_in, base) || nameset_has(fi->live_after, base) ||
            ag_is_escaping(s, base))
            namebuf_push(&outs, composites.v[i]);
    }
    NameSet o = namebuf_set(&outs), in = namebuf_set(&ins);
    State r = {ARENA_ARRAY(s->scratch, const char *, o.n + in.n + 1),
               ARENA_ARRAY(s->scratch, const Node *, o.n + in.n + 1), o.n + in.n, o.n};
    const char **so = nameset_sorted(s->scratch, o), **si = nameset_sorted(s->scratch, in);
    for (int i = 0; i < o.n; i++) r.names[i] = so[i];
    for (int i = 0; i < in.n; i++) r.names[o.n + i] = si[i];
    for (int i = 0; i < r.n; i++) r.targets[i] = ptrmap_get(&targets, r.names[i]);
    return r;
}

static bool is_composite(const State *st, int i) { return st->targets[i] != NULL; }

/* The plain state names: bound at the level once the statement has run. */
static NameSet state_set(AgScope *s, const State *st) {
    NameBuf b;
    namebuf_init(&b, s->scratch);
    for (int i = 0; i < st->n; i++)
        if (!is_composite(st, i)) namebuf_push(&b, st->names[i]);
    return namebuf_set(&b);
}

/* A parameter name of a generated def: it must not hide a user name. */
static const char *param_name(AgScope *s, const char *base) {
    const char *name = ag_intern(s, base);
    for (int k = 1; nameset_has(s->used_names, name); k++)
        name = ag_intern(s, arena_printf(s->scratch, "%s_%d", base, k));
    return name;
}

/* ---- pieces of the generated code ----------------------------------------------------------- */

static bool is_global(const Level *lv, const char *name) {
    return lv->all_global || nameset_has(lv->globals, name);
}

/* The level of a helper def made at level lv: its state names are bound (they live
   outside, declared nonlocal or global), global if they are at lv. */
static Level inner_level(AgScope *s, const Level *lv, const State *st) {
    NameBuf glob;
    namebuf_init(&glob, s->scratch);
    for (int i = 0; i < st->n; i++)
        if (!is_composite(st, i) && is_global(lv, st->names[i])) namebuf_push(&glob, st->names[i]);
    return (Level){state_set(s, st), namebuf_set(&glob), false};
}

/* `nonlocal a, b` and/or `global c` for the plain state names, into body. */
static void push_decls(AgScope *s, NodeList *body, const State *st, const Level *lv, SrcLoc loc) {
    Arena *a = s->ctx->arena;
    const char **nl = ARENA_ARRAY(s->scratch, const char *, st->n + 1);
    const char **gl = ARENA_ARRAY(s->scratch, const char *, st->n + 1);
    int nn = 0, ng = 0;
    for (int i = 0; i < st->n; i++) {
        if (is_composite(st, i)) continue; /* d['k'] = v binds no name */
        if (is_global(lv, st->names[i])) gl[ng++] = st->names[i];
        else nl[nn++] = st->names[i];
    }
    if (nn) nodelist_push(a, body, ag_build_decl(a, loc, AST_NONLOCAL, nl, nn));
    if (ng) nodelist_push(a, body, ag_build_decl(a, loc, AST_GLOBAL, gl, ng));
}

/* (x, d['k']) read by get_state, or assigned by set_state when as_target; a
   composite is a copy of its target (with its location), converted like user code
   (a possibly undefined root reads through ag__.ld). */
static Node *state_tuple(AgScope *s, const State *st, SrcLoc loc, bool as_target) {
    Arena *a = s->ctx->arena;
    Node **elts = ARENA_ARRAY(a, Node *, st->n + 1);
    for (int i = 0; i < st->n; i++) {
        if (!is_composite(st, i)) {
            elts[i] = ag_build_name(a, loc, st->names[i]);
            continue;
        }
        elts[i] = ag_clone(a, st->targets[i]);
        if (as_target) ag_convert_target(s, elts[i]);
        else elts[i] = ag_convert_expr(s, elts[i]);
    }
    return ag_build_tuple(a, loc, elts, st->n);
}

static Node *names_tuple(AgScope *s, const State *st, SrcLoc loc) {
    Arena *a = s->ctx->arena;
    Node **elts = ARENA_ARRAY(a, Node *, st->n + 1);
    for (int i = 0; i < st->n; i++) elts[i] = ag_build_str(a, loc, st->names[i]);
    return ag_build_tuple(a, loc, elts, st->n);
}

/* def get_state(): return (x, y)  and  def set_state(vars_): nonlocal x, y; (x, y) = vars_ */
static void push_state_functions(AgScope *s, NodeList *out, const State *st, const Level *lv,
                                 const char *get, const char *set, SrcLoc loc) {
    Arena *a = s->ctx->arena;
    Node *getter = ag_build_def(a, loc, get, NULL);
    nodelist_push(a, &getter->funcdef.body,
                  ag_build_return(a, loc, state_tuple(s, st, loc, false)));
    nodelist_push(a, out, getter);

    const char *vars = param_name(s, "vars_");
    Node *setter = ag_build_def(a, loc, set, vars);
    push_decls(s, &setter->funcdef.body, st, lv, loc);
    if (st->n) {
        Node *assign =
            ag_build_assign(a, loc, state_tuple(s, st, loc, true), ag_build_name(a, loc, vars));
        nodelist_push(a, &setter->funcdef.body, assign);
    } else {
        nodelist_push(a, &setter->funcdef.body, ag_build_pass(a, loc));
    }
    nodelist_push(a, out, setter);
}

/* x = ag__.Undefined('x') for plain state names not bound at this level; they read
   through ag__.ld from now on. */
static void push_undefined(AgScope *s, NodeList *out, const State *st, NameSet bound, SrcLoc loc) {
    Arena *a = s->ctx->arena;
    for (int i = 0; i < st->n; i++) {
        const char *name = st->names[i];
        if (is_composite(st, i) || nameset_has(bound, name)) continue;
        if (nameset_has(s->globals, name) || nameset_has(s->nonlocals, name)) continue;
        Node *arg = ag_build_str(a, loc, name);
        Node *init = ag_build_call(a, loc, ag_build_helper(a, loc, "Undefined"), &arg, 1);
        nodelist_push(a, out, ag_build_assign(a, loc, ag_build_name(a, loc, name), init));
        s->undefined = nameset_add(s->scratch, s->undefined, name);
    }
}

/* def name(param): <decls> <prologue> <body, converted as a new level>; an empty
   body becomes `pass` (after the declarations, as TF writes it). */
static Node *helper_def(AgScope *s, const char *name, const char *param, const State *st,
                        const Level *lv, Node *prologue, NodeList *body, NameSet prologue_binds,
                        SrcLoc loc) {
    Arena *a = s->ctx->arena;
    Node *def = ag_build_def(a, loc, name, param);
    push_decls(s, &def->funcdef.body, st, lv, loc);
    if (prologue) nodelist_push(a, &def->funcdef.body, prologue);
    Level inner = inner_level(s, lv, st);
    inner.bound = nameset_union(s->scratch, inner.bound, prologue_binds);
    cf_block(s, body, &inner);
    for (int i = 0; i < body->len; i++) nodelist_push(a, &def->funcdef.body, body->items[i]);
    if (!prologue && body->len == 0) nodelist_push(a, &def->funcdef.body, ag_build_pass(a, loc));
    return def;
}

static Node *opts_dict(AgScope *s, const Node *loop, Node *iterate_names) {
    Arena *a = s->ctx->arena;
    Node *d = ast_new(a, AST_DICT, loop->loc);
    const LoopInfo *info = ptrmap_get(&s->loops, loop);
    if (info)
        for (int i = 0; i < info->opt_keys.len; i++) {
            nodelist_push(a, &d->dict.keys, info->opt_keys.items[i]);
            nodelist_push(a, &d->dict.values, ag_convert_expr(s, info->opt_values.items[i]));
        }
    if (iterate_names) {
        nodelist_push(a, &d->dict.keys, ag_build_str(a, loop->loc, "iterate_names"));
        nodelist_push(a, &d->dict.values, iterate_names);
    }
    return d;
}

static void push_call(AgScope *s, NodeList *out, SrcLoc loc, const char *helper, Node **args,
                      int n) {
    Arena *a = s->ctx->arena;
    Node *call = ag_build_call(a, loc, ag_build_helper(a, loc, helper), args, n);
    nodelist_push(a, out, ag_build_expr_stmt(a, loc, call));
}

static Node *name_of(AgScope *s, SrcLoc loc, const char *name) {
    return ag_build_name(s->ctx->arena, loc, name);
}

/* ---- the three statements ---------------------------------------------------------------- */

static void convert_if(AgScope *s, Node *st, Level *lv, NodeList *out) {
    Arena *a = s->ctx->arena;
    SrcLoc loc = st->loc;
    State state = state_of(s, st);
    const char *get = ag_fresh_name(s, "get_state"), *set = ag_fresh_name(s, "set_state");
    const char *body_name = ag_fresh_name(s, "if_body"), *else_name = ag_fresh_name(s, "else_body");
    NodeList inits = {0};
    push_undefined(s, &inits, &state, lv->bound, loc);
    Node *test = ag_convert_expr(s, st->if_.test);

    push_state_functions(s, out, &state, lv, get, set, loc);
    nodelist_push(
        a, out, helper_def(s, body_name, NULL, &state, lv, NULL, &st->if_.body, (NameSet){0}, loc));
    nodelist_push(
        a, out,
        helper_def(s, else_name, NULL, &state, lv, NULL, &st->if_.orelse, (NameSet){0}, loc));
    for (int i = 0; i < inits.len; i++) nodelist_push(a, out, inits.items[i]);
    Node *args[7] = {test,
                     name_of(s, loc, body_name),
                     name_of(s, loc, else_name),
                     name_of(s, loc, get),
                     name_of(s, loc, set),
                     names_tuple(s, &state, loc),
                     ag_build_int(a, loc, state.nouts)};
    push_call(s, out, loc, "if_stmt", args, 7);
    lv->bound = nameset_union(s->scratch, lv->bound, state_set(s, &state));
}

static void convert_while(AgScope *s, Node *st, Level *lv, NodeList *out) {
    Arena *a = s->ctx->arena;
    SrcLoc loc = st->loc;
    State state = state_of(s, st);
    const char *get = ag_fresh_name(s, "get_state"), *set = ag_fresh_name(s, "set_state");
    const char *body_name = ag_fresh_name(s, "loop_body"),
               *test_name = ag_fresh_name(s, "loop_test");
    NodeList inits = {0};
    push_undefined(s, &inits, &state, lv->bound, loc);

    push_state_functions(s, out, &state, lv, get, set, loc);
    nodelist_push(
        a, out,
        helper_def(s, body_name, NULL, &state, lv, NULL, &st->while_.body, (NameSet){0}, loc));
    Node *test_def = ag_build_def(a, loc, test_name, NULL);
    nodelist_push(a, &test_def->funcdef.body,
                  ag_build_return(a, loc, ag_convert_expr(s, st->while_.test)));
    nodelist_push(a, out, test_def);
    for (int i = 0; i < inits.len; i++) nodelist_push(a, out, inits.items[i]);
    Node *args[6] = {name_of(s, loc, test_name),  name_of(s, loc, body_name),
                     name_of(s, loc, get),        name_of(s, loc, set),
                     names_tuple(s, &state, loc), opts_dict(s, st, NULL)};
    push_call(s, out, loc, "while_stmt", args, 6);
    lv->bound = nameset_union(s->scratch, lv->bound, state_set(s, &state));
}

static void convert_for(AgScope *s, Node *st, Level *lv, NodeList *out) {
    Arena *a = s->ctx->arena;
    SrcLoc loc = st->loc;
    State state = state_of(s, st);
    const LoopInfo *info = ptrmap_get(&s->loops, st);
    const char *get = ag_fresh_name(s, "get_state"), *set = ag_fresh_name(s, "set_state");
    const char *body_name = ag_fresh_name(s, "loop_body");
    const char *extra_name = info && info->extra_test ? ag_fresh_name(s, "extra_test") : NULL;
    const char *itr = param_name(s, "itr");
    NodeList inits = {0};
    push_undefined(s, &inits, &state, lv->bound, loc);
    Node *iter = ag_convert_expr(s, st->for_.iter);
    Node *iterate_names = ag_build_str(a, loc, ast_expr_to_source(a, st->for_.target));

    push_state_functions(s, out, &state, lv, get, set, loc);
    /* The loop's target is bound from the iterate first thing in the body. */
    NameBuf tb;
    namebuf_init(&tb, s->scratch);
    ag_target_binds(s, st->for_.target, &tb);
    ag_convert_target(s, st->for_.target);
    Node *bind = ag_build_assign(a, st->for_.target->loc, st->for_.target, name_of(s, loc, itr));
    nodelist_push(
        a, out,
        helper_def(s, body_name, itr, &state, lv, bind, &st->for_.body, namebuf_set(&tb), loc));
    if (extra_name) {
        Node *extra_def = ag_build_def(a, loc, extra_name, NULL);
        nodelist_push(a, &extra_def->funcdef.body,
                      ag_build_return(a, loc, ag_convert_expr(s, info->extra_test)));
        nodelist_push(a, out, extra_def);
    }
    for (int i = 0; i < inits.len; i++) nodelist_push(a, out, inits.items[i]);
    Node *args[7] = {iter,
                     extra_name ? name_of(s, loc, extra_name) : ag_build_none(a, loc),
                     name_of(s, loc, body_name),
                     name_of(s, loc, get),
                     name_of(s, loc, set),
                     names_tuple(s, &state, loc),
                     opts_dict(s, st, iterate_names)};
    push_call(s, out, loc, "for_stmt", args, 7);
    lv->bound = nameset_union(s->scratch, lv->bound, state_set(s, &state));
}

/* ---- every other statement ----------------------------------------------------------------- */

static void rewrite_slot(void *ctx, Node **slot, bool is_target) {
    AgScope *s = ctx;
    if (is_target) ag_convert_target(s, *slot);
    else *slot = ag_convert_expr(s, *slot);
}

static NameSet kills_of(AgScope *s, const Node *st) {
    NameBuf b;
    namebuf_init(&b, s->scratch);
    ag_stmt_kills(s, st, &b);
    return namebuf_set(&b);
}

static void convert_try(AgScope *s, Node *st, Level *lv) {
    ag_stmt_slots(st, rewrite_slot, s);
    Level body = *lv;
    cf_block(s, &st->try_.body, &body);
    cf_block(s, &st->try_.orelse, &body);
    Level after = body;
    for (int h = 0; h < st->try_.handlers.len; h++) {
        Node *handler = st->try_.handlers.items[h];
        Level hl = *lv;
        if (handler->handler.name)
            hl.bound = nameset_add(s->scratch, hl.bound, ag_intern(s, handler->handler.name));
        cf_block(s, &handler->handler.body, &hl);
        after.bound = nameset_inter(s->scratch, after.bound, hl.bound);
    }
    cf_block(s, &st->try_.finalbody, &after);
    *lv = after;
}

static void convert_simple(AgScope *s, Node *st, Level *lv) {
    switch (st->kind) {
    case AST_FUNCDEF:
        if (!ag_is_do_not_convert(s->scratch, st)) ag_stmt_slots(st, rewrite_slot, s);
        ag_convert_nested(s, st);
        break;
    case AST_CLASSDEF:
        ag_stmt_slots(st, rewrite_slot, s);
        ag_convert_nested(s, st);
        break;
    case AST_WITH:
        ag_stmt_slots(st, rewrite_slot, s);
        lv->bound = nameset_union(s->scratch, lv->bound, kills_of(s, st));
        cf_block(s, &st->with.body, lv);
        return;
    case AST_TRY: convert_try(s, st, lv); return;
    case AST_DEL:
        ag_stmt_slots(st, rewrite_slot, s);
        lv->bound = nameset_minus(s->scratch, lv->bound, kills_of(s, st));
        return;
    default: ag_stmt_slots(st, rewrite_slot, s); break;
    }
    lv->bound = nameset_union(s->scratch, lv->bound, kills_of(s, st));
}

static void cf_block(AgScope *s, NodeList *body, Level *lv) {
    Arena *a = s->ctx->arena;
    NodeList out = {0};
    for (int i = 0; i < body->len; i++) {
        Node *st = body->items[i];
        switch (st->kind) {
        case AST_IF: convert_if(s, st, lv, &out); break;
        case AST_WHILE: convert_while(s, st, lv, &out); break;
        case AST_FOR: convert_for(s, st, lv, &out); break;
        default:
            convert_simple(s, st, lv);
            nodelist_push(a, &out, st);
            break;
        }
    }
    *body = out;
}

void ag_convert_control_flow(AgScope *s, NodeList *body) {
    Level top = {
        nameset_union(s->scratch, s->params, nameset_union(s->scratch, s->globals, s->nonlocals)),
        s->globals, s->is_module};
    cf_block(s, body, &top);
}
