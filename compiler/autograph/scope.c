/* scope.c — activity analysis: which names a statement or expression reads and
 * binds, per Python's scoping rules (lambdas, comprehensions, defs and classes are
 * scopes of their own; a walrus binds in the enclosing function).
 * Entry points: ag_stmt_slots, ag_stmt_uses/kills/modified, ag_expr_loads,
 * ag_nested_free, ag_referenced, ag_is_do_not_convert, ag_is_loop_options.
 * Memory owner: collected names go into NameBufs of the caller's arena. */
#include <string.h>

#include "ag.h"

/* ---- the expression slots of a statement ---------------------------------------------- */

static void params_slots(Params *p, AgSlotFn fn, void *ctx) {
    NodeList *lists[2] = {&p->args, &p->kwonly};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Node *arg = lists[l]->items[i];
            if (arg->arg.annotation) fn(ctx, &arg->arg.annotation, false);
            if (arg->arg.default_) fn(ctx, &arg->arg.default_, false);
        }
    Node *star[2] = {p->vararg, p->kwarg};
    for (int i = 0; i < 2; i++)
        if (star[i] && star[i]->arg.annotation) fn(ctx, &star[i]->arg.annotation, false);
}

void ag_stmt_slots(Node *s, AgSlotFn fn, void *ctx) {
    switch (s->kind) {
    case AST_EXPR_STMT: fn(ctx, &s->expr_stmt.value, false); break;
    case AST_ASSIGN:
        fn(ctx, &s->assign.value, false);
        for (int i = 0; i < s->assign.targets.len; i++) fn(ctx, &s->assign.targets.items[i], true);
        break;
    case AST_AUGASSIGN:
        fn(ctx, &s->augassign.value, false);
        fn(ctx, &s->augassign.target, true);
        break;
    case AST_ANNASSIGN:
        /* Annotations of names are not evaluated inside functions; ignore them. */
        if (s->annassign.value) {
            fn(ctx, &s->annassign.value, false);
            fn(ctx, &s->annassign.target, true);
        }
        break;
    case AST_DEL:
        for (int i = 0; i < s->del.targets.len; i++) fn(ctx, &s->del.targets.items[i], true);
        break;
    case AST_RETURN:
        if (s->ret.value) fn(ctx, &s->ret.value, false);
        break;
    case AST_RAISE:
        if (s->raise.exc) fn(ctx, &s->raise.exc, false);
        if (s->raise.cause) fn(ctx, &s->raise.cause, false);
        break;
    case AST_ASSERT:
        fn(ctx, &s->assert_.test, false);
        if (s->assert_.msg) fn(ctx, &s->assert_.msg, false);
        break;
    case AST_IF: fn(ctx, &s->if_.test, false); break;
    case AST_WHILE: fn(ctx, &s->while_.test, false); break;
    case AST_FOR:
        fn(ctx, &s->for_.iter, false);
        fn(ctx, &s->for_.target, true);
        break;
    case AST_WITH:
        for (int i = 0; i < s->with.items.len; i++) {
            Node *it = s->with.items.items[i];
            fn(ctx, &it->withitem.context, false);
            if (it->withitem.vars) fn(ctx, &it->withitem.vars, true);
        }
        break;
    case AST_TRY:
        for (int i = 0; i < s->try_.handlers.len; i++) {
            Node *h = s->try_.handlers.items[i];
            if (h->handler.type) fn(ctx, &h->handler.type, false);
        }
        break;
    case AST_FUNCDEF:
        for (int i = 0; i < s->funcdef.decorators.len; i++)
            fn(ctx, &s->funcdef.decorators.items[i], false);
        params_slots(&s->funcdef.params, fn, ctx);
        if (s->funcdef.returns) fn(ctx, &s->funcdef.returns, false);
        break;
    case AST_CLASSDEF:
        for (int i = 0; i < s->classdef.decorators.len; i++)
            fn(ctx, &s->classdef.decorators.items[i], false);
        for (int i = 0; i < s->classdef.bases.len; i++) fn(ctx, &s->classdef.bases.items[i], false);
        for (int i = 0; i < s->classdef.keywords.len; i++)
            fn(ctx, &s->classdef.keywords.items[i]->keyword.value, false);
        break;
    default: break;
    }
}

/* ---- expressions ------------------------------------------------------------------------- */

typedef struct Collect {
    AgScope *s;
    NameBuf *out;
} Collect;

void ag_param_names(AgScope *s, const Params *p, NameBuf *out) {
    for (int i = 0; i < p->args.len; i++)
        namebuf_push(out, ag_intern(s, p->args.items[i]->arg.name));
    for (int i = 0; i < p->kwonly.len; i++)
        namebuf_push(out, ag_intern(s, p->kwonly.items[i]->arg.name));
    if (p->vararg) namebuf_push(out, ag_intern(s, p->vararg->arg.name));
    if (p->kwarg) namebuf_push(out, ag_intern(s, p->kwarg->arg.name));
}

/* Pushes the names of `inner` that are not in `bound` into out. */
static void push_free(NameBuf *out, const NameBuf *inner, const NameBuf *bound) {
    NameSet b = namebuf_set(bound);
    for (int i = 0; i < inner->n; i++)
        if (!nameset_has(b, inner->v[i])) namebuf_push(out, inner->v[i]);
}

static void loads_slot(void *ctx, Node **slot) {
    Collect *c = ctx;
    ag_expr_loads(c->s, *slot, c->out);
}

void ag_expr_loads(AgScope *s, const Node *e, NameBuf *out) {
    Arena *a = out->arena;
    Collect c = {s, out};
    switch (e->kind) {
    case AST_NAME: namebuf_push(out, ag_intern(s, e->name.id)); return;
    case AST_NAMED_EXPR: ag_expr_loads(s, e->named_expr.value, out); return;
    case AST_LAMBDA: {
        Node *l = (Node *)e;
        /* Defaults are evaluated here; the body later, with the parameters bound. */
        NameBuf inner, bound;
        namebuf_init(&inner, a);
        namebuf_init(&bound, a);
        Collect ci = {s, &inner};
        ast_for_each_child(l, NULL, loads_slot, &ci);
        ag_param_names(s, &l->lambda.params, &bound);
        push_free(out, &inner, &bound);
        return;
    }
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP: {
        /* The first iterable is evaluated in the enclosing scope; everything else
           sees the comprehension's targets. */
        NameBuf inner, bound;
        namebuf_init(&inner, a);
        namebuf_init(&bound, a);
        const NodeList *gens = &e->comp.generators;
        for (int i = 0; i < gens->len; i++) {
            const Node *g = gens->items[i];
            ag_target_binds(s, g->comprehension.target, &bound);
            ag_target_loads(s, g->comprehension.target, &inner);
            if (i == 0) ag_expr_loads(s, g->comprehension.iter, out);
            else ag_expr_loads(s, g->comprehension.iter, &inner);
            for (int k = 0; k < g->comprehension.ifs.len; k++)
                ag_expr_loads(s, g->comprehension.ifs.items[k], &inner);
        }
        if (e->comp.elt) ag_expr_loads(s, e->comp.elt, &inner);
        if (e->comp.key) ag_expr_loads(s, e->comp.key, &inner);
        if (e->comp.value) ag_expr_loads(s, e->comp.value, &inner);
        push_free(out, &inner, &bound);
        return;
    }
    default: ast_for_each_child((Node *)e, NULL, loads_slot, &c); return;
    }
}

void ag_target_binds(AgScope *s, const Node *t, NameBuf *out) {
    switch (t->kind) {
    case AST_NAME: namebuf_push(out, ag_intern(s, t->name.id)); break;
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->seq.elts.len; i++) ag_target_binds(s, t->seq.elts.items[i], out);
        break;
    case AST_STARRED: ag_target_binds(s, t->starred.value, out); break;
    default: break; /* attributes and subscripts bind no name */
    }
}

void ag_target_loads(AgScope *s, const Node *t, NameBuf *out) {
    switch (t->kind) {
    case AST_NAME: break;
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->seq.elts.len; i++) ag_target_loads(s, t->seq.elts.items[i], out);
        break;
    case AST_STARRED: ag_target_loads(s, t->starred.value, out); break;
    case AST_ATTRIBUTE: ag_expr_loads(s, t->attribute.value, out); break;
    case AST_SUBSCRIPT:
        ag_expr_loads(s, t->subscript.value, out);
        ag_expr_loads(s, t->subscript.slice, out);
        break;
    default: ag_expr_loads(s, t, out); break;
    }
}

/* Walrus targets: they bind in the enclosing function, even from a comprehension. */
static void walrus_slot(void *ctx, Node **slot) {
    Collect *c = ctx;
    const Node *e = *slot;
    if (e->kind == AST_LAMBDA) return;
    if (e->kind == AST_NAMED_EXPR) ag_target_binds(c->s, e->named_expr.target, c->out);
    ast_for_each_child(*slot, NULL, walrus_slot, c);
}

/* ---- statements -------------------------------------------------------------------------- */

typedef struct SlotCollect {
    AgScope *s;
    NameBuf *out;
    bool targets_read; /* augmented assignment, del: the target is read first */
} SlotCollect;

static void uses_slot(void *ctx, Node **slot, bool is_target) {
    SlotCollect *c = ctx;
    if (!is_target) {
        ag_expr_loads(c->s, *slot, c->out);
        return;
    }
    ag_target_loads(c->s, *slot, c->out);
    if (c->targets_read) ag_target_binds(c->s, *slot, c->out);
}

void ag_stmt_uses(AgScope *s, const Node *stmt, NameBuf *out) {
    /* x += 1 and del x need x bound: both read it. */
    SlotCollect c = {s, out, stmt->kind == AST_AUGASSIGN || stmt->kind == AST_DEL};
    ag_stmt_slots((Node *)stmt, uses_slot, &c);
    if (stmt->kind == AST_FUNCDEF || stmt->kind == AST_CLASSDEF) ag_nested_free(s, stmt, out);
}

void ag_import_binds(AgScope *s, const Node *stmt, NameBuf *out) {
    const NodeList *names =
        stmt->kind == AST_IMPORT ? &stmt->import.names : &stmt->import_from.names;
    for (int i = 0; i < names->len; i++) {
        const Node *al = names->items[i];
        if (al->alias.asname) {
            namebuf_push(out, ag_intern(s, al->alias.asname));
        } else if (strcmp(al->alias.name, "*") != 0) {
            /* import a.b binds a */
            const char *dot = strchr(al->alias.name, '.');
            size_t n = dot ? (size_t)(dot - al->alias.name) : strlen(al->alias.name);
            namebuf_push(out, arena_intern(s->ctx->arena, al->alias.name, n));
        }
    }
}

static void kills_slot(void *ctx, Node **slot, bool is_target) {
    SlotCollect *c = ctx;
    if (is_target) ag_target_binds(c->s, *slot, c->out);
}

void ag_stmt_kills(AgScope *s, const Node *stmt, NameBuf *out) {
    switch (stmt->kind) {
    case AST_ASSIGN:
    case AST_ANNASSIGN:
    case AST_DEL:
    case AST_FOR:
    case AST_WITH: {
        SlotCollect c = {s, out, false};
        ag_stmt_slots((Node *)stmt, kills_slot, &c);
        break;
    }
    case AST_FUNCDEF: namebuf_push(out, ag_intern(s, stmt->funcdef.name)); break;
    case AST_CLASSDEF: namebuf_push(out, ag_intern(s, stmt->classdef.name)); break;
    case AST_IMPORT:
    case AST_IMPORT_FROM: ag_import_binds(s, stmt, out); break;
    default: break;
    }
}

static void modified_slot(void *ctx, Node **slot, bool is_target) {
    SlotCollect *c = ctx;
    if (is_target) ag_target_binds(c->s, *slot, c->out);
    Collect w = {c->s, c->out};
    if ((*slot)->kind == AST_NAMED_EXPR) ag_target_binds(c->s, (*slot)->named_expr.target, c->out);
    if ((*slot)->kind != AST_LAMBDA) ast_for_each_child(*slot, NULL, walrus_slot, &w);
}

void ag_block_modified(AgScope *s, const NodeList *body, NameBuf *out) {
    for (int i = 0; i < body->len; i++) ag_stmt_modified(s, body->items[i], out);
}

/* A block of a compound statement; an except handler binds its name first. */
static void modified_block(void *ctx, Node *owner, NodeList *block) {
    Collect *c = ctx;
    if (owner->kind == AST_EXCEPT_HANDLER && owner->handler.name)
        namebuf_push(c->out, ag_intern(c->s, owner->handler.name));
    ag_block_modified(c->s, block, c->out);
}

void ag_stmt_modified(AgScope *s, const Node *stmt, NameBuf *out) {
    SlotCollect c = {s, out, false};
    ag_stmt_slots((Node *)stmt, modified_slot, &c);
    switch (stmt->kind) {
    case AST_FUNCDEF: namebuf_push(out, ag_intern(s, stmt->funcdef.name)); break;
    case AST_CLASSDEF: namebuf_push(out, ag_intern(s, stmt->classdef.name)); break;
    case AST_IMPORT:
    case AST_IMPORT_FROM: ag_import_binds(s, stmt, out); break;
    default: break;
    }
    Collect blocks = {s, out};
    ast_for_each_block((Node *)stmt, modified_block, &blocks); /* none for defs and classes */
}

/* ---- nested scopes ----------------------------------------------------------------------- */

static void block_all_loads(AgScope *s, const NodeList *body, NameBuf *out);

static void all_loads_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    Collect *c = ctx;
    block_all_loads(c->s, block, c->out);
}

/* Every name read anywhere in a block, nested scopes' free names included. */
static void block_all_loads(AgScope *s, const NodeList *body, NameBuf *out) {
    Collect c = {s, out};
    for (int i = 0; i < body->len; i++) {
        ag_stmt_uses(s, body->items[i], out);
        ast_for_each_block(body->items[i], all_loads_block, &c);
    }
}

typedef struct Decls {
    AgScope *s;
    NameBuf *globals, *nonlocals;
} Decls;

static void decls_block(void *ctx, Node *owner, NodeList *block) {
    (void)owner;
    Decls *d = ctx;
    ag_block_decls(d->s, block, d->globals, d->nonlocals);
}

void ag_block_decls(AgScope *s, const NodeList *body, NameBuf *globals, NameBuf *nonlocals) {
    Decls d = {s, globals, nonlocals};
    for (int i = 0; i < body->len; i++) {
        const Node *st = body->items[i];
        if (st->kind == AST_GLOBAL || st->kind == AST_NONLOCAL)
            for (int k = 0; k < st->names.len; k++)
                namebuf_push(st->kind == AST_GLOBAL ? globals : nonlocals,
                             ag_intern(s, st->names.names[k]));
        ast_for_each_block(body->items[i], decls_block, &d);
    }
}

void ag_nested_free(AgScope *s, const Node *def, NameBuf *out) {
    Arena *a = out->arena;
    NameBuf loads;
    namebuf_init(&loads, a);
    if (def->kind == AST_CLASSDEF) {
        /* Methods skip the class scope, so every name read inside may come from here. */
        block_all_loads(s, &def->classdef.body, out);
        return;
    }
    block_all_loads(s, &def->funcdef.body, &loads);
    NameBuf bound, globals, nonlocals;
    namebuf_init(&bound, a);
    namebuf_init(&globals, a);
    namebuf_init(&nonlocals, a);
    ag_param_names(s, &def->funcdef.params, &bound);
    ag_block_modified(s, &def->funcdef.body, &bound);
    ag_block_decls(s, &def->funcdef.body, &globals, &nonlocals);
    NameSet local = nameset_minus(a, namebuf_set(&bound), namebuf_set(&nonlocals));
    local = nameset_union(a, local, namebuf_set(&globals));
    for (int i = 0; i < loads.n; i++)
        if (!nameset_has(local, loads.v[i])) namebuf_push(out, loads.v[i]);
    for (int i = 0; i < nonlocals.n; i++) namebuf_push(out, nonlocals.v[i]);
}

/* ---- identifiers, decorators, directives --------------------------------------------------- */

static void referenced_slot(void *ctx, Node **slot) {
    Collect *c = ctx;
    ag_referenced(c->s, *slot, c->out);
}

void ag_referenced(AgScope *s, const Node *n, NameBuf *out) {
    switch (n->kind) {
    case AST_NAME: namebuf_push(out, ag_intern(s, n->name.id)); break;
    case AST_ARG: namebuf_push(out, ag_intern(s, n->arg.name)); break;
    case AST_FUNCDEF: namebuf_push(out, ag_intern(s, n->funcdef.name)); break;
    case AST_CLASSDEF: namebuf_push(out, ag_intern(s, n->classdef.name)); break;
    case AST_IMPORT:
    case AST_IMPORT_FROM: ag_import_binds(s, n, out); break;
    case AST_EXCEPT_HANDLER:
        if (n->handler.name) namebuf_push(out, ag_intern(s, n->handler.name));
        break;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        for (int i = 0; i < n->names.len; i++) namebuf_push(out, ag_intern(s, n->names.names[i]));
        break;
    default: break;
    }
    Collect c = {s, out};
    ast_for_each_child((Node *)n, NULL, referenced_slot, &c);
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool ag_is_do_not_convert(Arena *a, const Node *def) {
    const NodeList *decs = &def->funcdef.decorators;
    for (int i = 0; i < decs->len; i++)
        if (ends_with(ast_expr_to_source(a, decs->items[i]), "do_not_convert")) return true;
    return false;
}

static bool is_attr(const Node *e, const char *attr) {
    return e->kind == AST_ATTRIBUTE && strcmp(e->attribute.attr, attr) == 0;
}

bool ag_is_loop_options(const Node *stmt) {
    if (stmt->kind != AST_EXPR_STMT || stmt->expr_stmt.value->kind != AST_CALL) return false;
    const Node *f = stmt->expr_stmt.value->call.func;
    if (!is_attr(f, "set_loop_options") || !is_attr(f->attribute.value, "experimental"))
        return false;
    const Node *base = f->attribute.value->attribute.value;
    return is_attr(base, "autograph") ||
           (base->kind == AST_NAME && strcmp(base->name.id, "autograph") == 0);
}
