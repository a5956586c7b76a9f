/* random_prims.c — tf.random at build time: a generator is a module-level int64[3]
 * variable holding its Philox state (seeded now, set by the program's init), and each
 * draw is a random_* node that reads and advances it when the program runs. So draws
 * differ from call to call of a tf.function, and every run of the binary repeats them.
 * Entry point: random_prims_install (the _ingot primitives stdlib/tensorflow/random.py
 * is written over). Memory owner: the interpreter's Arena. */
#include <ingot/rt.h>
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

/* TensorFlow's DEFAULT_GRAPH_SEED: the global generator's seed until tf.random.set_seed.
 * TensorFlow draws differently on every run then; a compiled program is deterministic. */
#define RANDOM_DEFAULT_SEED 87654321

/* Where the global generator's state is kept: a hidden name in the _ingot module, so
 * the stdlib rebinds no Python global (which a trace would flag as a side effect). */
#define RANDOM_GLOBAL_KEY "__random_global_state__"

_Static_assert(IG_RANDOM_STATE_SIZE == 3, "the generator state is an int64[3] variable");

/* A new generator state variable seeded from seed, named name_hint ("rng", "rng_1"). */
static Value *random_state_new(Interp *in, int64_t seed, const char *name_hint, SrcLoc loc) {
    int64_t *data = ARENA_ARRAY(in->arena, int64_t, IG_RANDOM_STATE_SIZE);
    ig_random_state_from_seed(seed, data);
    ConstData *cd = ARENA_NEW(in->arena, ConstData);
    *cd = (ConstData){.dtype = DT_INT64,
                      .shape = shape_of(1, (const int64_t[]){IG_RANDOM_STATE_SIZE}),
                      .data = data};
    Global *g = module_add_global(in->tracer->module, name_hint, cd, false, vm_op_loc(in, loc));
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_VARIABLE;
    v->var.global = g;
    v->var.tf_name = "Variable:0"; /* TensorFlow's name for a Generator's state */
    if (tracer_is_eager(in)) v->var.concrete = eager_var(in->tracer->eager, g);
    return v;
}

static bool seed_arg(Interp *in, Value *v, int64_t *seed, SrcLoc loc) {
    if (v->kind == VAL_INT || v->kind == VAL_BOOL) {
        *seed = v->kind == VAL_INT ? v->i : v->b;
        return true;
    }
    if (value_is_tensor(v) || v->kind == VAL_VARIABLE)
        vm_not_supported(in, loc, "a tensor as a random seed (seeds are fixed at build time)");
    else
        vm_type_error(in, loc, "a random seed must be an int, got %s", value_type_name(v));
    return false;
}

/* The state variable a draw names: a generator's (VAL_VARIABLE of int64[3]). */
static Global *state_arg(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_VARIABLE) {
        Global *g = v->var.global;
        if (g->type.dtype == DT_INT64 && g->type.shape.rank == 1 &&
            g->type.shape.dims[0] == IG_RANDOM_STATE_SIZE)
            return g;
    }
    vm_type_error(in, loc,
                  "expected a random generator's state (an int64 variable of shape (3,)), got %s",
                  value_repr(in->arena, v));
    return NULL;
}

/* _ingot.random_state(seed): tf.random.Generator.from_seed's state. Creating one is
 * creating a tf.Variable, so TensorFlow's singleton rule applies inside tf.function. */
static Value *prim_random_state(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"seed"};
    Value *a[1];
    if (!args_bind(in, args, "random_state", names, 1, 1, a, loc)) return NULL;
    if (in->tracer->tracing && in->tracer->tracing->tracing_count > 1)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "tf.function only supports singleton tf.Variables created on the "
                        "first call. Make sure the tf.random.Generator is only created once or "
                        "created outside tf.function.");
    int64_t seed;
    if (!seed_arg(in, a[0], &seed, loc)) return NULL;
    return random_state_new(in, seed, "rng", loc);
}

/* _ingot.random_set_seed(seed): tf.random.set_seed starts the global generator over
 * from seed (a new state variable; draws traced before keep the old one). */
static Value *prim_random_set_seed(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    static const char *const names[] = {"seed"};
    Value *a[1];
    if (!args_bind(in, args, "set_seed", names, 1, 1, a, loc)) return NULL;
    int64_t seed;
    if (!seed_arg(in, a[0], &seed, loc)) return NULL;
    Value *state = random_state_new(in, seed, "global_rng", loc);
    if (!state) return NULL;
    env_set_local(in, self->module->globals, vm_intern(in, RANDOM_GLOBAL_KEY), state);
    return value_none();
}

/* _ingot.random_global_state(): the global generator's state, made with the default
 * seed on first use when tf.random.set_seed was never called. */
static Value *prim_random_global_state(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw)
        return vm_type_error(in, loc, "random_global_state() takes no arguments");
    const char *key = vm_intern(in, RANDOM_GLOBAL_KEY);
    Value *state = env_get_local(self->module->globals, key);
    if (state) return state;
    state = random_state_new(in, RANDOM_DEFAULT_SEED, "global_rng", loc);
    env_set_local(in, self->module->globals, key, state);
    return state;
}

/* shape: a list or tuple of non-negative ints (or one int), all known at build time. */
static bool random_shape_arg(Interp *in, Value *v, Shape *out, SrcLoc loc) {
    *out = shape_scalar();
    if (v->kind == VAL_INT) {
        out->rank = 1;
        out->dims[0] = v->i;
    } else if (value_is_sequence(v) && v->list->len <= IR_MAX_RANK) {
        out->rank = v->list->len;
        for (int i = 0; i < v->list->len; i++) {
            Value *d = v->list->items[i];
            if (d->kind == VAL_NONE)
                return vm_raise(in, EXC_VALUE_ERROR, loc,
                                "the shape of a random draw must be fully known, got %s",
                                value_repr(in->arena, v)),
                       false;
            if (d->kind != VAL_INT)
                return vm_type_error(in, loc, "shape must be a list of ints, got %s",
                                     value_repr(in->arena, v)),
                       false;
            out->dims[i] = d->i;
        }
    } else if (value_is_tensor(v)) {
        return vm_not_supported(in, loc,
                                "a tensor as the shape of a random draw (use a list of ints)"),
               false;
    } else {
        return vm_type_error(in, loc, "shape must be a list of ints, got %s",
                             value_repr(in->arena, v)),
               false;
    }
    for (int i = 0; i < out->rank; i++)
        if (out->dims[i] < 0)
            return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                            "dimension %d of shape must be >= 0, got %lld", i,
                            (long long)out->dims[i]),
                   false;
    return true;
}

/* A draw's parameter (mean, minval, ...): a Python number, fixed at build time. */
static bool number_arg(Interp *in, Value *v, const char *what, double *out, SrcLoc loc) {
    if (v->kind == VAL_INT || v->kind == VAL_FLOAT || v->kind == VAL_BOOL) {
        *out = v->kind == VAL_FLOAT ? v->f : v->kind == VAL_INT ? (double)v->i : v->b;
        return true;
    }
    if (value_is_tensor(v) || v->kind == VAL_VARIABLE)
        vm_not_supported(in, loc,
                         arena_printf(in->arena,
                                      "a tensor as '%s' of a random draw (use a Python number)",
                                      what));
    else
        vm_type_error(in, loc, "'%s' must be a number, got %s", what, value_type_name(v));
    return false;
}

/* The random node: its state is the generator's variable (Inst.global). */
static Value *random_emit(Interp *in, Opcode op, Global *state, const Attrs *attrs, SrcLoc loc) {
    Inst *inst = build_random(&in->tracer->builder, op, NULL, 0, attrs, state, vm_op_loc(in, loc));
    return inst ? tensor_value(in, inst->outputs[0]) : NULL;
}

/* _ingot.random_draw(kind, state, shape, p0, p1, dtype, seed=None): kind "uniform"
 * (p0, p1 = minval, maxval; None maxval means 1 for floats), "normal" or
 * "truncated_normal" (p0, p1 = mean, stddev). seed is tf.random.normal's op seed,
 * which is not supported: its TensorFlow meaning (a stream per op and global seed)
 * would be silently different from one global stream. */
static Value *prim_random_draw(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"kind", "state", "shape", "p0", "p1", "dtype", "seed"};
    Value *a[7];
    if (!args_bind(in, args, "random_draw", names, 7, 6, a, loc)) return NULL;
    if (a[6] && a[6]->kind != VAL_NONE)
        return vm_not_supported(
            in, loc,
            "the 'seed' argument of a tf.random op (use tf.random.set_seed or a "
            "tf.random.Generator)");
    if (a[0]->kind != VAL_STR) return vm_type_error(in, loc, "random_draw: kind must be a string");
    const char *kind = a[0]->str.s;
    Global *state = state_arg(in, a[1], loc);
    if (!state) return NULL;
    Shape shape;
    if (!random_shape_arg(in, a[2], &shape, loc)) return NULL;
    if (a[5]->kind != VAL_DTYPE)
        return vm_type_error(in, loc, "expected a tf.DType, got %s", value_repr(in->arena, a[5]));
    DType dt = a[5]->dtype;
    bool uniform = strcmp(kind, "uniform") == 0;
    Opcode op = uniform ? OP_RANDOM_UNIFORM
              : strcmp(kind, "normal") == 0 ? OP_RANDOM_NORMAL
              : strcmp(kind, "truncated_normal") == 0 ? OP_RANDOM_TRUNCATED_NORMAL
                                                      : OP__COUNT;
    if (op == OP__COUNT) return vm_error(in, loc, "unknown random draw '%s'", kind);
    if (uniform && dtype_is_integer(dt)) op = OP_RANDOM_UNIFORM_INT;
    if (op == OP_RANDOM_UNIFORM_INT ? !(dt == DT_INT32 || dt == DT_INT64) : !dtype_is_float(dt))
        return vm_type_error(in, loc, "%s: dtype %s is not supported (expected %s)", kind,
                             dtype_name(dt),
                             uniform ? "a float or int32/int64 dtype" : "float32 or float64");
    Attrs attrs = {0};
    attrs_set_dtype(in->arena, &attrs, vm_intern(in, "dtype"), dt);
    attrs_set_shape(in->arena, &attrs, vm_intern(in, "shape"), shape);
    const char *k0 = vm_intern(in, uniform ? "minval" : "mean"),
               *k1 = vm_intern(in, uniform ? "maxval" : "stddev");
    if (op == OP_RANDOM_UNIFORM_INT) {
        /* TensorFlow's rules for integer draws: a maxval, and ints for both bounds. */
        if (a[4]->kind == VAL_NONE)
            return vm_raise(in, EXC_VALUE_ERROR, loc, "Must specify maxval for integer dtype %s",
                            dtype_name(dt));
        for (int i = 3; i < 5; i++)
            if (a[i]->kind != VAL_INT) {
                if (value_is_tensor(a[i]) || a[i]->kind == VAL_VARIABLE)
                    return vm_not_supported(
                        in, loc, "a tensor as a bound of a random draw (use a Python int)");
                return vm_type_error(in, loc, "'%s' of an integer draw must be an int, got %s",
                                     i == 3 ? k0 : k1, value_type_name(a[i]));
            }
        int64_t lo = a[3]->i, hi = a[4]->i;
        int64_t limit = dt == DT_INT32 ? INT32_MAX : INT64_MAX,
                floor = dt == DT_INT32 ? INT32_MIN : INT64_MIN;
        if (lo < floor || hi > limit || (dt == DT_INT32 && (hi < floor || lo > limit)))
            return vm_raise(in, EXC_VALUE_ERROR, loc, "bounds [%lld, %lld) do not fit %s",
                            (long long)lo, (long long)hi, dtype_name(dt));
        if (lo >= hi)
            return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                            "Need minval < maxval, got %lld >= %lld", (long long)lo, (long long)hi);
        attrs_set_int(in->arena, &attrs, k0, lo);
        attrs_set_int(in->arena, &attrs, k1, hi);
        return random_emit(in, op, state, &attrs, loc);
    }
    double p0, p1 = 1.0;
    if (!number_arg(in, a[3], k0, &p0, loc)) return NULL;
    if (!(uniform && a[4]->kind == VAL_NONE) && !number_arg(in, a[4], k1, &p1, loc)) return NULL;
    attrs_set_float(in->arena, &attrs, k0, p0);
    attrs_set_float(in->arena, &attrs, k1, p1);
    return random_emit(in, op, state, &attrs, loc);
}

/* _ingot.random_permutation(state, n, buffer_size, epochs=1): the orders tf.data's
   shuffle gives indices 0..n-1 in `epochs` passes (n, epochs: int64 scalars), drawn
   from the generator's state. */
static Value *prim_random_permutation(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"state", "n", "buffer_size", "epochs"};
    Value *a[4];
    if (!args_bind(in, args, "random_permutation", names, 4, 3, a, loc)) return NULL;
    Global *state = state_arg(in, a[0], loc);
    if (!state) return NULL;
    Value *n = to_tensor(in, a[1], DT_INT64, loc);
    Value *epochs = n ? to_tensor(in, a[3] ? a[3] : value_int(in->arena, 1), DT_INT64, loc) : NULL;
    if (!epochs) return NULL;
    if (a[2]->kind != VAL_INT || a[2]->i < 1)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "buffer_size must be an int of at least 1, got %s",
                        value_repr(in->arena, a[2]));
    Attrs attrs = {0};
    attrs_set_int(in->arena, &attrs, vm_intern(in, "buffer_size"), a[2]->i);
    IrValue *inputs[2] = {n->tensor.ir, epochs->tensor.ir};
    Inst *inst = build_random(&in->tracer->builder, OP_RANDOM_PERMUTATION, inputs, 2, &attrs,
                              state, vm_op_loc(in, loc));
    return inst ? tensor_value(in, inst->outputs[0]) : NULL;
}

void random_prims_install(Interp *in, PyModule *m) {
    static const PrimDef prims[] = {
        {"random_state", prim_random_state},
        {"random_set_seed", prim_random_set_seed},
        {"random_global_state", prim_random_global_state},
        {"random_draw", prim_random_draw},
        {"random_permutation", prim_random_permutation},
    };
    /* Bound to the _ingot module: the global generator's state lives in its globals. */
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], m->self);
}
