/* globals.c — module-level variables (tf.Variable): creating them with unique
 * C-safe names. Their ops are built by build_read_var/build_assign_var (builder.c)
 * and checked by shape_infer_var (shape.c). Entry points: module_add_global,
 * module_add_computed_global, op_is_var.
 * Memory owner: everything lives in the Module's Arena. */
#include "ir.h"

#include <ctype.h>
#include <string.h>

bool op_is_var(Opcode op) {
    return op == OP_READ_VAR || op == OP_ASSIGN_VAR || op == OP_ASSIGN_ADD_VAR ||
           op == OP_ASSIGN_SUB_VAR || op == OP_INIT_VAR;
}

static bool module_has_global_name(const Module *m, const char *name) {
    for (int i = 0; i < m->nglobals; i++)
        if (strcmp(m->globals[i]->name, name) == 0) return true;
    return false;
}

/* "counter", then "counter_1", "counter_2", ...: the hint with every character a C
 * identifier cannot hold replaced by '_' (TensorFlow allows "layer/kernel"). */
static const char *global_unique_name(Module *m, const char *hint) {
    StrBuf base;
    strbuf_init(&base, m->arena);
    const char *p = hint && *hint ? hint : "Variable";
    if (isdigit((unsigned char)*p)) strbuf_putc(&base, '_');
    for (; *p; p++) strbuf_putc(&base, isalnum((unsigned char)*p) || *p == '_' ? *p : '_');
    const char *b = strbuf_cstr(&base);
    if (!module_has_global_name(m, b)) return arena_intern_cstr(m->arena, b);
    for (int n = 1;; n++) {
        const char *name = arena_printf(m->arena, "%s_%d", b, n);
        if (!module_has_global_name(m, name)) return arena_intern_cstr(m->arena, name);
    }
}

static Global *add_global(Module *m, const char *name_hint, TensorType type,
                          const ConstData *init, bool trainable, SrcLoc loc) {
    IG_ASSERT(shape_is_static(&type.shape));
    Global *g = ARENA_NEW(m->arena, Global);
    g->name = global_unique_name(m, name_hint);
    g->type = type;
    g->init = init;
    g->trainable = trainable;
    g->loc = loc;
    g->src_line = ir_src_line(m->arena, loc);
    if (m->nglobals == m->globals_cap) {
        int cap = m->globals_cap ? m->globals_cap * 2 : 4;
        m->globals =
            arena_grow(m->arena, m->globals, sizeof(Global *), (size_t)m->nglobals, (size_t)cap);
        m->globals_cap = cap;
    }
    g->index = m->nglobals;
    m->globals[m->nglobals++] = g;
    return g;
}

Global *module_add_global(Module *m, const char *name_hint, const ConstData *init, bool trainable,
                          SrcLoc loc) {
    IG_ASSERT(init);
    TensorType type = {.dtype = init->dtype, .shape = init->shape};
    return add_global(m, name_hint, type, init, trainable, loc);
}

Global *module_add_computed_global(Module *m, const char *name_hint, TensorType type,
                                   bool trainable, SrcLoc loc) {
    return add_global(m, name_hint, type, NULL, trainable, loc);
}
