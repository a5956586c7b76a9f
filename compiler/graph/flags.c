/* flags.c — the module's flag table: the values ingot.flag declares, which the
 * binary's main() parses from its command line and 'flag' nodes read.
 * And what a name may be spelt like (a flag's, a C identifier's).
 * Entry points: module_add_flag, module_find_flag, flag_name_is_valid,
 * c_identifier_spelling.
 * Memory owner: the Module's Arena. */
#include "ir.h"

#include <string.h>

bool flag_name_is_valid(const char *name) {
    if (!name || !*name) return false;
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    }
    return true;
}

bool c_identifier_spelling(const char *name) {
    if (!name || !*name || (*name >= '0' && *name <= '9')) return false;
    for (const char *p = name; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    }
    return true;
}

const FlagDef *module_find_flag(const Module *m, const char *name) {
    for (int i = 0; i < m->nflags; i++)
        if (strcmp(m->flags[i]->name, name) == 0) return m->flags[i];
    return NULL;
}

FlagDef *module_add_flag(Module *m, const char *name, const ConstData *value, const char *help,
                         SrcLoc loc) {
    IG_ASSERT(flag_name_is_valid(name) && value && value->shape.rank == 0);
    if (module_find_flag(m, name)) return NULL;
    if (m->nflags == m->flags_cap) {
        int cap = m->flags_cap ? m->flags_cap * 2 : 8;
        m->flags =
            arena_grow(m->arena, m->flags, sizeof(FlagDef *), (size_t)m->nflags, (size_t)cap);
        m->flags_cap = cap;
    }
    FlagDef *f = ARENA_NEW(m->arena, FlagDef);
    f->name = arena_intern_cstr(m->arena, name);
    f->value = value;
    f->help = help ? arena_strdup(m->arena, help) : "";
    f->loc = loc;
    f->index = m->nflags;
    m->flags[m->nflags++] = f;
    return f;
}
