/* tracing.c — tf.function: one concrete function per distinct call signature, as
 * TensorFlow keys them (TF-SEMANTICS.md §1; the keys are trace_key.c's). A call
 * looks for the most specific cached trace that accepts its arguments; a miss
 * traces (at a shape generalized against the cache with reduce_retracing, or at the
 * input_signature's shapes), and the call becomes a `call` node. get_concrete_function
 * traces without calling. Entry points: tf_function_new, tf_function_call,
 * tf_function_attribute, concrete_function_call. Memory owner: the interpreter's Arena. */
#include <string.h>

#include "eager_values.h"
#include "function.h"
#include "tracer_internal.h"

Value *tf_function_new(Interp *in, Value *python_function, Value *input_signature,
                       bool reduce_retracing, SrcLoc loc) {
    TfFunction *tf = ARENA_NEW(in->arena, TfFunction);
    tf->python_function = python_function;
    tf->name = python_function->fn->name;
    tf->reduce_retracing = reduce_retracing;
    if (input_signature && input_signature->kind != VAL_NONE) {
        if (!value_is_sequence(input_signature))
            return vm_type_error(in, loc, "input_signature must be a list of tf.TensorSpec, got %s",
                                 value_type_name(input_signature));
        for (int i = 0; i < input_signature->list->len; i++) {
            Value *s = input_signature->list->items[i];
            if (s->kind != VAL_TENSOR_SPEC)
                return vm_not_supported(in, loc,
                                        arena_printf(in->arena,
                                                     "an input_signature entry that is %s %s "
                                                     "(only tf.TensorSpec)",
                                                     indefinite_article(value_type_name(s)),
                                                     value_type_name(s)));
        }
        tf->input_signature = input_signature->list;
    }
    tf->detector = retrace_detector_for(in, python_function->fn->def);
    tracer_register_tf_function(in, tf);
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_TF_FUNCTION;
    v->tf_fn = tf;
    return v;
}

Value *tf_function_bound_to(Interp *in, Value *tf_value, Value *obj) {
    TfFunction *tf = tf_value->tf_fn;
    for (int i = 0; i < tf->nbound; i++)
        if (tf->bound[i]->tf_fn->bound_self == obj ||
            value_equal(tf->bound[i]->tf_fn->bound_self, obj))
            return tf->bound[i];
    TfFunction *copy = ARENA_NEW(in->arena, TfFunction);
    *copy = (TfFunction){.python_function = tf->python_function,
                         .name = tf->name,
                         .input_signature = tf->input_signature,
                         .reduce_retracing = tf->reduce_retracing,
                         .detector = tf->detector,
                         .bound_self = obj};
    tracer_register_tf_function(in, copy);
    Value *v = value_new(in->arena, VAL_TF_FUNCTION);
    v->tf_fn = copy;
    if (tf->nbound == tf->bound_cap) {
        int cap = tf->bound_cap ? tf->bound_cap * 2 : 4;
        tf->bound =
            arena_grow(in->arena, tf->bound, sizeof(Value *), (size_t)tf->nbound, (size_t)cap);
        tf->bound_cap = cap;
    }
    tf->bound[tf->nbound++] = v;
    return v;
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
    const TensorType *types;   /* the trace's types for the tensors, in order */
    int *next;
} ParamCtx;

/* Inside the trace, each tensor argument becomes a parameter of the concrete function,
   typed as the trace key says (unknown dims where the trace is generalized). */
static Value *make_param(Interp *in, Value *leaf, void *ctxp) {
    if (leaf->kind != VAL_TENSOR) return leaf;
    ParamCtx *ctx = ctxp;
    IrValue *p =
        region_add_param(in->tracer->module, ctx->body, ctx->types[(*ctx->next)++], ctx->name_hint);
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
    if (leaf->kind == VAL_TENSOR || value_is_number(leaf) || leaf->kind == VAL_STR)
        return to_tensor(in, leaf, -1, loc);
    return vm_not_supported(
        in, loc,
        arena_printf(in->arena, "returning a '%s' from a tf.function", value_type_name(leaf)));
}

static const char *signature_text(Interp *in, const Func *f) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    strbuf_putc(&sb, '(');
    for (int i = 0; i < f->body->nparams; i++) {
        char buf[96];
        const IrValue *p = f->body->params[i];
        if (i) strbuf_puts(&sb, ", ");
        strbuf_printf(&sb, "%s: %s", p->name_hint ? p->name_hint : "_",
                      type_str(&p->type, buf, sizeof buf));
    }
    strbuf_putc(&sb, ')');
    return strbuf_cstr(&sb);
}

static bool has_tensor(Interp *in, Value *v) {
    List leaves = {0};
    nest_flatten(in, v, &leaves);
    for (int i = 0; i < leaves.len; i++)
        if (leaves.items[i]->kind == VAL_TENSOR || leaves.items[i]->kind == VAL_VARIABLE)
            return true;
    return false;
}

/* The Python call a trace is for, written twice: `typed` for the function's label
   ("add_n(x: f32[], n=2)": a tensor with its parameter's type, a structure of tensors
   with its kind) and `plain` for the trace report and pretty_printed_concrete_signatures
   ("x, n=2", as TensorFlow's summary). A Python value, which the trace pins, is
   name=repr in the label (cut at 40 characters), name=str(value) in the summary, whole,
   as TensorFlow writes it. v made the trace's parameters first..end-1. */
typedef struct CallText {
    StrBuf typed, plain;
} CallText;

static void call_arg_text(Interp *in, CallText *t, const char *name, Value *v, const Func *f,
                          int first, int end) {
    char buf[96];
    if (!name) name = "_";
    const char *typed_sep = t->typed.data[t->typed.len - 1] != '(' ? ", " : "";
    const char *plain_sep = t->plain.len > 0 ? ", " : "";
    if (has_tensor(in, v)) {
        const char *type = v->kind == VAL_TENSOR && end == first + 1
                               ? type_str(&f->body->params[first]->type, buf, sizeof buf)
                           : end > first ? value_type_name(v)
                                         : NULL;
        strbuf_printf(&t->typed, "%s%s", typed_sep, name);
        if (type) strbuf_printf(&t->typed, ": %s", type);
        strbuf_printf(&t->plain, "%s%s", plain_sep, name);
        return;
    }
    const char *r = value_repr(in->arena, v);
    strbuf_printf(&t->typed, strlen(r) > 40 ? "%s%s=%.37s..." : "%s%s=%s", typed_sep, name, r);
    strbuf_printf(&t->plain, "%s%s=%s", plain_sep, name,
                  v->kind == VAL_STR ? v->str.s : value_to_str(in->arena, v));
}

const char *tracing_positional_name(Interp *in, const Params *params, int i) {
    if (i < params->args.len) return params->args.items[i]->arg.name;
    if (!params->vararg) return NULL;
    return arena_printf(in->arena, "%s_%d", params->vararg->arg.name, i - params->args.len);
}

/* The Python names of a call key's entries (parameter names, keyword names). */
static const char **key_names(Interp *in, const TfFunction *tf, const CallArgs *args) {
    const Params *params = tf->python_function->fn->params;
    const char **names = ARENA_ARRAY(in->arena, const char *, args->npos + 2 * args->nkw + 1);
    for (int i = 0; i < args->npos; i++)
        names[i] = tracing_positional_name(in, params, i);
    for (int k = 0; k < args->nkw; k++) names[args->npos + 2 * k + 1] = args->kw_names[k];
    return names;
}

static ConcreteFunction *trace(Interp *in, TfFunction *tf, CallArgs *args, Value *key, SrcLoc loc) {
    Function *fn = tf->python_function->fn;
    Func *f = func_new(in->tracer->module, tf->name, FUNC_TRACED, fn->def->loc);
    Builder saved = in->tracer->builder;
    CallChain *chain = ARENA_NEW(in->arena, CallChain);
    *chain =
        (CallChain){.call_loc = vm_op_loc(in, loc), .callee_name = tf->name, .parent = saved.chain};
    in->tracer->builder = (Builder){.module = in->tracer->module,
                                    .region = f->body,
                                    .diag = in->diag,
                                    .chain = chain,
                                    .on_error = tracer_builder_error,
                                    .on_error_ctx = in,
                                    .observe = tape_observe,
                                    .observe_ctx = in};

    /* Tensor arguments become parameters, named after the Python parameters. */
    TensorType *types = NULL;
    int ntypes = 0, next = 0;
    trace_key_tensor_types(in, key, &types, &ntypes);
    CallArgs inner = *args;
    inner.pos = ARENA_ARRAY(in->arena, Value *, args->npos + 1);
    inner.kw_values = ARENA_ARRAY(in->arena, Value *, args->nkw + 1);
    const Params *params = fn->params;
    CallText call;
    strbuf_init(&call.typed, in->arena);
    strbuf_init(&call.plain, in->arena);
    strbuf_printf(&call.typed, "%s(", tf->name);
    for (int i = 0; i < args->npos; i++) {
        ParamCtx ctx = {f->body, tracing_positional_name(in, params, i), types, &next};
        int first = next;
        inner.pos[i] = nest_map(in, args->pos[i], make_param, &ctx);
        if (args->pos[i] != tf->bound_self)
            call_arg_text(in, &call, ctx.name_hint, args->pos[i], f, first, next);
    }
    for (int k = 0; k < args->nkw; k++) {
        ParamCtx ctx = {f->body, args->kw_names[k], types, &next};
        int first = next;
        inner.kw_values[k] = nest_map(in, args->kw_values[k], make_param, &ctx);
        call_arg_text(in, &call, args->kw_names[k], args->kw_values[k], f, first, next);
    }
    strbuf_putc(&call.typed, ')');
    IG_ASSERT(next == ntypes);
    List *copies = ARENA_NEW(in->arena, List);
    for (int i = 0; i < args->npos; i++) collect_containers(in->arena, inner.pos[i], copies);
    for (int k = 0; k < args->nkw; k++) collect_containers(in->arena, inner.kw_values[k], copies);
    const List *outer_copies = in->tracer->argument_copies;
    in->tracer->argument_copies = copies;
    CaptureList *captures = ARENA_NEW(in->arena, CaptureList);
    captures->func = f;
    CaptureList *outer_captures = in->tracer->captures;
    in->tracer->captures = captures;
    tf->tracing_count++;
    in->return_loc = fn->def->loc;   /* no return statement ran: the def */
    const TfFunction *outer_tracing = in->tracer->tracing;
    tracer_set_tracing(in, tf);
    const char *outer_scope = in->tracer->name_scope;
    in->tracer->name_scope = "";
    int outer_epoch = in->epoch;
    in->epoch = ++in->tracer->traces_started;
    Value *ret = call_function(in, fn, &inner, loc);
    tracer_set_tracing(in, outer_tracing);
    in->tracer->name_scope = outer_scope;
    in->epoch = outer_epoch;
    in->tracer->captures = outer_captures;
    in->tracer->argument_copies = outer_copies;
    /* The function's own return ran last: its results are checked there. */
    SrcLoc ret_loc = in->return_loc;
    if (ret) ret = nest_map(in, ret, convert_output, &ret_loc);
    ConcreteFunction *cf = NULL;
    if (ret) {
        List results = {0};
        flatten_tensors(in, ret, &results);
        IrValue **vals = ARENA_ARRAY(in->arena, IrValue *, results.len + 1);
        for (int i = 0; i < results.len; i++) vals[i] = results.items[i]->tensor.ir;
        region_set_results(in->tracer->module, f->body, vals, results.len);
        f->signature = signature_text(in, f);
        f->py_signature = strbuf_cstr(&call.typed);
        f->traced_at = vm_op_loc(in, loc);
        cf = ARENA_NEW(in->arena, ConcreteFunction);
        *cf = (ConcreteFunction){.key = key,
                                 .func = f,
                                 .output_template = ret,
                                 .nresults = results.len,
                                 .traced_at = vm_op_loc(in, loc),
                                 .args_text = strbuf_cstr(&call.plain),
                                 .call = *args,
                                 .captures = captures};
    }
    in->tracer->builder = saved;
    /* A trace that raised is dropped (the script may catch the error and go on). */
    if (!cf) func_drop(in->tracer->module, f);
    return cf;
}

/* ---- The cache ------------------------------------------------------------------------------ */

/* The most specific cached trace that accepts key; ties go to the earliest. */
static ConcreteFunction *cache_lookup(const TfFunction *tf, const Value *key) {
    ConcreteFunction *best = NULL;
    int best_known = -1;
    for (int i = 0; i < tf->ntraces; i++) {
        ConcreteFunction *cf = tf->traces[i];
        if (!trace_key_matches(cf->key, key)) continue;
        int known = trace_key_specificity(cf->key);
        if (known > best_known) best = cf, best_known = known;
    }
    return best;
}

static void cache_add(Interp *in, TfFunction *tf, ConcreteFunction *cf) {
    if (tf->ntraces == tf->cap) {
        int cap = tf->cap ? tf->cap * 2 : 4;
        tf->traces = arena_grow(in->arena, tf->traces, sizeof(ConcreteFunction *),
                                (size_t)tf->ntraces, (size_t)cap);
        tf->cap = cap;
    }
    tf->traces[tf->ntraces++] = cf;
}

/* With input_signature every argument is a tensor of its spec: Python values are
   converted to the spec's dtype, and a mismatch is the caller's error. */
static bool bind_signature(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc) {
    const List *specs = tf->input_signature;
    /* A method's signature is of the arguments after self. */
    int self = tf->bound_self ? 1 : 0;
    if (args->nkw)
        return vm_type_error(in, loc, "'%s' has an input_signature: pass its arguments by position",
                             tf->name),
               false;
    if (args->npos - self != specs->len)
        return vm_type_error(in, loc, "'%s' takes %d argument%s (its input_signature), got %d",
                             tf->name, specs->len, specs->len == 1 ? "" : "s", args->npos - self),
               false;
    const char **names = key_names(in, tf, args);
    Value **pos = ARENA_ARRAY(in->arena, Value *, args->npos + 1);
    if (self) pos[0] = args->pos[0];
    for (int i = self; i < args->npos; i++) {
        const TensorType *want = specs->items[i - self]->spec.type;
        Value *v = args->pos[i];
        const char *who = names[i] ? arena_printf(in->arena, "argument '%s'", names[i])
                                   : arena_printf(in->arena, "argument %d", i);
        if (!value_is_tensor(v) && !value_is_number(v) && !value_is_sequence(v))
            return vm_type_error(in, loc, "%s of '%s' is a %s, but its input_signature expects %s",
                                 who, tf->name, value_type_name(v),
                                 value_repr(in->arena, specs->items[i - self])),
                   false;
        /* Tensors are checked for use at the call; here only their type matters (and
           get_concrete_function passes stand-ins that are never used). */
        Value *t = value_is_tensor(v) ? v : to_tensor(in, v, (int)want->dtype, loc);
        if (!t) return false;
        const TensorType *have = &t->tensor.ir->type;
        bool fits = have->dtype == want->dtype && have->shape.rank == want->shape.rank;
        for (int d = 0; fits && d < want->shape.rank; d++)
            fits = want->shape.dims[d] == DIM_UNKNOWN || want->shape.dims[d] == have->shape.dims[d];
        if (!fits)
            return vm_type_error(
                       in, loc,
                       "%s of '%s' does not match its input_signature: got %s %s tensor of "
                       "shape %s, expected %s",
                       who, tf->name, indefinite_article(dtype_name(have->dtype)),
                       dtype_name(have->dtype), shape_tuple_text(in->arena, &have->shape),
                       value_repr(in->arena, specs->items[i - self])),
                   false;
        pos[i] = t;
    }
    args->pos = pos;
    return true;
}

/* "argument 'n': 3, was 2; argument 'x': shape (3,), was (2,)". */
static const char *key_diffs_text(Interp *in, const KeyDiff *d, int n) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < n; i++)
        strbuf_printf(&sb, "%s%s: %s, was %s", i ? "; " : "", d[i].who, d[i].now, d[i].was);
    return n ? strbuf_cstr(&sb) : "the same arguments";
}

/* The call log --trace-report prints (TfFunction.calls). */
static void log_call(Interp *in, TfFunction *tf, ConcreteFunction *cf, bool traced, bool concrete,
                     SrcLoc loc) {
    if (tf->ncalls_logged == tf->calls_cap) {
        int cap = tf->calls_cap ? tf->calls_cap * 2 : 8;
        tf->calls = arena_grow(in->arena, tf->calls, sizeof(TfCall), (size_t)tf->ncalls_logged,
                               (size_t)cap);
        tf->calls_cap = cap;
    }
    tf->calls[tf->ncalls_logged++] = (TfCall){.at = vm_op_loc(in, loc),
                                              .trace = cf,
                                              .traced = traced,
                                              .nested = in->tracer->tracing != NULL,
                                              .concrete = concrete};
}

/* The index of the parameter called name (interned) in list, or -1. */
static int param_index(Interp *in, const NodeList *list, const char *name) {
    for (int i = 0; i < list->len; i++)
        if (vm_intern(in, list->items[i]->arg.name) == name) return i;
    return -1;
}

/* TensorFlow binds a call to the function's parameters, defaults applied, before it
   keys it (FunctionType's bind): f(x, 2), f(x, n=2), f(n=2, x=x) and f(x) with n=2 by
   default are one call, with one trace. *args becomes that binding: every
   positional-or-keyword parameter by position, then the extras for *args; the
   keyword-only parameters in their order, then the extras for **kwargs by name.
   False for a call that does not bind (args left as they are). */
static bool canonicalize_call(Interp *in, const Function *fn, CallArgs *args) {
    const Params *p = fn->params;
    int nparams = p->args.len, nkwonly = p->kwonly.len;
    if (args->npos > nparams && !p->vararg) return false;
    int npos = args->npos > nparams ? args->npos : nparams;
    Value **pos = ARENA_ARRAY(in->arena, Value *, npos + 1);
    for (int i = 0; i < args->npos; i++) pos[i] = args->pos[i];
    int nkw = nkwonly + args->nkw;
    const char **names = ARENA_ARRAY(in->arena, const char *, nkw + 1);
    Value **values = ARENA_ARRAY(in->arena, Value *, nkw + 1);
    int nextra = 0;
    for (int k = 0; k < args->nkw; k++) {
        const char *name = args->kw_names[k];
        int i = param_index(in, &p->args, name), j = param_index(in, &p->kwonly, name);
        Value **slot = i >= 0 ? &pos[i] : j >= 0 ? &values[j] : NULL;
        if (slot && *slot) return false; /* given twice */
        if (slot) {
            *slot = args->kw_values[k];
            continue;
        }
        if (!p->kwarg) return false;
        /* **kwargs' extras are a dict, which TensorFlow's key orders by name. */
        int at = nkwonly + nextra++;
        for (; at > nkwonly && strcmp(names[at - 1], name) > 0; at--) {
            names[at] = names[at - 1];
            values[at] = values[at - 1];
        }
        names[at] = name;
        values[at] = args->kw_values[k];
    }
    for (int i = 0; i < nparams; i++)
        if (!pos[i] && !(pos[i] = fn->defaults[i])) return false;
    for (int j = 0; j < nkwonly; j++) {
        names[j] = vm_intern(in, p->kwonly.items[j]->arg.name);
        if (!values[j] && !(values[j] = fn->kwonly_defaults[j])) return false;
    }
    *args = (CallArgs){.pos = pos, .npos = npos, .kw_names = names, .kw_values = values,
                       .nkw = nkwonly + nextra};
    return true;
}

#define ARGUMENT_NESTING_MAX 100 /* deeper is a structure that holds itself, or as good */

/* The call bound as TensorFlow binds it before keying (canonicalize_call); false after
   raising Python's TypeError for a call that does not bind, before anything traces, or
   a RecursionError for an argument nested without end (a list that holds itself). */
static bool bind_call(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc) {
    for (int i = 0; i < args->npos + args->nkw; i++)
        if (!nest_within_depth(i < args->npos ? args->pos[i] : args->kw_values[i - args->npos],
                               ARGUMENT_NESTING_MAX))
            return vm_raise(in, EXC_RECURSION_ERROR, loc,
                            "maximum recursion depth exceeded while flattening the arguments "
                            "of tf.function '%s' (a list or dict that holds itself?)",
                            tf->name),
                   false;
    Function *fn = tf->python_function->fn;
    if (canonicalize_call(in, fn, args)) return true;
    if (!call_binds(in, fn, args, loc)) return false;
    /* Python binds what the canonical form could not lay out: keyed as written. */
    return true;
}

/* The trace a call needs (tracing on a miss); NULL after an error. */
static ConcreteFunction *concrete_for(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc,
                                      bool *traced) {
    *traced = false;
    if (tf->input_signature && !bind_signature(in, tf, args, loc)) return NULL;
    if (!tf->input_signature && !bind_call(in, tf, args, loc)) return NULL;
    /* A method's own Function is for one instance: self is not part of its keys. */
    CallArgs key_args = *args;
    int self = tf->bound_self && args->npos ? 1 : 0;
    if (self) { /* (pos is NULL for a call with no arguments: no arithmetic on it) */
        key_args.pos++;
        key_args.npos--;
    }
    Value *key = trace_key_of_call(in, &key_args);
    ConcreteFunction *cf = cache_lookup(tf, key);
    if (cf) return cf;
    Value *trace_key = key;
    const char *reason = "first call";
    const char **misses = ARENA_ARRAY(in->arena, const char *, tf->ntraces + 1);
    int nearest = 0;
    if (tf->input_signature) {
        trace_key = trace_key_of_signature(in, tf->input_signature);
        reason = "first call (input_signature)";
    } else if (tf->ntraces) {
        /* Why each cached trace does not fit; the nearest miss (fewest arguments
           differing, then fewest places, ties to the earliest) explains the retrace.
           reduce_retracing traces the most specific type covering both instead. */
        const char **names = key_names(in, tf, args) + self;
        int best_args = 0, best_places = 0;
        for (int i = 0; i < tf->ntraces; i++) {
            KeyDiff *d;
            int places = trace_key_differences(in, tf->traces[i]->key, key, names, &d);
            misses[i] = key_diffs_text(in, d, places);
            int nargs = trace_key_distance(tf->traces[i]->key, key);
            if (!nearest || nargs < best_args || (nargs == best_args && places < best_places))
                nearest = i + 1, best_args = nargs, best_places = places;
        }
        reason = best_places == 1
                     ? arena_printf(in->arena, "%s in trace %d", misses[nearest - 1], nearest)
                     : arena_printf(in->arena, "%d differences from trace %d: %s", best_places,
                                    nearest, misses[nearest - 1]);
        if (tf->reduce_retracing)
            for (int i = 0; i < tf->ntraces; i++) {
                Value *g = trace_key_generalize(in, tf->traces[i]->key, key);
                if (g) {
                    trace_key = g;
                    reason =
                        arena_printf(in->arena, "%s (generalized by reduce_retracing)", reason);
                    break;
                }
            }
    }
    cf = trace(in, tf, args, trace_key, loc);
    if (!cf) return NULL;
    cf->reason = reason;
    cf->func->trace_reason = reason;
    cf->index = tf->ntraces + 1;
    cf->nearest = nearest;
    cf->misses = misses;
    cache_add(in, tf, cf);
    *traced = true;
    return cf;
}

static Value *call_concrete(Interp *in, ConcreteFunction *cf, CallArgs *args, SrcLoc loc) {
    /* The call node takes the tensor arguments in the order the trace made its params. */
    List inputs = {0};
    for (int i = 0; i < args->npos; i++) flatten_tensors(in, args->pos[i], &inputs);
    for (int k = 0; k < args->nkw; k++) flatten_tensors(in, args->kw_values[k], &inputs);
    /* Then the captured tensors, as seen from here (which may capture them in turn). */
    for (int i = 0; i < cf->captures->n; i++)
        list_append(in->arena, &inputs, cf->captures->outer[i]);
    IrValue **irs = ARENA_ARRAY(in->arena, IrValue *, inputs.len + 1);
    for (int i = 0; i < inputs.len; i++) {
        Value *t = to_tensor(in, inputs.items[i], -1, loc);
        if (!t) return NULL;
        irs[i] = t->tensor.ir;
    }
    Inst *call = build_inst(&in->tracer->builder, OP_CALL, irs, inputs.len, NULL, cf->func,
                            vm_op_loc(in, loc));
    if (!call) return NULL;
    CallCtx ctx = {call, 0};
    return nest_map(in, cf->output_template, output_of_call, &ctx);
}

Value *tf_function_call(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc) {
    /* Eager mode is tf.config.run_functions_eagerly(True): the Python function runs on
       every call, nothing is traced, and experimental_get_tracing_count() stays 0, as
       in TensorFlow (Function.__call__ calls python_function directly). */
    if (tracer_is_eager(in) || in->tracer->run_functions_eagerly)
        return call_value(in, tf->python_function, args, loc);
    CallArgs bound = *args;
    bool traced;
    ConcreteFunction *cf = concrete_for(in, tf, &bound, loc, &traced);
    if (!cf) return NULL;
    log_call(in, tf, cf, traced, false, loc);
    /* TensorFlow watches calls from eager code only: here, the program's top level. */
    if (!in->tracer->tracing) retrace_detector_record(in, tf, traced, loc);
    return call_concrete(in, cf, &bound, loc);
}

/* ---- Captures ------------------------------------------------------------------------------ */

IrValue *capture_tensor(Interp *in, Value *v, SrcLoc loc) {
    (void)loc;
    CaptureList *c = in->tracer->captures;
    for (int i = 0; i < c->n; i++)
        if (c->outer[i]->tensor.ir == v->tensor.ir) return c->inner[i];
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 4;
        c->outer = arena_grow(in->arena, c->outer, sizeof(Value *), (size_t)c->n, (size_t)cap);
        c->inner = arena_grow(in->arena, c->inner, sizeof(IrValue *), (size_t)c->n, (size_t)cap);
        c->cap = cap;
    }
    const char *hint = v->tensor.ir->name_hint;
    IrValue *p = region_add_param(in->tracer->module, c->func->body, v->tensor.ir->type, hint);
    c->outer[c->n] = v;
    c->inner[c->n++] = p;
    return p;
}

/* ---- Concrete functions ------------------------------------------------------------------- */

/* get_concrete_function(*args): TensorSpecs stand for tensors of that type. */
static Value *spec_to_tensor(Interp *in, Value *leaf, void *ctx) {
    (void)ctx;
    if (leaf->kind != VAL_TENSOR_SPEC) return leaf;
    /* A stand-in value of the spec's type: a parameter of a scratch region, never
       emitted (only its type is read). */
    Region *scratch = region_new(in->tracer->module, in->tracer->builder.region->func);
    return tensor_value(
        in, region_add_param(in->tracer->module, scratch, *leaf->spec.type, leaf->spec.name));
}

ConcreteFunction *tf_function_signature_trace(Interp *in, TfFunction *tf, SrcLoc loc) {
    /* A method's signature is of the arguments after self. */
    int self = tf->bound_self ? 1 : 0;
    CallArgs args = {.npos = tf->input_signature->len + self};
    args.pos = ARENA_ARRAY(in->arena, Value *, args.npos + 1);
    args.kw_values = ARENA_ARRAY(in->arena, Value *, 1);
    if (self) args.pos[0] = tf->bound_self;
    for (int i = self; i < args.npos; i++)
        args.pos[i] = spec_to_tensor(in, tf->input_signature->items[i - self], NULL);
    bool traced;
    return concrete_for(in, tf, &args, loc, &traced);
}

static Value *get_concrete_function(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    /* In eager mode too it traces a graph (TensorFlow does, whatever
       run_functions_eagerly says); calling it runs that graph (exec/eager.c). */
    TfFunction *tf = self->tf_fn;
    /* A method's trace takes its instance first, as its calls pass it. */
    int bound = tf->bound_self ? 1 : 0;
    CallArgs spec_args = *args;
    spec_args.npos = args->npos + bound;
    spec_args.pos = ARENA_ARRAY(in->arena, Value *, spec_args.npos + 1);
    spec_args.kw_values = ARENA_ARRAY(in->arena, Value *, args->nkw + 1);
    if (bound) spec_args.pos[0] = tf->bound_self;
    for (int i = 0; i < args->npos; i++)
        if (!(spec_args.pos[i + bound] = nest_map(in, args->pos[i], spec_to_tensor, NULL)))
            return NULL;
    for (int k = 0; k < args->nkw; k++)
        if (!(spec_args.kw_values[k] = nest_map(in, args->kw_values[k], spec_to_tensor, NULL)))
            return NULL;
    bool traced;
    int ntraces = tf->ntraces;
    ConcreteFunction *cf = tf->input_signature && args->npos == 0 && args->nkw == 0
                               ? tf_function_signature_trace(in, tf, loc)
                               : concrete_for(in, tf, &spec_args, loc, &traced);
    if (!cf) return NULL;
    log_call(in, tf, cf, tf->ntraces > ntraces, true, loc);
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_CONCRETE_FUNCTION;
    v->concrete.tf_fn = tf;
    v->concrete.cf = cf;
    return v;
}

/* A parameter the call leaves out that its trace pinned to a Python value takes that
   value: TensorFlow's guide calls pow.get_concrete_function(a=spec, b=2) as square(x).
   A tensor parameter must still be passed. */
static void add_pinned(Interp *in, const ConcreteFunction *cf, const Function *fn,
                       CallArgs *args) {
    const Params *p = fn->params;
    const CallArgs *traced = &cf->call;
    int cap = args->nkw + p->args.len + p->kwonly.len;
    const char **names = ARENA_ARRAY(in->arena, const char *, cap + 1);
    Value **values = ARENA_ARRAY(in->arena, Value *, cap + 1);
    int nkw = args->nkw;
    for (int k = 0; k < nkw; k++) names[k] = args->kw_names[k];
    for (int k = 0; k < nkw; k++) values[k] = args->kw_values[k];
    for (int i = args->npos; i < p->args.len + p->kwonly.len; i++) {
        bool kwonly = i >= p->args.len;
        const char *name =
            vm_intern(in, (kwonly ? p->kwonly.items[i - p->args.len] : p->args.items[i])->arg.name);
        /* Where the bound call that traced holds it: by position, or keyword-only first. */
        int at = kwonly ? i - p->args.len : i;
        Value *v = kwonly ? (at < traced->nkw ? traced->kw_values[at] : NULL)
                          : (at < traced->npos ? traced->pos[at] : NULL);
        bool given = false;
        for (int k = 0; k < args->nkw && !given; k++) given = args->kw_names[k] == name;
        if (given || !v || has_tensor(in, v)) continue;
        names[nkw] = name, values[nkw++] = v;
    }
    args->kw_names = names, args->kw_values = values, args->nkw = nkw;
}

Value *concrete_function_call(Interp *in, Value *concrete, CallArgs *args, SrcLoc loc) {
    ConcreteFunction *cf = concrete->concrete.cf;
    TfFunction *tf = concrete->concrete.tf_fn;
    /* Bound as the call that traced it was (concrete_for): a method's instance first. */
    int self = tf->bound_self ? 1 : 0;
    CallArgs bound = *args;
    if (self) {
        bound.npos = args->npos + 1;
        bound.pos = ARENA_ARRAY(in->arena, Value *, bound.npos + 1);
        bound.pos[0] = tf->bound_self;
        for (int i = 0; i < args->npos; i++) bound.pos[i + 1] = args->pos[i];
    }
    if (!tf->input_signature) {
        add_pinned(in, cf, tf->python_function->fn, &bound);
        if (!bind_call(in, tf, &bound, loc)) return NULL;
    }
    CallArgs key_args = bound;
    if (self) {
        key_args.pos++;
        key_args.npos--;
    }
    Value *key = trace_key_of_call(in, &key_args);
    if (!trace_key_matches(cf->key, key))
        return vm_type_error(
            in, loc, "this concrete function of '%s' does not accept these arguments: %s",
            tf->name, trace_key_difference(in, cf->key, key, key_names(in, tf, &bound) + self));
    return call_concrete(in, cf, &bound, loc);
}

/* TensorFlow's text for print(concrete_function). */
const char *concrete_function_text(Arena *a, const Value *concrete) {
    const Region *body = concrete->concrete.cf->func->body;
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_puts(&sb, "ConcreteFunction Input Parameters:");
    for (int i = 0; i < body->nparams; i++) {
        const IrValue *p = body->params[i];
        strbuf_printf(
            &sb, "\n  %s (POSITIONAL_OR_KEYWORD): TensorSpec(shape=%s, dtype=tf.%s, name=None)",
            p->name_hint ? p->name_hint : "_", shape_tuple_text(a, &p->type.shape),
            dtype_name(p->type.dtype));
    }
    strbuf_puts(&sb, "\nOutput Type:");
    /* The trace's own results: a gradient may have added some since (grad_control.c). */
    int nresults = concrete->concrete.cf->nresults;
    for (int i = 0; i < nresults; i++) {
        const IrValue *r = body->results[i];
        strbuf_printf(&sb, "\n  TensorSpec(shape=%s, dtype=tf.%s, name=None)",
                      shape_tuple_text(a, &r->type.shape), dtype_name(r->type.dtype));
    }
    if (!nresults) strbuf_puts(&sb, "\n  None");
    strbuf_puts(&sb, "\nCaptures:\n  None");
    return strbuf_cstr(&sb);
}

/* ---- Attributes -------------------------------------------------------------------------------
 */

static Value *get_tracing_count(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw)
        return vm_type_error(in, loc, "experimental_get_tracing_count() takes no arguments");
    return value_int(in->arena, self->tf_fn->tracing_count);
}

static Value *pretty_printed_signatures(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw)
        return vm_type_error(in, loc, "pretty_printed_concrete_signatures() takes no arguments");
    const TfFunction *tf = self->tf_fn;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < tf->ntraces; i++) {
        const Region *body = tf->traces[i]->func->body;
        /* Python arguments by value, as TensorFlow's summary pins them: add_n(x, n=2). */
        strbuf_printf(&sb, "%s%s(%s)", i ? "\n\n" : "", tf->name, tf->traces[i]->args_text);
        if (body->nparams) strbuf_puts(&sb, "\n  Args:");
        for (int p = 0; p < body->nparams; p++) {
            const IrValue *v = body->params[p];
            strbuf_printf(&sb, "\n    %s: %s Tensor, shape=%s", v->name_hint ? v->name_hint : "_",
                          dtype_name(v->type.dtype), shape_tuple_text(in->arena, &v->type.shape));
        }
        strbuf_puts(&sb, "\n  Returns:");
        int nresults = tf->traces[i]->nresults; /* not those a gradient added */
        if (!nresults) strbuf_puts(&sb, "\n    None");
        for (int r = 0; r < nresults; r++)
            strbuf_printf(&sb, "\n    %s Tensor, shape=%s",
                          dtype_name(body->results[r]->type.dtype),
                          shape_tuple_text(in->arena, &body->results[r]->type.shape));
    }
    return value_cstr(in->arena, strbuf_cstr(&sb));
}

Value *tf_function_attribute(Interp *in, Value *tf, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    *missing = false;
    if (strcmp(name, "experimental_get_tracing_count") == 0)
        return value_builtin(in->arena, "experimental_get_tracing_count", get_tracing_count, tf);
    if (strcmp(name, "get_concrete_function") == 0)
        return value_builtin(in->arena, "get_concrete_function", get_concrete_function, tf);
    if (strcmp(name, "pretty_printed_concrete_signatures") == 0)
        return value_builtin(in->arena, "pretty_printed_concrete_signatures",
                             pretty_printed_signatures, tf);
    if (strcmp(name, "python_function") == 0) return tf->tf_fn->python_function;
    if (strcmp(name, "__name__") == 0) return value_cstr(in->arena, tf->tf_fn->name);
    if (strcmp(name, "input_signature") == 0) {
        const List *specs = tf->tf_fn->input_signature;
        if (!specs) return value_none();
        Value *t = value_tuple(in->arena, specs->len);
        memcpy(t->list->items, specs->items, sizeof(Value *) * (size_t)specs->len);
        return t;
    }
    *missing = true;
    return NULL;
}
