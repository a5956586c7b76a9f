/* tracing.c — tf.function: one concrete function per distinct call signature, as
 * TensorFlow keys them (TF-SEMANTICS.md §1): tensors by dtype and shape, Python
 * scalars and strings by value, lists/tuples/dicts by structure, other objects by
 * identity. A call traces on a cache miss, then becomes a `call` node. */
#include <string.h>

#include "interp_internal.h"

Value *tf_function_new(Interp *in, Value *python_function) {
    TfFunction *tf = ARENA_NEW(in->arena, TfFunction);
    tf->python_function = python_function;
    tf->name = python_function->fn->name;
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_TF_FUNCTION;
    v->tf_fn = tf;
    return v;
}

/* ---- The cache key ------------------------------------------------------------------ */

static Value *tuple_of(Interp *in, int n, Value **items) {
    Value *t = value_tuple(in->arena, n);
    memcpy(t->list->items, items, sizeof(Value *) * (size_t)n);
    return t;
}

static Value *trace_type(Interp *in, Value *v) {
    Arena *a = in->arena;
    switch (v->kind) {
    case VAL_TENSOR: {
        const TensorType *t = &v->tensor.ir->type;
        Value *dims = value_tuple(a, t->shape.rank);
        for (int i = 0; i < t->shape.rank; i++) dims->list->items[i] = value_int(a, t->shape.dims[i]);
        Value *parts[3] = {value_cstr(a, "Tensor"), value_int(a, t->dtype), dims};
        return tuple_of(in, 3, parts);
    }
    case VAL_LIST:
    case VAL_TUPLE: {
        Value *items = value_tuple(a, v->list->len + 1);
        items->list->items[0] = value_cstr(a, value_type_name(v));
        for (int i = 0; i < v->list->len; i++) items->list->items[i + 1] = trace_type(in, v->list->items[i]);
        return items;
    }
    case VAL_DICT: {
        Value *items = value_dict(a);
        for (int i = 0; i < v->dict->nentries; i++)
            if (v->dict->entries[i].key)
                dict_set(a, items->dict, v->dict->entries[i].key, trace_type(in, v->dict->entries[i].value));
        Value *parts[2] = {value_cstr(a, "dict"), items};
        return tuple_of(in, 2, parts);
    }
    case VAL_NONE:
    case VAL_BOOL:
    case VAL_INT:
    case VAL_FLOAT:
    case VAL_STR: {
        /* By value, and by type: f(1) and f(True) are different traces. */
        Value *parts[2] = {value_cstr(a, value_type_name(v)), v};
        return tuple_of(in, 2, parts);
    }
    default: {
        Value *parts[2] = {value_cstr(a, "object"), v};
        return tuple_of(in, 2, parts);
    }
    }
}

static Value *call_key(Interp *in, CallArgs *args) {
    Value *key = value_tuple(in->arena, args->npos + 2 * args->nkw);
    for (int i = 0; i < args->npos; i++) key->list->items[i] = trace_type(in, args->pos[i]);
    for (int k = 0; k < args->nkw; k++) {
        key->list->items[args->npos + 2 * k] = value_cstr(in->arena, args->kw_names[k]);
        key->list->items[args->npos + 2 * k + 1] = trace_type(in, args->kw_values[k]);
    }
    return key;
}

/* ---- Flattening tensors out of argument and result structures --------------------------- */

/* The tensors among v's leaves, in order, appended to out. */
static void flatten_tensors(Interp *in, Value *v, List *out) {
    List leaves = {0};
    nest_flatten(in, v, &leaves);
    for (int i = 0; i < leaves.len; i++)
        if (leaves.items[i]->kind == VAL_TENSOR) list_append(in->arena, out, leaves.items[i]);
}

typedef struct ParamCtx {
    Region *body;
    const char *name_hint;
} ParamCtx;

/* Inside the trace, each tensor argument becomes a parameter of the concrete function. */
static Value *make_param(Interp *in, Value *leaf, void *ctxp) {
    if (leaf->kind != VAL_TENSOR) return leaf;
    ParamCtx *ctx = ctxp;
    IrValue *p = region_add_param(in->module, ctx->body, leaf->tensor.ir->type, ctx->name_hint);
    Value *v = tensor_value(in, p);
    if (ctx->name_hint) v->tensor.tf_name = arena_printf(in->arena, "%s:0", ctx->name_hint);
    return v;
}

typedef struct CallCtx {
    Inst *call;
    int next;   /* the call output standing for the next tensor */
} CallCtx;

/* At the call site, the i-th tensor of the traced result is the call's i-th output. */
static Value *output_of_call(Interp *in, Value *leaf, void *ctxp) {
    if (leaf->kind != VAL_TENSOR) return leaf;
    CallCtx *ctx = ctxp;
    return tensor_value(in, ctx->call->outputs[ctx->next++]);
}

/* Results of a trace: Python numbers and strings become tensors, as TensorFlow
   converts a function's outputs; tensors from the function's own graph stay. */
static Value *convert_output(Interp *in, Value *leaf, void *ctx) {
    SrcLoc loc = *(const SrcLoc *)ctx;
    if (leaf->kind == VAL_NONE) return leaf;
    if (leaf->kind == VAL_TENSOR || value_is_number(leaf) || leaf->kind == VAL_STR) return to_tensor(in, leaf, -1, loc);
    return interp_not_supported(in, loc, arena_printf(in->arena, "returning a '%s' from a tf.function", value_type_name(leaf)));
}

static const char *signature_text(Interp *in, const Func *f) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    strbuf_putc(&sb, '(');
    for (int i = 0; i < f->body->nparams; i++) {
        char buf[96];
        const IrValue *p = f->body->params[i];
        if (i) strbuf_puts(&sb, ", ");
        strbuf_printf(&sb, "%s: %s", p->name_hint ? p->name_hint : "_", type_str(&p->type, buf, sizeof buf));
    }
    strbuf_putc(&sb, ')');
    return strbuf_cstr(&sb);
}

static ConcreteFunction *trace(Interp *in, TfFunction *tf, CallArgs *args, Value *key, SrcLoc loc) {
    Function *fn = tf->python_function->fn;
    Func *f = func_new(in->module, tf->name, FUNC_TRACED, fn->def->loc);
    Builder saved = in->builder;
    CallChain *chain = ARENA_NEW(in->arena, CallChain);
    *chain = (CallChain){.call_loc = interp_op_loc(in, loc), .callee_name = tf->name, .parent = saved.chain};
    in->builder = (Builder){.module = in->module, .region = f->body, .diag = in->diag, .chain = chain};

    /* Tensor arguments become parameters, named after the Python parameters. */
    CallArgs inner = *args;
    inner.pos = ARENA_ARRAY(in->arena, Value *, args->npos + 1);
    inner.kw_values = ARENA_ARRAY(in->arena, Value *, args->nkw + 1);
    const Params *params = fn->params;
    for (int i = 0; i < args->npos; i++) {
        ParamCtx ctx = {f->body, i < params->args.len ? params->args.items[i]->arg.name : NULL};
        inner.pos[i] = nest_map(in, args->pos[i], make_param, &ctx);
    }
    for (int k = 0; k < args->nkw; k++) {
        ParamCtx ctx = {f->body, args->kw_names[k]};
        inner.kw_values[k] = nest_map(in, args->kw_values[k], make_param, &ctx);
    }
    tf->tracing_count++;
    in->return_loc = fn->def->loc;   /* no return statement ran: the def */
    const TfFunction *outer_tracing = in->tracing;
    in->tracing = tf;
    Value *ret = call_function(in, fn, &inner, loc);
    in->tracing = outer_tracing;
    /* The function's own return ran last: its results are checked there. */
    SrcLoc ret_loc = in->return_loc;
    if (ret) ret = nest_map(in, ret, convert_output, &ret_loc);
    ConcreteFunction *cf = NULL;
    if (ret) {
        List results = {0};
        flatten_tensors(in, ret, &results);
        IrValue **vals = ARENA_ARRAY(in->arena, IrValue *, results.len + 1);
        for (int i = 0; i < results.len; i++) vals[i] = results.items[i]->tensor.ir;
        region_set_results(in->module, f->body, vals, results.len);
        f->signature = signature_text(in, f);
        cf = ARENA_NEW(in->arena, ConcreteFunction);
        *cf = (ConcreteFunction){.key = key, .func = f, .output_template = ret, .nresults = results.len};
    }
    in->builder = saved;
    return cf;
}

Value *tf_function_call(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc) {
    Value *key = call_key(in, args);
    ConcreteFunction *cf = NULL;
    for (int i = 0; i < tf->ntraces && !cf; i++)
        if (value_equal(tf->traces[i]->key, key)) cf = tf->traces[i];
    if (!cf) {
        cf = trace(in, tf, args, key, loc);
        if (!cf) return NULL;
        if (tf->ntraces == tf->cap) {
            int cap = tf->cap ? tf->cap * 2 : 4;
            tf->traces = arena_grow(in->arena, tf->traces, sizeof(ConcreteFunction *), (size_t)tf->ntraces, (size_t)cap);
            tf->cap = cap;
        }
        tf->traces[tf->ntraces++] = cf;
    }
    /* The call node takes the tensor arguments in the order the trace made its params. */
    List inputs = {0};
    for (int i = 0; i < args->npos; i++) flatten_tensors(in, args->pos[i], &inputs);
    for (int k = 0; k < args->nkw; k++) flatten_tensors(in, args->kw_values[k], &inputs);
    IrValue **irs = ARENA_ARRAY(in->arena, IrValue *, inputs.len + 1);
    for (int i = 0; i < inputs.len; i++) {
        Value *t = to_tensor(in, inputs.items[i], -1, loc);
        if (!t) return NULL;
        irs[i] = t->tensor.ir;
    }
    Inst *call = build_inst(&in->builder, OP_CALL, irs, inputs.len, NULL, cf->func, interp_op_loc(in, loc));
    if (!call) return NULL;
    CallCtx ctx = {call, 0};
    return nest_map(in, cf->output_template, output_of_call, &ctx);
}

static Value *get_tracing_count(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw)
        return interp_type_error(in, loc, "experimental_get_tracing_count() takes no arguments");
    return value_int(in->arena, self->tf_fn->tracing_count);
}

Value *tf_function_attribute(Interp *in, Value *tf, const char *name, SrcLoc loc, bool *missing) {
    *missing = false;
    if (strcmp(name, "experimental_get_tracing_count") == 0)
        return value_builtin(in->arena, "experimental_get_tracing_count", get_tracing_count, tf);
    if (strcmp(name, "python_function") == 0) return tf->tf_fn->python_function;
    if (strcmp(name, "__name__") == 0) return value_cstr(in->arena, tf->tf_fn->name);
    if (strcmp(name, "get_concrete_function") == 0)
        return interp_not_supported(in, loc, "'get_concrete_function'");
    *missing = true;
    return NULL;
}
