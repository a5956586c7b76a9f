/* embed_weights.c — `ingot build --lib --embed-weights`: the variables' values built
 * into the library (embed_weights.h): a checkpoint's (--weights=PATH), or their
 * initial values computed now through the eager kernels. Which
 * tensor goes to which variable is what the library's restore function says
 * (Module.restore: each restore_tensor's name, and the variable its result is
 * assigned to); the file is read by the runtime's own reader, with its checks.
 * Memory owner: the values are copied into the Module's Arena. */
#include "embed_weights.h"

#include <ingot/lib.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "eager.h"

/* The variable the result of restore instruction x is assigned to, or NULL. */
static Global *assigned_global(const Inst *x) {
    for (const Inst *y = x->next; y; y = y->next)
        if (y->op == OP_ASSIGN_VAR && y->inputs[0] == x->outputs[0]) return y->global;
    return NULL;
}

/* g's initializer in @main, which an embedded value replaces. */
static void drop_initializer(Module *m, const Global *g) {
    Region *body = m->funcs[0]->body;
    for (Inst *x = body->first; x; x = x->next)
        if (x->op == OP_INIT_VAR && x->global == g) {
            region_remove_inst(x);
            return;
        }
}

/* The checkpoint's tensor, or NULL with the reader's message in err (its error
   trap: the reader stops a program, not the compiler). */
static IgTensor *read_tensor(const char *path, const IgLoadSpec *spec, char *err,
                             size_t errsize) {
    IgTrap trap;
    if (setjmp(trap.env) != 0) {
        ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        snprintf(err, errsize, "%s", trap.message);
        return NULL;
    }
    ig_trap_enter(&trap);
    IgTensor *file = ig_lib_string(path);
    IgTensor *value = ig_restore_tensor(NULL, file, NULL, spec);
    ig_release(file);
    ig_trap_leave(&trap);
    return value;
}

bool embed_weights(Module *m, const char *path, char *err, size_t errsize) {
    IG_ASSERT(m->restore != NULL);
    const Region *r = m->restore->body;
    for (const Inst *x = r->first; x; x = x->next) {
        if (x->op != OP_RESTORE_TENSOR) continue;
        Global *g = assigned_global(x);
        const Attr *name = attrs_get(&x->attrs, "name");
        IG_ASSERT(g && name && name->kind == ATTR_STRING);
        IgLoadSpec spec = {.dtype = (IgDType)g->type.dtype, .rank = g->type.shape.rank,
                           .dims = g->type.shape.dims, .name = name->s};
        IgTensor *value = read_tensor(path, &spec, err, errsize);
        if (value == NULL) return false;
        g->init = eager_const_data(m->arena, value);
        ig_release(value);
        drop_initializer(m, g);
    }
    return true;
}

bool embed_initial_values(Module *m, char *err, size_t errsize) {
    Region *body = m->funcs[0]->body;
    for (const Inst *x = body->first; x; x = x->next)
        if (x->nregions > 0 || x->op == OP_CALL) {
            snprintf(err, errsize,
                     "not supported yet: --embed-weights of an initial value computed with %s "
                     "(%s:%d); give the values with --weights=CHECKPOINT",
                     x->op == OP_CALL ? "a tf.function call" : "control flow",
                     x->loc.file ? x->loc.file->path : "?", x->loc.line);
            return false;
        }
    EagerContext *ec = eager_new(m, 0, NULL);
    bool ok = true;
    for (Inst *x = body->first; x && ok; x = x->next) ok = eager_run_inst(ec, x, err, errsize);
    /* Every variable the initializers used, random generators' states included, starts
       where they left it: a library draws on from there, as the program would. */
    for (int i = 0; ok && i < m->nglobals; i++) {
        const IgVar *v = eager_var_if_used(ec, m->globals[i]);
        if (v) m->globals[i]->init = eager_const_data(m->arena, v->value);
    }
    eager_finish(ec);
    if (!ok) return false;
    while (body->first) region_remove_inst(body->first);
    return true;
}
