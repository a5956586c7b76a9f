/* function.h — tf.function inside the tracer: tracing and concrete functions
 * (tracing.c), their cache keys (trace_key.c), retracing and --trace-report
 * (trace_report.c), and Python side effects while tracing (side_effects.c).
 * Memory owner: the VM's Arena. */
#ifndef INGOT_FUNCTION_H
#define INGOT_FUNCTION_H

#include "tracer_internal.h"

/* ---- tracing.c: tf.function --------------------------------------------------------------- */
/* input_signature: None or a list of tf.TensorSpec (checked here). */
Value *tf_function_new(Interp *in, Value *python_function, Value *input_signature,
                       bool reduce_retracing, SrcLoc loc);
Value *tf_function_call(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc);
/* The tf.function (a VAL_TF_FUNCTION) a method is for the instance obj. */
Value *tf_function_bound_to(Interp *in, Value *tf, Value *obj);
Value *tf_function_attribute(Interp *in, Value *tf, const char *name, SrcLoc loc, bool *missing);
/* The one trace of a tf.function with an input_signature (get_concrete_function()):
   traced now unless a call traced it already; NULL after an error. */
ConcreteFunction *tf_function_signature_trace(Interp *in, TfFunction *tf, SrcLoc loc);
/* Calling f.get_concrete_function(...)'s result: arguments must fit its trace. */
Value *concrete_function_call(Interp *in, Value *concrete, CallArgs *args, SrcLoc loc);
/* v, made by a caller of the function being traced, as a parameter of the trace. */
IrValue *capture_tensor(Interp *in, Value *v, SrcLoc loc);
/* The name of the i-th positional argument of a function with params: its parameter's,
   or "rest_k" for the k-th extra that *rest takes (TensorFlow's name for that
   placeholder); NULL when there is no such parameter. */
const char *tracing_positional_name(Interp *in, const Params *params, int i);
const char *concrete_function_text(Arena *a, const Value *concrete);

/* ---- library.c: ingot build --lib ------------------------------------------------------- */
/* Module.exports and Module.restore, after the top level ran; false after an error. */
bool library_collect(Interp *in);

/* ---- trace_key.c: the cache keys of tf.function -------------------------------------------- */
Value *trace_key_of_call(Interp *in, const CallArgs *args);
Value *trace_key_of_signature(Interp *in, const List *specs);
/* The cached key `have` accepts the call's key `want` (an unknown dim accepts any). */
bool trace_key_matches(const Value *have, const Value *want);
/* How many tensor dims the key knows: the most specific match wins. */
int trace_key_specificity(const Value *key);
/* The most specific key accepting both, or NULL (reduce_retracing). */
Value *trace_key_generalize(Interp *in, Value *a, Value *b);
/* How many arguments differ (the closest trace explains a retrace). */
int trace_key_distance(const Value *a, const Value *b);
/* The key's tensor types in argument order (the trace's parameters). */
void trace_key_tensor_types(Interp *in, const Value *key, TensorType **out, int *n);
/* One place where a call's key differs from a cached one: who is "argument 'x'" or
   "argument 'values', item 1"; now is the call's ("shape (3,)", "3"), was the cached
   key's ("(2,)", "2"). */
typedef struct KeyDiff {
    const char *who, *now, *was;
} KeyDiff;
/* Every place where `want` differs from `have`, in argument order (*diffs: arena
   array); 0 when have accepts want. names: per key entry, the parameter or keyword
   name (NULL entries allowed). */
int trace_key_differences(Interp *in, const Value *have, const Value *want,
                          const char *const *names, KeyDiff **diffs);
/* The same as one line for an error: "argument 'x': shape (3,), expected (2,)". */
const char *trace_key_difference(Interp *in, const Value *have, const Value *want,
                                 const char *const *names);

/* ---- side_effects.c: Python state changed while tracing ------------------------------------- */
/* While tracing a tf.function, an assignment to a name (global or nonlocal), or a
   change to an object (an item, an attribute, a mutating method) that outlives the
   trace warns: it happens once per trace, not per call. */
void side_effect_check(Interp *in, Env *env, const VmStore *store, SrcLoc loc);
/* Before print() writes args: a symbolic tensor among them (it prints as
   Tensor("x:0", ...), not a value) warns (-Wprint-traced-tensor), once per place. */
void print_check(Interp *in, const CallArgs *args, SrcLoc loc);
/* Before an f-string or format() formats v: the same warning for a symbolic tensor. */
void format_check(Interp *in, const Value *v, SrcLoc loc);
/* The lists and dicts in v (v included), appended to out: a trace's argument copies. */
void collect_containers(Arena *a, Value *v, List *out);
/* The scope that binds name as seen from env (LEGB), or NULL. */
Env *env_binding_scope(Interp *in, Env *env, const char *name);


/* ---- trace_report.c: retracing warning, --trace-report ------------------------------------ */
RetraceDetector *retrace_detector_for(Interp *in, const Node *def);
void retrace_detector_record(Interp *in, TfFunction *tf, bool traced, SrcLoc loc);
void tracer_register_tf_function(Interp *in, TfFunction *tf);
void trace_report_print(Interp *in, FILE *out);
/* The same as data, in the interpreter's arena (TracerOptions.summary). */
TraceSummary trace_summary(Interp *in);


#endif
