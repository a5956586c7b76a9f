/* variables.c — tf.Variable at build time: _ingot.variable makes a module-level
 * variable (a Global of the graph: its initial value is data set before the program
 * runs, or computed by the program where the script makes it), and a VAL_VARIABLE
 * value whose methods add read/assign nodes to whatever graph is being traced.
 * Variables are globals: a tf.function uses them directly, never as captured tensors,
 * and every use as a tensor is a fresh read in program order.
 * Entry points: variables_install, variable_read, variable_deref, variable_attribute,
 * variable_repr. Memory owner: the interpreter's Arena. */
#include <ctype.h>
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

/* ---- Reading -------------------------------------------------------------------------- */

Value *variable_read(Interp *in, Value *var, SrcLoc loc) {
    IG_ASSERT(var->kind == VAL_VARIABLE);
    IrValue *r = build_read_var(&in->tracer->builder, var->var.global, vm_op_loc(in, loc));
    return r ? tensor_value(in, r) : NULL;
}

Value *variable_deref(Interp *in, Value *v, SrcLoc loc) {
    return v && v->kind == VAL_VARIABLE ? variable_read(in, v, loc) : v;
}

const char *variable_repr(Arena *a, const Value *v) {
    const Global *g = v->var.global;
    /* Eager mode shows the current value too, as TensorFlow's eager variables do. */
    const IgVar *var = v->var.concrete;
    const char *numpy =
        var && var->value ? arena_printf(a, ", numpy=%s", concrete_numpy_repr(a, var->value)) : "";
    return arena_printf(a, "<tf.Variable '%s' shape=%s dtype=%s%s>", v->var.tf_name,
                        shape_tuple_text(a, &g->type.shape), dtype_name(g->type.dtype), numpy);
}

/* ---- The initial value ------------------------------------------------------------------ */

/* tf.zeros/ones/fill made at build time: its elements, written out. */
static const ConstData *fill_data(Interp *in, const Inst *fill) {
    const Attr *dt = attrs_get(&fill->attrs, "dtype"), *sh = attrs_get(&fill->attrs, "shape");
    const Attr *val = attrs_get(&fill->attrs, "value");
    IG_ASSERT(dt && sh && val);
    double x = val->kind == ATTR_FLOAT ? val->f : (double)val->i;
    int64_t n = shape_num_elements(&sh->shape);
    size_t size = dtype_size(dt->dtype);
    char *data = arena_alloc(in->arena, size * (size_t)(n > 0 ? n : 1));
    for (int64_t i = 0; i < n; i++) {
        void *p = data + (size_t)i * size;
        switch (dt->dtype) {
        case DT_BOOL: *(unsigned char *)p = x != 0; break;
        case DT_INT32: *(int32_t *)p = (int32_t)x; break;
        case DT_INT64: *(int64_t *)p = (int64_t)x; break;
        case DT_FLOAT32: *(float *)p = (float)x; break;
        case DT_FLOAT64: *(double *)p = x; break;
        default: UNREACHABLE(); /* shape_fill rejects strings */
        }
    }
    ConstData *cd = ARENA_NEW(in->arena, ConstData);
    *cd = (ConstData){.dtype = dt->dtype, .shape = sh->shape, .data = data};
    return cd;
}

/* TensorFlow's init_scope: a callable initial value runs outside every tf.function
   being traced and every tensor-dependent branch or loop, in the program function at
   the point the program has reached (before the call being traced), so its ops run
   once, in program order. */
static Value *call_in_init_scope(Interp *in, Value *fn, SrcLoc loc) {
    CallArgs none = {0};
    Tracer *t = in->tracer;
    if (tracer_is_eager(in)) return call_value(in, fn, &none, loc);
    Region *saved_region = t->builder.region;
    const RegionScope *saved_regions = t->open_regions;
    const TfFunction *saved_tracing = t->tracing;
    CaptureList *saved_captures = t->captures;
    t->builder.region = t->module->funcs[0]->body;
    t->open_regions = NULL;
    t->captures = NULL;
    tracer_set_tracing(in, NULL);
    Value *v = call_value(in, fn, &none, loc);
    t->builder.region = saved_region;
    t->open_regions = saved_regions;
    t->captures = saved_captures;
    tracer_set_tracing(in, saved_tracing);
    return v;
}

/* A variable's initial value: data known now (a Python value, a constant tensor,
   tf.zeros/ones/fill, any tensor in eager mode), or a tensor the program computes
   (random initializers, arithmetic, a value read at run time), which an 'initialize'
   op stores where the program makes the variable. */
typedef struct InitialValue {
    const ConstData *data;
    IrValue *computed;
} InitialValue;

static const char tensor_initializer_error[] =
    "Tensor-typed variable initializers must either be wrapped in an init_scope or callable "
    "(e.g., `tf.Variable(lambda : tf.truncated_normal([10, 40]))`) when building functions. "
    "Please file a feature request if this restriction inconveniences you.";

/* A tensor computed in the program function can initialize a variable when it is made
   outside every tensor-dependent branch or loop: the 'initialize' op then follows it in
   the program's body, before anything can read the variable. */
static bool computed_initializer(Interp *in, Value *init, InitialValue *out, SrcLoc loc) {
    const IrValue *ir = init->tensor.ir;
    const Func *program = in->tracer->module->funcs[0];
    if (init->tensor.func != program)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "%s", tensor_initializer_error), false;
    const Region *home = ir->def ? ir->def->parent : ir->param_of;
    if (home != program->body)
        return vm_not_supported(
                   in, loc,
                   arena_printf(in->arena,
                                "a tf.Variable whose initial value is computed inside a "
                                "tensor-dependent if or loop (%s); compute it before the "
                                "if or loop",
                                tensor_repr(in->arena, init))),
               false;
    if (!shape_is_static(&ir->type.shape))
        return vm_not_supported(in, loc,
                                arena_printf(in->arena,
                                             "a tf.Variable whose initial value's shape is "
                                             "known only when the program runs (%s)",
                                             tensor_repr(in->arena, init))),
               false;
    out->computed = init->tensor.ir;
    return true;
}

/* dtype < 0: inferred as tf.constant infers it. */
static bool initial_value(Interp *in, Value *init, int dtype, InitialValue *out, SrcLoc loc) {
    *out = (InitialValue){0};
    if (init->kind == VAL_FUNCTION || init->kind == VAL_BUILTIN || init->kind == VAL_METHOD) {
        init = call_in_init_scope(in, init, loc);
        if (!init) return false;
    }
    if (init->kind == VAL_NONE)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "initial_value must be specified."), false;
    /* Another variable's value, read where the program has reached. */
    if (init->kind == VAL_VARIABLE) {
        Region *saved = in->tracer->builder.region;
        if (!tracer_is_eager(in)) in->tracer->builder.region = in->tracer->module->funcs[0]->body;
        init = variable_read(in, init, loc);
        in->tracer->builder.region = saved;
        if (!init) return false;
    }
    if (init->kind != VAL_TENSOR) {
        out->data = python_to_const(in, init, dtype, loc);
        return out->data != NULL;
    }
    const Inst *def = init->tensor.ir->def;
    DType have = init->tensor.ir->type.dtype;
    if (dtype >= 0 && (DType)dtype != have)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "Tensor conversion requested dtype %s for Tensor with dtype %s",
                        dtype_name((DType)dtype), dtype_name(have)),
               false;
    /* Eager mode: every tensor has its value, whatever computed it. */
    if (init->tensor.concrete) out->data = eager_const_data(in->arena, init->tensor.concrete);
    else if (def && def->op == OP_CONST) out->data = attrs_get(&def->attrs, "value")->tensor;
    else if (def && def->op == OP_FILL) out->data = fill_data(in, def);
    else return computed_initializer(in, init, out, loc);
    return true;
}

/* The name the script binds the variable to, for the C name when there is no
   name=: "counter" in `counter = tf.Variable(0)`, "w" in `self.w = tf.Variable(...)`.
   It is read from the assignment on the call's line, as the assignment itself has
   not run yet. NULL when the line is not a simple assignment. */
static const char *assigned_name(Interp *in, SrcLoc loc) {
    size_t len;
    const char *p = srcfile_line(loc.file, loc.line, &len);
    if (!p) return NULL;
    /* The scan below stops at the '=' or at the first character no target has. */
    const char *end = loc.file->text + loc.file->len;
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    const char *last = NULL;
    size_t last_len = 0;
    for (;;) {
        const char *id = p;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_')) p++;
        if (p == id || isdigit((unsigned char)*id)) return NULL;
        last = id;
        last_len = (size_t)(p - id);
        if (p < end && *p == '.') {
            p++;
            continue;
        }
        /* state["v"] = ...: the key names it. */
        if (p + 1 < end && p[0] == '[' && (p[1] == '"' || p[1] == '\'')) {
            const char *key = p + 2, *q = key;
            while (q < end && (isalnum((unsigned char)*q) || *q == '_')) q++;
            if (q == key || q + 1 >= end || *q != p[1] || q[1] != ']') return NULL;
            last = key;
            last_len = (size_t)(q - key);
            p = q + 2;
        }
        break;
    }
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    if (p + 1 >= end || p[0] != '=' || p[1] == '=') return NULL;
    return arena_strndup(in->arena, last, last_len);
}

static const char singleton_error[] =
    "tf.function only supports singleton tf.Variables created on the first call. Make sure the "
    "tf.Variable is only created once or created outside tf.function.";

/* _ingot.variable(initial_value, trainable, name, dtype, shape) */
static Value *prim_variable(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"initial_value", "trainable", "name", "dtype", "shape"};
    Value *a[5];
    if (!args_bind(in, args, "variable", names, 5, 1, a, loc)) return NULL;
    /* TensorFlow's singleton rule: a tf.function may create variables on its first
       trace only; a retrace would make new ones on every new signature. */
    if (in->tracer->tracing && in->tracer->tracing->tracing_count > 1)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "%s", singleton_error);
    int dtype = -1;
    if (a[3] && a[3]->kind != VAL_NONE) {
        if (a[3]->kind != VAL_DTYPE)
            return vm_type_error(in, loc, "expected a tf.DType, got %s",
                                 value_repr(in->arena, a[3]));
        dtype = (int)a[3]->dtype;
    }
    if (a[4] && a[4]->kind != VAL_NONE)
        return vm_not_supported(in, loc, "the 'shape' argument of tf.Variable");
    const char *py_name = NULL;
    if (a[2] && a[2]->kind != VAL_NONE) {
        if (a[2]->kind != VAL_STR)
            return vm_type_error(in, loc, "tf.Variable's name must be a string, got %s",
                                 value_type_name(a[2]));
        py_name = a[2]->str.s;
    }
    bool trainable = true;
    if (a[1] && a[1]->kind != VAL_NONE) {
        bool ok;
        trainable = value_truthy(in, a[1], loc, &ok);
        if (!ok) return NULL;
    }
    InitialValue init;
    if (!initial_value(in, a[0], dtype, &init, loc)) return NULL;
    TensorType type = init.computed ? init.computed->type
                                    : (TensorType){init.data->dtype, init.data->shape};
    if (type.dtype == DT_STRING && type.shape.rank != 0)
        return vm_not_supported(in, loc, "a string tf.Variable that is not a scalar");
    SrcLoc at = vm_op_loc(in, loc);
    const char *c_name = py_name ? py_name : assigned_name(in, at);
    Module *m = in->tracer->module;
    Global *g = init.data ? module_add_global(m, c_name, init.data, trainable, at)
                          : module_add_computed_global(m, c_name, type, trainable, at);
    if (init.computed) {
        /* After the ops computing it, in the program's body (whatever is being traced
           now): it runs once, before anything can read the variable. */
        Builder program = in->tracer->builder;
        program.region = m->funcs[0]->body;
        if (!build_assign_var(&program, OP_INIT_VAR, g, init.computed, at)) return NULL;
    }
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_VARIABLE;
    v->var.global = g;
    if (tracer_is_eager(in))
        v->var.concrete = eager_var(in->tracer->eager, g); /* a concrete value from now on */
    /* TensorFlow 2 names a variable "<scope/><name>:0", an unnamed one "Variable:0". */
    const char *scope = in->tracer->name_scope ? in->tracer->name_scope : "";
    v->var.tf_name = arena_printf(in->arena, "%s%s:0", scope, py_name ? py_name : "Variable");
    /* A tape that sees a read of g reports the variable itself (watched_variables). */
    Tracer *tr = in->tracer;
    if (g->index >= tr->variables_cap) {
        int cap = 2 * g->index + 8;
        tr->variables = arena_grow(in->arena, tr->variables, sizeof(Value *),
                                   (size_t)tr->variables_cap, (size_t)cap);
        tr->variables_cap = cap;
    }
    tr->variables[g->index] = v;
    return v;
}

/* ---- Methods ---------------------------------------------------------------------------- */

/* assign, assign_add, assign_sub: value is converted to the variable's dtype as
   TensorFlow converts it (a Python 1 becomes 1.0 for a float variable; a tensor of
   another dtype is an error), and its shape must fit the variable's. */
static Value *var_update(Interp *in, Value *self, CallArgs *args, SrcLoc loc, Opcode op,
                         const char *method) {
    static const char *const names[] = {"value", "use_locking", "name", "read_value"};
    Value *a[4];
    if (!args_bind(in, args, method, names, 4, 1, a, loc)) return NULL;
    Global *g = self->var.global;
    Value *t = to_tensor(in, a[0], (int)g->type.dtype, loc);
    if (!t) return NULL;
    const Shape *want = &g->type.shape, *got = &t->tensor.ir->type.shape;
    bool fits = want->rank == got->rank;
    for (int i = 0; fits && i < got->rank; i++)
        fits = got->dims[i] == DIM_UNKNOWN || got->dims[i] == want->dims[i];
    if (!fits && op == OP_ASSIGN_VAR)
        /* TensorFlow's text, odd spacing included, so it can be searched for. */
        return vm_raise(
            in, EXC_VALUE_ERROR, loc,
            "Cannot assign value to variable ' %s': Shape mismatch.The variable shape %s, "
            "and the assigned value shape %s are incompatible.",
            self->var.tf_name, shape_tuple_text(in->arena, want), shape_tuple_text(in->arena, got));
    if (!fits) {
        char bw[16 * IR_MAX_RANK + 4], bg[16 * IR_MAX_RANK + 4];
        return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                        "Cannot update variable with shape %s using a Tensor with shape %s, "
                        "shapes must be equal.",
                        shape_str(want, bw, sizeof bw), shape_str(got, bg, sizeof bg));
    }
    if (!build_assign_var(&in->tracer->builder, op, g, t->tensor.ir, vm_op_loc(in, loc)))
        return NULL;
    bool read_value = true;
    if (a[3] && a[3]->kind != VAL_NONE) {
        bool ok;
        read_value = value_truthy(in, a[3], loc, &ok);
        if (!ok) return NULL;
    }
    /* TensorFlow returns the variable itself (whose later uses read the new value). */
    return read_value ? self : value_none();
}

static Value *var_assign(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    return var_update(in, self, args, loc, OP_ASSIGN_VAR, "assign");
}

static Value *var_assign_add(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    return var_update(in, self, args, loc, OP_ASSIGN_ADD_VAR, "assign_add");
}

static Value *var_assign_sub(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    return var_update(in, self, args, loc, OP_ASSIGN_SUB_VAR, "assign_sub");
}

/* read_value(), value(): the current value as a tensor. */
static Value *var_read_value(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return vm_type_error(in, loc, "read_value() takes no arguments");
    return variable_read(in, self, loc);
}

static Value *var_get_shape(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return vm_type_error(in, loc, "get_shape() takes no arguments");
    const Shape *s = &self->var.global->type.shape;
    Value *tuple = value_tuple(in->arena, s->rank);
    for (int i = 0; i < s->rank; i++) tuple->list->items[i] = value_int(in->arena, s->dims[i]);
    return tuple;
}

Value *variable_attribute(Interp *in, Value *var, const char *name, SrcLoc loc, bool *missing) {
    *missing = false;
    static const struct { const char *name; BuiltinFn fn;
    } methods[] = {
        {"assign", var_assign},         {"assign_add", var_assign_add},
        {"assign_sub", var_assign_sub}, {"read_value", var_read_value},
        {"value", var_read_value},      {"get_shape", var_get_shape},
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(name, methods[i].name) == 0)
            return value_builtin(in->arena, methods[i].name, methods[i].fn, var);
    const Global *g = var->var.global;
    if (strcmp(name, "dtype") == 0) return value_dtype(in->arena, g->type.dtype);
    if (strcmp(name, "shape") == 0) return var_get_shape(in, var, &(CallArgs){0}, loc);
    if (strcmp(name, "name") == 0) return value_cstr(in->arena, var->var.tf_name);
    if (strcmp(name, "trainable") == 0) return value_bool(g->trainable);
    if (strcmp(name, "numpy") == 0 && tracer_is_eager(in)) return concrete_numpy_method(in, var);
    if (strcmp(name, "numpy") == 0)
        return vm_error(
            in, loc,
            "'numpy()' needs a concrete value: it works in eager mode only (ingot run --eager)");
    *missing = true;
    return NULL;
}

void variables_install(Interp *in, PyModule *m) {
    env_set_local(in, m->globals, vm_intern(in, "variable"),
                  value_builtin(in->arena, "variable", prim_variable, NULL));
}
