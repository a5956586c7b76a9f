/* names.c — interning and fresh names for generated code (get_state, if_body,
 * break_, ...): a name is fresh when neither the user's code of the scope nor an
 * earlier generated helper of the scope uses it; clashes get _1, _2, ... suffixes.
 * Entry points: ag_intern, ag_fresh_name.  Memory owner: names are interned in the
 * conversion's arena (they end up in the tree). */
#include "ag.h"

const char *ag_intern(AgScope *s, const char *name) {
    return arena_intern_cstr(s->ctx->arena, name);
}

const char *ag_fresh_name(AgScope *s, const char *base) {
    const char *name = ag_intern(s, base);
    for (int k = 1; nameset_has(s->used_names, name); k++)
        name = ag_intern(s, arena_printf(s->scratch, "%s_%d", base, k));
    s->used_names = nameset_add(s->scratch, s->used_names, name);
    s->generated = nameset_add(s->scratch, s->generated, name);
    return name;
}
