/* ast_walk.c — generic traversal of the AST, generated from the child-field table
 * ast_children.def, so that walkers which only need "every child" or "every block"
 * have no per-kind code of their own (and a new kind needs one table row).
 * Entry points: ast_child_fields, ast_for_each_child, ast_for_each_block.
 * Memory owner: nothing is allocated here (callbacks may allocate). */
#include "ast.h"

#include "diag.h"

/* One array per kind, each ended by a sentinel that is never read: a kind without
   children still needs an element, as C has no empty arrays. */
#define ONE(f) {AST_CHILD_ONE, offsetof(Node, f), #f},
#define OPT(f) {AST_CHILD_OPT, offsetof(Node, f), #f},
#define LIST(f) {AST_CHILD_LIST, offsetof(Node, f), #f},
#define BLOCK(f) {AST_CHILD_BLOCK, offsetof(Node, f), #f},
#define SCOPE(f) {AST_CHILD_SCOPE, offsetof(Node, f), #f},
#define AST_NODE(kind, fields) \
    static const AstChildField kind##_children[] = {fields{AST_CHILD_ONE, 0, NULL}};
#include "ast_children.def"
#undef AST_NODE
#undef ONE
#undef OPT
#undef LIST
#undef BLOCK
#undef SCOPE

typedef struct KindChildren {
    const AstChildField *fields;
    int count;
} KindChildren;

/* Indexed by kind, so the .def's row order need not follow AST_KINDS. */
static const KindChildren by_kind[] = {
#define AST_NODE(kind, fields) \
    [kind] = {kind##_children, (int)(sizeof kind##_children / sizeof kind##_children[0]) - 1},
#include "ast_children.def"
#undef AST_NODE
};

/* A missing row would leave a kind silently childless; a doubled one is caught
   by -Woverride-init (and by this count). */
enum {
    AST_CHILD_ROWS = 0
#define AST_NODE(kind, fields) +1
#include "ast_children.def"
#undef AST_NODE
};
_Static_assert((int)AST_CHILD_ROWS == (int)AST__COUNT, "one row per AST kind in ast_children.def");
_Static_assert(sizeof by_kind / sizeof by_kind[0] == AST__COUNT, "the table covers AST_KINDS");

const AstChildField *ast_child_fields(AstKind kind, int *count) {
    IG_ASSERT((unsigned)kind < AST__COUNT);
    *count = by_kind[kind].count;
    return by_kind[kind].fields;
}

bool ast_child_is_list(const AstChildField *f) {
    return f->shape == AST_CHILD_LIST || f->shape == AST_CHILD_BLOCK || f->shape == AST_CHILD_SCOPE;
}

Node **ast_child_node(const Node *n, const AstChildField *f) {
    IG_ASSERT(!ast_child_is_list(f));
    return (Node **)((char *)n + f->offset);
}

NodeList *ast_child_list(const Node *n, const AstChildField *f) {
    IG_ASSERT(ast_child_is_list(f));
    return (NodeList *)((char *)n + f->offset);
}

void ast_for_each_child(Node *n, AstListFn on_list, AstNodeFn on_node, void *ctx) {
    int count;
    const AstChildField *f = ast_child_fields(n->kind, &count);
    for (int i = 0; i < count; i++) {
        if (!ast_child_is_list(&f[i])) {
            Node **slot = ast_child_node(n, &f[i]);
            if (*slot) on_node(ctx, slot);
            continue;
        }
        NodeList *l = ast_child_list(n, &f[i]);
        if (on_list) on_list(ctx, l);
        for (int k = 0; k < l->len; k++)
            if (l->items[k]) on_node(ctx, &l->items[k]);
    }
}

/* Statement parts (with items, except handlers, ...) sit in LIST fields; only an
   except handler has a block, but the rule is the table's, not a kind test. */
static bool is_part(const Node *n) {
    return n && n->kind >= AST_WITHITEM && n->kind <= AST_COMPREHENSION;
}

void ast_for_each_block(Node *stmt, AstBlockFn fn, void *ctx) {
    int count;
    const AstChildField *f = ast_child_fields(stmt->kind, &count);
    for (int i = 0; i < count; i++) {
        if (f[i].shape == AST_CHILD_BLOCK) {
            fn(ctx, stmt, ast_child_list(stmt, &f[i]));
        } else if (f[i].shape == AST_CHILD_LIST) {
            NodeList *l = ast_child_list(stmt, &f[i]);
            for (int k = 0; k < l->len; k++)
                if (is_part(l->items[k])) ast_for_each_block(l->items[k], fn, ctx);
        }
    }
}
