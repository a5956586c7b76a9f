/* tracer_internal.h — the tracer's state and the functions its files share: tensor
 * values and operators, variables, nested structures, staging of cond/while, and the
 * _ingot primitives (not for other modules).
 * Memory owner: the VM's Arena, but for eager tensors (the executor's). */
#ifndef INGOT_TRACER_INTERNAL_H
#define INGOT_TRACER_INTERNAL_H

#include "builtins.h"
#include "eager.h"
#include "exceptions.h"
#include "objects.h"
#include "tracer.h"
#include "vm.h"

typedef struct CaptureList {
    Func *func;                   /* the function being traced */
    Value **outer;                /* the captured tensors, in the caller's graph */
    IrValue **inner;              /* their parameters */
    int n, cap;
} CaptureList;

/* One concrete function of a tf.function (one trace). */
typedef struct ConcreteFunction {
    Value *key; /* the trace key it accepts (trace_key.c; unknown dims generalize) */
    Func *func;
    Value *output_template;       /* the traced return value; tensors stand for results */
    int nresults;
    SrcLoc traced_at;             /* the call that traced it */
    CaptureList *captures;
    CallArgs call;                /* the (bound) call that traced it: its pinned Python values */
    const char *reason;           /* why: "first call", "argument 'n': 3, was 2 in trace 1" */
    /* What --trace-report and pretty_printed_concrete_signatures() show (tracing.c): */
    int index;                    /* trace `index` of its TfFunction, from 1 */
    const char *args_text;        /* "x, n=2": parameter names, Python arguments by value */
    int nearest;                  /* the earlier trace the reason names (its index); 0: none */
    const char **misses;          /* [k] why trace k + 1 did not fit the call that traced
                                     this one ("argument 'n': 3, was 2"); index - 1 entries,
                                     all NULL with an input_signature (nothing compared) */
} ConcreteFunction;

/* One call of a tf.function that ran a trace, in program order (TfFunction.calls). */
typedef struct TfCall {
    SrcLoc at;                    /* the call expression */
    ConcreteFunction *trace;      /* the trace it ran (or get_concrete_function returned) */
    bool traced;                  /* this call made the trace; else it reused it */
    bool nested;                  /* made while tracing another function: not watched for
                                     retracing, not counted in TfFunction.ncalls */
    bool concrete;                /* get_concrete_function(), not a call */
} TfCall;

typedef struct RetraceDetector RetraceDetector;
typedef struct Tape Tape;


struct TfFunction {
    Value *python_function;
    const char *name;
    ConcreteFunction **traces;
    int ntraces, cap;
    int tracing_count;
    int ncalls;                   /* calls from the top level */
    TfCall *calls;                /* every call that ran a trace, in order (the report's) */
    int ncalls_logged, calls_cap;
    const List *input_signature;  /* tf.TensorSpec values, or NULL */
    bool reduce_retracing;
    RetraceDetector *detector;    /* shared by every tf.function of the same def */
    /* A tf.function method read through an instance is a Function of its own (its own
       traces), as TensorFlow's descriptor makes one per instance: bound_self is that
       instance; bound lists the copies made from this one. */
    Value *bound_self;
    Value **bound;
    int nbound, bound_cap;
};

/* A region being traced into (a cond branch, a loop's test or body), innermost
   first: tensors made in a region that has been left are out of scope. */
typedef struct RegionScope {
    Region *region;
    Region *saved;                /* the builder's region before entering */
    const struct RegionScope *outer;
} RegionScope;

/* Interned names of the special methods, looked up on every operator of an instance. */

/* The tracer's state (Interp.tracer). */
typedef struct Tracer {
    const TracerOptions *opt;
    Module *module;               /* the graph being built */
    Builder builder;              /* where tensor ops go now */
    EagerContext *eager;          /* ingot run --eager: the executor (builder.exec while not
                                     tracing), else NULL */
    Dict *tensor_names;           /* "func/op" -> count: unique symbolic tensor names */
    /* The current tf.name_scope, "" or "outer/inner/": the prefix of op and variable
       names (name_scope.c). A trace starts at the root, as a FuncGraph does. */
    const char *name_scope;
    /* stdlib/tensorflow's _slice_helper (registered when tensorflow is imported):
       t[...] on a tensor calls it, as TensorFlow's Tensor.__getitem__ does. */
    Value *slice_helper;
    /* The name of the next constant made for an op's operand ("mul/y"), or NULL
       (tensor_ops.c: op_operand). */
    const char *operand_name;
    const RegionScope *open_regions; /* cond branches / loop regions being traced */
    /* The tf.function being traced now (NULL: the program's top level); its
       tracing_count tells a first trace (1) from a retrace. The trace under way is
       Interp.epoch (0: none); traces_started counts them. */
    const TfFunction *tracing;
    CaptureList *captures;        /* the trace under way's captures, or NULL */
    /* The lists and dicts the trace under way made of its arguments' (TensorFlow's
       copies: a change to one never reaches the caller's), or NULL. */
    const List *argument_copies;
    int traces_started;
    Dict *side_effects_warned;    /* "file:line:col" of each side-effect warning given */
    TfFunction **tf_functions;    /* every tf.function made, for --trace-report */
    int ntf_functions, tf_functions_cap;
    RetraceDetector **detectors;  /* one per Python def wrapped by tf.function */
    int ndetectors, detectors_cap;
    /* tf.config.run_functions_eagerly(True) (always so in eager mode): a tf.function
       call runs its Python in the caller, nothing is traced. */
    bool run_functions_eagerly;
    Tape *tapes;                  /* the GradientTapes in their with blocks, innermost first */
    Value **variables;            /* each tf.Variable's value, by Global.index (tape.c) */
    int variables_cap;
    int tapes_paused;             /* inside a tf.custom_gradient function: nothing records */
    List *custom_reads;           /* the variables the innermost tf.custom_gradient function
                                     running reads, each once, as (variable, read tensor)
                                     tuples; NULL outside one (tape.c) */
} Tracer;

/* ---- tracer.c: the tracer's life ------------------------------------------------------ */
/* The graph builder's errors (Builder.on_error), raised as TensorFlow's exceptions. */
void tracer_builder_error(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg);
/* Enters (tf non-NULL) or leaves a trace of tf: watch_stores follows. */
void tracer_set_tracing(Interp *in, const TfFunction *tf);

/* ---- tensor_ops.c: the _ingot primitives and tensor operators --------------------------- */
PyModule *ingot_primitives_module(Interp *in);
bool value_is_tensor(const Value *v);
/* One _ingot primitive: the name stdlib's Python calls it by, and its C. */
typedef struct PrimDef {
    const char *name;
    BuiltinFn fn;
} PrimDef;
/* Binds n primitives into module m's globals (tracer.c); self is what each is bound to
 * (NULL, or the module when its state lives in the module's globals). */
void prims_install(Interp *in, PyModule *m, const PrimDef *prims, size_t n, Value *self);

/* Converts a Python scalar, nested list or tensor to a tensor (dtype: preferred, or
   inferred as TensorFlow does when preferred < 0). NULL after an error. */
Value *to_tensor(Interp *in, Value *v, int preferred_dtype, SrcLoc loc);
/* print_args.c: the print op's inputs for tf.print's positional arguments; *joined
 * when they carry sep between them as string inputs (lists, tuples and dicts holding
 * tensors are formatted as TensorFlow's pprint templates), so the op's sep is "". */
bool print_args_inputs(Interp *in, CallArgs *args, const char *sep, SrcLoc loc,
                       IrValue ***inputs, int *ninputs, bool *joined);
/* A Python scalar or nested list as build-time tensor data (no graph node), with
   to_tensor's dtype rules; NULL after an error. */
const ConstData *python_to_const(Interp *in, Value *v, int preferred_dtype, SrcLoc loc);
Value *tensor_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc);
Value *tensor_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc);
Value *tensor_unary(Interp *in, UnaryOp op, Value *a, SrcLoc loc);
/* tf.range(start, limit, delta) (limit NULL or None: range(start)); dtype < 0: inferred. */
Value *tensor_range(Interp *in, Value *start, Value *limit, Value *delta, int dtype, SrcLoc loc);
/* Attributes of tensors and tf.functions: as lookup_attribute. */
Value *tensor_attribute(Interp *in, Value *t, const char *name, SrcLoc loc, bool *missing);
Value *tensor_value(Interp *in, IrValue *ir);
/* The symbolic tensor's text: Tensor("mul:0", shape=(), dtype=float32) */
const char *tensor_repr(Arena *a, const Value *v);

/* ---- variables.c: tf.Variable ------------------------------------------------------------ */
/* _ingot.variable and friends, installed into the _ingot module. */
void variables_install(Interp *in, PyModule *m);
/* The variable's current value as a tensor of the current graph: a new read node. */
Value *variable_read(Interp *in, Value *var, SrcLoc loc);
/* v itself, or its read when v is a variable (operands and tensor arguments read it,
   as TensorFlow converts a variable to a tensor). NULL after an error. */
Value *variable_deref(Interp *in, Value *v, SrcLoc loc);
/* Attributes and methods of a variable: as lookup_attribute. */
Value *variable_attribute(Interp *in, Value *var, const char *name, SrcLoc loc, bool *missing);
/* <tf.Variable 'counter:0' shape=() dtype=int32> */
const char *variable_repr(Arena *a, const Value *v);

/* ---- nest.c: nested structures (lists, tuples, dicts; everything else is a leaf) ---- */
typedef Value *(*LeafFn)(Interp *in, Value *leaf, void *ctx);
/* A copy of v's structure with every leaf replaced by leaf_fn(leaf); NULL when
   leaf_fn fails (it reports). */
Value *nest_map(Interp *in, Value *v, LeafFn leaf_fn, void *ctx);
/* Every leaf of v, in order (dicts in insertion order), appended to out. */
void nest_flatten(Interp *in, Value *v, List *out);
/* v holds lists, tuples and dicts at most depth deep (false for one that holds itself:
   the walks below would never end). */
bool nest_within_depth(const Value *v, int depth);
/* The indices of d's live entries in the order of their sorted keys (tf.nest's order). */
int *nest_dict_order(Interp *in, const Dict *d, int *n);
/* The same nesting of lists, tuples and dicts (with equal keys); leaves not compared. */
bool nest_same_structure(const Value *a, const Value *b);
/* structure's shape, with its leaves taken in order from leaves[*next], ... */
Value *nest_pack(Interp *in, Value *structure, Value **leaves, int *next);

/* ---- staging.c: cond and while nodes ------------------------------------------------------ */
void region_scope_enter(Interp *in, RegionScope *scope, Region *r);
void region_scope_leave(Interp *in, RegionScope *scope);
/* The tensor's defining region is the function's body or a region still open. */
bool tensor_in_scope(const Interp *in, const IrValue *v);
/* cond as a bool scalar tensor, or NULL after TensorFlow's ValueError ("condition of
   <tag> expected to be `tf.bool` scalar"). */
IrValue *stage_condition(Interp *in, Value *cond, const char *tag, SrcLoc loc);

/* Python code traced into the builder's current region: a branch (vars NULL; returns
   a tuple with one item per name) or a loop's test (returns the condition) or body
   (returns the new loop variables, a tuple like the initial one). NULL: error. */
typedef Value *(*TraceFn)(Interp *in, void *ctx, Value *vars);

typedef struct StageNames {
    const char *const *names;     /* the items' names, for messages */
    int n;
} StageNames;

typedef struct LoopSpec {
    StageNames names;             /* the loop variables (items of the initial tuple) */
    List *invariants;             /* (variable, shape) pairs, or NULL */
    Value *max_iterations;        /* NULL or None: unbounded */
} LoopSpec;

/* A cond node: both branches traced from the caller's state; returns a tuple of
   the merged items (tensors), or NULL after an error. */
Value *stage_cond(Interp *in, IrValue *pred, TraceFn then_fn, TraceFn else_fn, void *ctx,
                  const StageNames *names, SrcLoc loc);
/* A while node: init is a tuple of the loop variables; returns their final values
   (same structure, tensors), or NULL after an error. */
Value *stage_while(Interp *in, Value *init, TraceFn test_fn, TraceFn body_fn, void *ctx,
                   const LoopSpec *spec, SrcLoc loc);

/* ---- control_prims.c: _ingot.cond, while_loop, logical, shape, gather ------------------------ */
void control_prims_install(Interp *in, PyModule *m);
/* spec.shape / spec.dtype / spec.name; NULL with *missing for other names. */
Value *tensor_spec_attribute(Interp *in, Value *spec, const char *name, bool *missing);
/* t[index] for one integer index (Python int or integer scalar tensor). */
Value *tensor_index(Interp *in, Value *t, Value *index, SrcLoc loc);
/* A one-input elementwise op (abs, neg, logical_not ...) on a tensor or variable. */
Value *tensor_elementwise(Interp *in, Opcode op, Value *a, SrcLoc loc);

/* ---- flag_prims.c: _ingot.flag (ingot.flag) -------------------------------------------------- */
void flag_prims_install(Interp *in, PyModule *m);
/* file_probe.c: _ingot.probe_array_file, the build-time look at an array file's header. */
void file_probe_prims_install(Interp *in, PyModule *m);

/* ---- random_prims.c: tf.random (generator state variables, random_* nodes) ------------- */
void random_prims_install(Interp *in, PyModule *m);
/* _ingot.op & co. (op_prims.c): any graph op by name, for the stdlib's Python. */
void op_prims_install(Interp *in, PyModule *m);
/* _ingot.name_scope_enter/exit/current (name_scope.c): tf.name_scope. */
void name_scope_prims_install(Interp *in, PyModule *m);
/* A graph-unique name for an op named base in the current name scope and function
   ("add", "add_1", "block/add"); reserve counts it as used. */
const char *unique_op_name(Interp *in, const char *base, bool reserve);
/* Adds the entries of a Python dict {str: bool/int/float/str/dtype/list of ints} to
   attrs (None adds nothing); false after a TypeError. */
bool attrs_from_dict(Interp *in, Attrs *attrs, Value *dict, SrcLoc loc);

/* ---- autograph_ops.c: the ag__ module that converted code calls -------------------------- */
PyModule *autograph_module(Interp *in);


/* ---- tape.c: tf.GradientTape -------------------------------------------------------------- */
/* _ingot.tape_new, tape_enter, tape_gradient & co., installed into the _ingot module. */
void tape_install(Interp *in, PyModule *m);
/* Builder.observe for every builder the tracer makes (ctx: the Interp): the active
   tapes record the op when it depends on what they watch. */
void tape_observe(void *ctx, Inst *inst);

/* ---- value_types.c: the tracer's values as the VM sees them (foreign.h) ---------- */
/* tf.float32 & co. as a Python value. */
Value *value_dtype(Arena *a, DType dt);
/* Registers their ForeignTypes; widens range (tensor bounds) and adds ag__. */
void value_types_install(Interp *in);

#endif
