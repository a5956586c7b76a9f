/* composite.c — composite names (TF's qualified names): an attribute or a subscript
 * with a constant str/int key whose base is a plain name or another composite, as
 * `self.x`, `d['sum']`, `self.stats['n']`. Assigned inside control flow, they are
 * state like plain names; the name of one is its source text ("d['sum']"), which can
 * never collide with an identifier.
 * Entry points: ag_composite_base, ag_stmt_composites.
 * Memory owner: texts are interned in the conversion's arena; the collected lists in
 * the caller's arena (the scope's scratch). */
#include "ag.h"

/* The plain name at the root of a name or composite name, or NULL for any other
   expression (a call, a variable index: not something that can be restored). */
static const char *root_name(const Node *t) {
    switch (t->kind) {
    case AST_NAME: return t->name.id;
    case AST_ATTRIBUTE: return root_name(t->attribute.value);
    case AST_SUBSCRIPT: {
        AstKind key = t->subscript.slice->kind;
        return key == AST_STR || key == AST_INT ? root_name(t->subscript.value) : NULL;
    }
    default: return NULL;
    }
}

const char *ag_composite_base(AgScope *s, const Node *t) {
    if (t->kind != AST_ATTRIBUTE && t->kind != AST_SUBSCRIPT) return NULL;
    const char *root = root_name(t);
    return root ? ag_intern(s, root) : NULL;
}

typedef struct CompositeCollect {
    AgScope *s;
    NameBuf *names;
    PtrMap *targets;
} CompositeCollect;

/* Each composite of an assignment target (tuple and starred targets unpacked). */
static void collect_target(CompositeCollect *c, Node *t) {
    switch (t->kind) {
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->seq.elts.len; i++) collect_target(c, t->seq.elts.items[i]);
        return;
    case AST_STARRED: collect_target(c, t->starred.value); return;
    default: break;
    }
    if (!ag_composite_base(c->s, t)) return;
    const char *name = ag_intern(c->s, ast_expr_to_source(c->s->scratch, t));
    if (ptrmap_get(c->targets, name)) return;
    ptrmap_put(c->targets, name, t);
    namebuf_push(c->names, name);
}

static void collect_slot(void *ctx, Node **slot, bool is_target) {
    if (is_target) collect_target(ctx, *slot);
}

/* Every node below a statement is visited: ag_stmt_slots does nothing for
   expressions, and finds the targets of statements in blocks at any depth
   (except-handler bodies included). */
static void collect_node(void *ctx, Node **slot) {
    Node *n = *slot;
    switch (n->kind) {
    case AST_FUNCDEF:
    case AST_CLASSDEF:
    case AST_LAMBDA: return; /* a nested scope's assignments are its own */
    case AST_DEL: return;    /* a deleted entry has no value to carry out */
    default: break;
    }
    ag_stmt_slots(n, collect_slot, ctx);
    ast_for_each_child(n, NULL, collect_node, ctx);
}

void ag_stmt_composites(AgScope *s, Node *stmt, NameBuf *names, PtrMap *targets) {
    CompositeCollect c = {s, names, targets};
    collect_node(&c, &stmt);
}
