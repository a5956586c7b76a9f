/* clone.c — deep copy of a tree, so the passes can rewrite in place while the
 * parsed input stays as it was. Each copied def remembers its source def
 * (funcdef.original), which is how tf.autograph.to_code finds a converted function.
 * Entry point: ag_clone.  Memory owner: the copy lives in the given Arena; literal
 * text, interned names and operator arrays are immutable and shared. */
#include <string.h>

#include "ag.h"

static void copy_list(void *ctx, NodeList *l) {
    Arena *a = ctx;
    if (l->len == 0) {
        *l = (NodeList){0};
        return;
    }
    Node **items = ARENA_ARRAY(a, Node *, l->len);
    memcpy(items, l->items, sizeof *items * (size_t)l->len);
    l->items = items;
    l->cap = l->len;
}

static void copy_slot(void *ctx, Node **slot) { *slot = ag_clone(ctx, *slot); }

Node *ag_clone(Arena *a, const Node *n) {
    if (!n) return NULL;
    Node *c = ARENA_NEW(a, Node);
    *c = *n;
    if (c->kind == AST_FUNCDEF) c->funcdef.original = n;
    ast_for_each_child(c, copy_list, copy_slot, a);
    return c;
}
