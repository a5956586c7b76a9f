/* mangle.c — CPython's private name mangling, done once on the module before it is
 * converted: inside a class, an identifier __x (two leading underscores, not ending in
 * two) becomes _Class__x, Class being the class's name without its leading underscores
 * (a class named only underscores mangles nothing). As CPython's compiler, it renames
 * names, attributes, parameters, keyword arguments, def and class names,
 * global/nonlocal declarations and except targets, in the class body and in every
 * function nested in it; a nested class mangles with its own name.
 * Entry point: ag_mangle_private_names. Memory owner: names interned in the Arena. */
#include <string.h>

#include "ag.h"

typedef struct Mangle {
    Arena *arena;
    const char *cls; /* the innermost class's name without leading underscores, or NULL */
} Mangle;

static const char *mangled(const Mangle *m, const char *name) {
    size_t n = name ? strlen(name) : 0;
    if (!m->cls || n < 3 || name[0] != '_' || name[1] != '_') return name;
    if (name[n - 1] == '_' && name[n - 2] == '_') return name; /* __dunder__ */
    if (strchr(name, '.')) return name;                          /* a dotted import */
    return arena_intern_cstr(m->arena, arena_printf(m->arena, "_%s%s", m->cls, name));
}

static void visit(void *ctx, Node **slot);

static void visit_list(Mangle *m, NodeList *l) {
    for (int i = 0; i < l->len; i++)
        if (l->items[i]) visit(m, &l->items[i]);
}

static void visit(void *ctx, Node **slot) {
    Mangle *m = ctx;
    Node *n = *slot;
    switch (n->kind) {
    case AST_NAME: n->name.id = mangled(m, n->name.id); break;
    case AST_ATTRIBUTE: n->attribute.attr = mangled(m, n->attribute.attr); break;
    case AST_ARG: n->arg.name = mangled(m, n->arg.name); break;
    case AST_KEYWORD: n->keyword.name = mangled(m, n->keyword.name); break;
    case AST_FUNCDEF: n->funcdef.name = mangled(m, n->funcdef.name); break;
    case AST_EXCEPT_HANDLER: n->handler.name = mangled(m, n->handler.name); break;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        for (int i = 0; i < n->names.len; i++) n->names.names[i] = mangled(m, n->names.names[i]);
        break;
    case AST_CLASSDEF: {
        /* Its name, bases and decorators belong to the enclosing scope; its body to it. */
        n->classdef.name = mangled(m, n->classdef.name);
        visit_list(m, &n->classdef.decorators);
        visit_list(m, &n->classdef.bases);
        visit_list(m, &n->classdef.keywords);
        const char *bare = n->classdef.name;
        while (*bare == '_') bare++;
        Mangle inner = {m->arena, *bare ? bare : NULL};
        visit_list(&inner, &n->classdef.body);
        return;
    }
    default: break;
    }
    ast_for_each_child(n, NULL, visit, m);
}

void ag_mangle_private_names(Arena *arena, Node *module) {
    Mangle top = {arena, NULL};
    ast_for_each_child(module, NULL, visit, &top);
}
