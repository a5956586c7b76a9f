/* verify.c — structural checks between stages (QBE's habit): every use is dominated by
 * its definition in the same or an enclosing region, types agree with shape
 * inference (for cond/while: region signatures agree with inputs and outputs),
 * print/call are well formed, results exist, links are consistent.
 * Entry point: graph_verify. Problems are compiler bugs, reported into err.
 * Memory owner: a scratch Arena of its own, freed before returning. */
#include "ir.h"

#include <stdarg.h>
#include <string.h>

typedef struct Verifier {
    const Module *m;
    const Func *f;
    Arena *arena;
    /* Per value id: 0 never seen, 1 visible now, 2 defined but out of scope (its
     * region ended). A value id seen twice is a bug too. */
    unsigned char *state;
    int nstate;
    char *err;
    size_t errsize;
} Verifier;

static bool verify_fail(Verifier *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool verify_fail(Verifier *v, const char *fmt, ...) {
    if (!v->err || v->errsize == 0) return false;
    int n = snprintf(v->err, v->errsize, "verify: @%s: ", v->f ? v->f->name : "?");
    if (n < 0 || (size_t)n >= v->errsize) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err + n, v->errsize - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static bool verify_define(Verifier *v, const IrValue *val, const char *what) {
    if (!val) return verify_fail(v, "%s is missing", what);
    if (val->id < 0 || val->id >= v->nstate)
        return verify_fail(v, "%s has id %d, outside the module's %d", what, val->id, v->nstate);
    if (v->state[val->id]) return verify_fail(v, "value #%d is defined twice", val->id);
    v->state[val->id] = 1;
    return true;
}

static bool verify_use(Verifier *v, const IrValue *val, const char *user) {
    if (!val) return verify_fail(v, "%s has a missing input", user);
    if (val->id < 0 || val->id >= v->nstate || v->state[val->id] != 1)
        return verify_fail(v, "%s uses value #%d, which is not defined before it in this or an "
                              "enclosing region",
                           user, val->id);
    return true;
}

static bool types_equal(const TensorType *a, const TensorType *b) {
    return a->dtype == b->dtype && shape_equal(&a->shape, &b->shape);
}

static bool verify_region(Verifier *v, const Region *r, const Inst *parent);

static bool verify_print(Verifier *v, const Inst *inst) {
    static const struct {
        const char *key;
        AttrKind kind;
    } allowed[] = {{"sep", ATTR_STRING}, {"end", ATTR_STRING}, {"summarize", ATTR_INT},
                   {"output_stream", ATTR_STRING}};
    for (int i = 0; i < inst->attrs.len; i++) {
        const Attr *a = &inst->attrs.items[i];
        size_t k = 0;
        while (k < sizeof allowed / sizeof allowed[0] && strcmp(allowed[k].key, a->key) != 0) k++;
        if (k == sizeof allowed / sizeof allowed[0])
            return verify_fail(v, "print has an unknown attribute '%s'", a->key);
        if (a->kind != allowed[k].kind || (a->kind == ATTR_STRING && !a->s))
            return verify_fail(v, "print attribute '%s' has the wrong kind", a->key);
    }
    const Attr *stream = attrs_get(&inst->attrs, "output_stream");
    if (stream && strcmp(stream->s, "stdout") != 0 && strcmp(stream->s, "stderr") != 0)
        return verify_fail(v, "print: output_stream must be \"stdout\" or \"stderr\"");
    return true;
}

static bool verify_call(Verifier *v, const Inst *inst) {
    const Func *c = inst->callee;
    if (!c) return verify_fail(v, "call without a callee");
    if (c->index < 0 || c->index >= v->m->nfuncs || v->m->funcs[c->index] != c)
        return verify_fail(v, "call to @%s, which is not in the module", c->name ? c->name : "?");
    if (c->kind == FUNC_PROGRAM) return verify_fail(v, "call to the program function @%s", c->name);
    return true;
}

/* A flag node names a flag of the module's table and has its dtype. */
static bool verify_flag(Verifier *v, const Inst *inst) {
    const Attr *name = attrs_get(&inst->attrs, "name");
    const Attr *dt = attrs_get(&inst->attrs, "dtype");
    if (inst->attrs.len != 2 || !name || name->kind != ATTR_STRING || !name->s || !dt ||
        dt->kind != ATTR_DTYPE)
        return verify_fail(v,
                           "flag must have exactly the attributes 'name' (a string) and 'dtype'");
    const FlagDef *f = module_find_flag(v->m, name->s);
    if (!f) return verify_fail(v, "flag \"%s\" is not in the module's flag table", name->s);
    if (f->value->dtype != dt->dtype)
        return verify_fail(v, "flag \"%s\" is %s in the table but read as %s", name->s,
                           dtype_name(f->value->dtype), dtype_name(dt->dtype));
    return true;
}

/* The table itself: valid unique names, scalar defaults, dense indices. */
static bool verify_flag_table(Verifier *v) {
    for (int i = 0; i < v->m->nflags; i++) {
        const FlagDef *f = v->m->flags[i];
        if (!f || !f->name || !f->value || !f->help)
            return verify_fail(v, "flag %d is incomplete", i);
        if (!flag_name_is_valid(f->name))
            return verify_fail(v, "flag name \"%s\" is not valid", f->name);
        if (f->index != i)
            return verify_fail(v, "flag \"%s\" has index %d, should be %d", f->name, f->index, i);
        if (f->value->shape.rank != 0 || f->value->dtype < 0 || f->value->dtype >= DT__COUNT ||
            !f->value->data)
            return verify_fail(v, "flag \"%s\" has a default that is not a scalar", f->name);
        for (int j = 0; j < i; j++)
            if (strcmp(v->m->flags[j]->name, f->name) == 0)
                return verify_fail(v, "flag \"%s\" is declared twice", f->name);
    }
    return true;
}

/* A variable op names one of the module's variables, and has no attributes. */
static bool verify_global(Verifier *v, const Inst *inst) {
    const Global *g = inst->global;
    const char *name = op_info[inst->op].name;
    if (!g) return verify_fail(v, "'%s' without a variable", name);
    if (g->index < 0 || g->index >= v->m->nglobals || v->m->globals[g->index] != g)
        return verify_fail(v, "'%s' of $%s, which is not in the module", name,
                           g->name ? g->name : "?");
    if (inst->attrs.len) return verify_fail(v, "'%s' has attributes", name);
    return true;
}

/* A random draw's state: one of the module's variables, an int64[3] (random/ in the
 * runtime reads a Philox counter and key from it). */
static bool verify_random_state(Verifier *v, const Inst *inst) {
    const Global *g = inst->global;
    const char *name = op_info[inst->op].name;
    if (!g) return verify_fail(v, "'%s' without a generator state", name);
    if (g->index < 0 || g->index >= v->m->nglobals || v->m->globals[g->index] != g)
        return verify_fail(v, "'%s' of $%s, which is not in the module", name,
                           g->name ? g->name : "?");
    if (g->type.dtype != DT_INT64 || g->type.shape.rank != 1 || g->type.shape.dims[0] != 3)
        return verify_fail(v, "'%s' of $%s, which is not an int64[3] generator state", name,
                           g->name);
    return true;
}

/* The 'initialize' ops of the program function's body, by variable; false after a
   second one for the same variable. */
static bool count_initializers(Verifier *v, int *count) {
    const Region *body = v->m->nfuncs > 0 ? v->m->funcs[0]->body : NULL;
    for (const Inst *i = body ? body->first : NULL; i; i = i->next) {
        if (i->op != OP_INIT_VAR || !i->global) continue;
        if (++count[i->global->index] > 1)
            return verify_fail(v, "variable $%s is initialized twice", i->global->name);
    }
    return true;
}

/* Each variable: a unique name, a static type, and an initial value of that type, or
   (computed) exactly one 'initialize' op, in the program function's body. */
static bool verify_globals(Verifier *v) {
    int *initializers = ARENA_ARRAY(v->arena, int, v->m->nglobals + 1);
    if (!count_initializers(v, initializers)) return false;
    for (int i = 0; i < v->m->nglobals; i++) {
        const Global *g = v->m->globals[i];
        if (!g || !g->name || g->index != i) return verify_fail(v, "variable %d is incomplete", i);
        for (int j = 0; j < i; j++)
            if (strcmp(v->m->globals[j]->name, g->name) == 0)
                return verify_fail(v, "duplicate variable name $%s", g->name);
        if (!shape_is_static(&g->type.shape))
            return verify_fail(v, "variable $%s has a shape that is not static", g->name);
        if (!g->init) {
            if (initializers[i] != 1)
                return verify_fail(v, "computed variable $%s has no 'initialize' in the program",
                                   g->name);
            continue;
        }
        if (initializers[i] != 0)
            return verify_fail(v, "variable $%s has an initial value and an 'initialize'", g->name);
        if (!g->init->data || g->init->dtype != g->type.dtype ||
            !shape_equal(&g->init->shape, &g->type.shape))
            return verify_fail(v, "variable $%s has no initial value of its type", g->name);
    }
    return true;
}

static bool verify_inst(Verifier *v, const Region *r, const Inst *inst) {
    if (inst->op < 0 || inst->op >= OP__COUNT)
        return verify_fail(v, "instruction with bad opcode %d", (int)inst->op);
    const char *name = op_info[inst->op].name;
    if (inst->parent != r) return verify_fail(v, "'%s' has the wrong parent region", name);
    if (inst->next && inst->next->prev != inst) return verify_fail(v, "'%s' is badly linked", name);
    if (!inst->next && r->last != inst) return verify_fail(v, "region's last instruction is wrong");
    for (int i = 0; i < inst->ninputs; i++)
        if (!verify_use(v, inst->inputs[i], name)) return false;
    if (inst->op == OP_CALL) {
        if (!verify_call(v, inst)) return false;
    } else if (inst->callee) {
        return verify_fail(v, "'%s' has a callee", name);
    }
    if (inst->op == OP_PRINT && !verify_print(v, inst)) return false;
    if (op_is_var(inst->op)) {
        if (!verify_global(v, inst)) return false;
    } else if (op_is_random(inst->op)) {
        if (!verify_random_state(v, inst)) return false;
    } else if (inst->global) {
        return verify_fail(v, "'%s' names a variable", name);
    }
    if (inst->op == OP_FLAG && !verify_flag(v, inst)) return false;

    if (inst->nregions < 0 || (inst->nregions > 0 && !inst->regions))
        return verify_fail(v, "'%s' has a bad region list", name);

    /* The recorded types must be exactly what shape inference gives now; for cond and
     * while that also checks the regions' signatures against the inputs and outputs. */
    int cap =
        1 + inst->ninputs + (inst->callee && inst->callee->body ? inst->callee->body->nresults : 0);
    for (int i = 0; i < inst->nregions; i++)
        if (inst->regions[i] && inst->regions[i]->nresults > 0) cap += inst->regions[i]->nresults;
    TensorType *types = ARENA_ARRAY(v->arena, TensorType, cap);
    int nout = 0;
    ShapeError serr;
    bool inferred =
        op_is_var(inst->op)
            ? shape_infer_var(inst->op, inst->global, inst->inputs, inst->ninputs, types, &nout,
                              &serr)
            : shape_infer_regions(inst->op, inst->inputs, inst->ninputs, &inst->attrs, inst->callee,
                                  inst->regions, inst->nregions, types, &nout, &serr);
    if (!inferred) return verify_fail(v, "shape inference rejects '%s': %s", name, serr.msg);
    if (nout != inst->noutputs)
        return verify_fail(v, "'%s' has %d outputs, shape inference gives %d", name, inst->noutputs,
                           nout);
    for (int i = 0; i < nout; i++) {
        const IrValue *out = inst->outputs[i];
        if (!out) return verify_fail(v, "'%s' output %d is missing", name, i);
        if (out->def != inst || out->def_index != i || out->param_of)
            return verify_fail(v, "'%s' output %d does not point back at it", name, i);
        if (!types_equal(&out->type, &types[i])) {
            char b1[128], b2[128];
            return verify_fail(v, "'%s' output %d is %s, shape inference gives %s", name, i,
                               type_str(&out->type, b1, sizeof b1),
                               type_str(&types[i], b2, sizeof b2));
        }
    }
    /* Nested regions see what is visible here (implicit capture by dominance), but
     * not the instruction's own outputs, defined only after them. */
    for (int i = 0; i < inst->nregions; i++) {
        if (!inst->regions[i]) return verify_fail(v, "'%s' region %d is missing", name, i);
        for (int j = 0; j < i; j++)
            if (inst->regions[j] == inst->regions[i])
                return verify_fail(v, "'%s' has the same region twice", name);
        if (!verify_region(v, inst->regions[i], inst)) return false;
    }
    for (int i = 0; i < nout; i++)
        if (!verify_define(v, inst->outputs[i], "an output")) return false;
    return true;
}

/* Values defined in a region go out of scope when it ends; uses after that fail. */
static void region_close(Verifier *v, const Region *r) {
    for (int i = 0; i < r->nparams; i++)
        if (r->params[i]) v->state[r->params[i]->id] = 2;
    for (const Inst *inst = r->first; inst; inst = inst->next)
        for (int i = 0; i < inst->noutputs; i++)
            if (inst->outputs[i]) v->state[inst->outputs[i]->id] = 2;
}

static bool verify_region(Verifier *v, const Region *r, const Inst *parent) {
    if (r->parent != parent) return verify_fail(v, "a region has the wrong parent instruction");
    if (r->func != v->f) return verify_fail(v, "a region points at the wrong function");
    if (r->first && r->first->prev)
        return verify_fail(v, "region's first instruction has a predecessor");
    if (!r->first && r->last) return verify_fail(v, "empty region with a last instruction");
    for (int i = 0; i < r->nparams; i++) {
        const IrValue *p = r->params[i];
        if (!p) return verify_fail(v, "parameter %d is missing", i);
        if (p->param_of != r || p->def)
            return verify_fail(v, "parameter %d does not point back at its region", i);
        if (!verify_define(v, p, "a parameter")) return false;
    }
    for (const Inst *inst = r->first; inst; inst = inst->next)
        if (!verify_inst(v, r, inst)) return false;
    if (r->nresults < 0 || (r->nresults > 0 && !r->results))
        return verify_fail(v, "a region's results are missing");
    for (int i = 0; i < r->nresults; i++)
        if (!verify_use(v, r->results[i], parent ? "yield" : "ret")) return false;
    region_close(v, r);
    return true;
}

bool graph_verify(const Module *m, char *err, size_t errsize) {
    if (err && errsize) err[0] = '\0';
    Verifier v = {.m = m, .err = err, .errsize = errsize};
    if (m->nfuncs > 0 && m->funcs[0]->kind != FUNC_PROGRAM)
        return verify_fail(&v, "the first function is not the program function");
    Arena *a = arena_new();
    v.arena = a;
    v.nstate = m->next_value_id;
    v.state = ARENA_ARRAY(a, unsigned char, v.nstate > 0 ? v.nstate : 1);
    bool ok = verify_flag_table(&v);
    if (ok) ok = verify_globals(&v);
    /* Results first: a call's shape rule reads its callee's results. */
    for (int i = 0; ok && i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        v.f = f;
        if (!f || !f->body) continue;
        if (f->body->nresults > 0 && !f->body->results)
            ok = verify_fail(&v, "the function's results are missing");
        for (int j = 0; ok && j < f->body->nresults; j++)
            if (!f->body->results[j]) ok = verify_fail(&v, "result %d is missing", j);
    }
    for (int i = 0; ok && i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        v.f = f;
        if (!f || !f->body || !f->name) ok = verify_fail(&v, "function %d is incomplete", i);
        else if (f->index != i) ok = verify_fail(&v, "function index %d should be %d", f->index, i);
        else if (i > 0 && f->kind == FUNC_PROGRAM)
            ok = verify_fail(&v, "a second program function");
        for (int j = 0; ok && j < i; j++)
            if (strcmp(m->funcs[j]->name, f->name) == 0)
                ok = verify_fail(&v, "duplicate function name");
        if (ok && f->kind == FUNC_PROGRAM && f->body->nparams)
            ok = verify_fail(&v, "the program function takes no parameters");
        if (ok) ok = verify_region(&v, f->body, NULL);
    }
    arena_free(a);
    return ok;
}
