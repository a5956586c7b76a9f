/* ir.h — the graph IR: a Module of concrete functions (Func), each a Region of
 * instructions (Inst) over typed SSA values (IrValue); cond/while carry nested
 * regions that may use values of enclosing regions defined before them. Text form and rules:
 * docs/DESIGN.md "The IR", STYLE.md "IR text format". Entry points: module_new, func_new, the
 * builder (build_op & co., builder.c), graph_verify (verify.c), graph_print (print.c) and its
 * reader ir_read (read.h), graph_print_dot (dot.c). Memory owner: everything lives in the Module's
 * Arena. */
#ifndef INGOT_IR_H
#define INGOT_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "diag.h"
#include "srcloc.h"

/* ---- Types ------------------------------------------------------------------- */
typedef enum { DT_BOOL, DT_INT32, DT_INT64, DT_FLOAT32, DT_FLOAT64, DT_STRING, DT__COUNT } DType;

#define IR_MAX_RANK 8
#define DIM_UNKNOWN (-1)

typedef struct Shape {
    int rank;                    /* always known in this IR */
    int64_t dims[IR_MAX_RANK];   /* DIM_UNKNOWN for '?' */
} Shape;

typedef struct TensorType {
    DType dtype;
    Shape shape;
} TensorType;

const char *dtype_name(DType dt);        /* "float32" (TensorFlow's spelling) */
const char *dtype_short_name(DType dt);  /* "f32" (IR text) */
size_t dtype_size(DType dt);
bool dtype_is_float(DType dt);
bool dtype_is_integer(DType dt);
Shape shape_scalar(void);
Shape shape_of(int rank, const int64_t *dims);
bool shape_equal(const Shape *a, const Shape *b);
bool shape_is_static(const Shape *s);
/* The element count; -1 when not static or more than an int64 counts (the shape rules
 * refuse such a shape, so for a value's type it is never -1 once static). */
int64_t shape_num_elements(const Shape *s);
/* "[2,3]" / "[?,128]" / "[]" into buf (used by messages and the printer). */
const char *shape_str(const Shape *s, char *buf, size_t bufsize);
/* "(None, 128)", "(3,)", "()": a shape as Python prints it (TensorFlow's messages). */
const char *shape_tuple_text(Arena *a, const Shape *s);
/* "f32[2,3]" */
const char *type_str(const TensorType *t, char *buf, size_t bufsize);

/* ---- Ops (generated from ops.def) --------------------------------------------- */
typedef enum {
#define OP(code, name, inputs, effect, shape_rule, rt, abi, tf_type) OP_##code,
#include "ops.def"
#undef OP
    OP__COUNT
} Opcode;

typedef enum { PURE, EFFECT } OpEffect;

/* How an op's kernel takes its arguments after the site: what the emitter writes and
 * the eager executor passes (compiler/graph/kernel_call.h decodes the attributes). */
typedef enum {
    ABI_SPECIAL,   /* its own code in emit_c.c and eager.c (constants, variables, ...) */
    ABI_INPUTS,    /* (inputs...) */
    ABI_AXIS,      /* (inputs..., int axis) */
    ABI_REDUCE,    /* (x, int naxes, const int *axes, bool all_axes, bool keepdims) */
    ABI_AXES,      /* (x, int naxes, const int *axes) */
    ABI_PERM,      /* (x, const int *perm) */
    ABI_LIST_AXIS, /* (int n, const IgTensor *const *xs, int axis) */
    ABI_MATMUL,    /* (a, b, bool transpose_a, bool transpose_b) */
    ABI_MATMUL_BIAS, /* (a, b, bias, bool transpose_a, bool transpose_b, bool relu) */
    ABI_SLICE,     /* (x, begin, end, strides, 5 int masks) */
    ABI_CONV,      /* (x, filter[, dy], stride_h, stride_w, dilation_h, dilation_w, bool same) */
    ABI_CONV_BIAS, /* (x, filter, bias, stride_h, ..., bool same, bool relu) */
    ABI_POOL,      /* (x[, dy], kh, kw, stride_h, stride_w, bool same) */
    ABI_EPSILON,   /* (inputs..., double epsilon) */
    ABI_LOAD,      /* (path[, current], const IgLoadSpec *spec): what the file must hold */
    ABI_SAVE,      /* (path, int n, const char *const *names, const IgTensor *const *xs) */
    ABI_PROGRESS,  /* (step, steps, int n, names, values, int verbose, bool final) */
} KernelAbi;

typedef struct OpInfo {
    const char *name;
    int ninputs;          /* -1: variadic */
    OpEffect effect;
    const char *runtime_symbol; /* NULL for control flow (cond, while): it becomes C code */
    int nregions;               /* nested regions the op carries (cond, while: 2) */
    KernelAbi abi;
    const char *tf_type;        /* TensorFlow's op type: "AddV2", "ArgMax" */
} OpInfo;

extern const OpInfo op_info[OP__COUNT];
/* Whether op reads or writes files (the loaders, .npy and checkpoints). */
bool op_touches_files(Opcode op);
/* The op whose ops.def name is `name` ("reduce_max"), or OP__COUNT. */
Opcode op_named(const char *name);

/* ---- Attributes ---------------------------------------------------------------- */
/* A constant tensor's contents (CONST), row-major, dtype_size(dtype) per element;
 * strings: one const char * per element. */
typedef struct ConstData {
    DType dtype;
    Shape shape;
    const void *data;
} ConstData;

typedef enum { ATTR_INT, ATTR_FLOAT, ATTR_BOOL, ATTR_STRING, ATTR_INTS, ATTR_DTYPE, ATTR_SHAPE,
               ATTR_TENSOR } AttrKind;

typedef struct Attr {
    const char *key;      /* interned: "axis", "keepdims", "dtype", "sep", "end", "value" ... */
    AttrKind kind;
    union {
        int64_t i;        /* ATTR_INT, ATTR_BOOL */
        double f;
        const char *s;
        struct { const int64_t *items; int len; } ints;
        DType dtype;
        Shape shape;
        const ConstData *tensor;
    };
} Attr;

typedef struct Attrs {
    Attr *items;
    int len, cap;
} Attrs;

void attrs_set_int(Arena *a, Attrs *attrs, const char *key, int64_t v);
void attrs_set_bool(Arena *a, Attrs *attrs, const char *key, bool v);
void attrs_set_float(Arena *a, Attrs *attrs, const char *key, double v);
void attrs_set_string(Arena *a, Attrs *attrs, const char *key, const char *v);
void attrs_set_ints(Arena *a, Attrs *attrs, const char *key, const int64_t *v, int n);
void attrs_set_dtype(Arena *a, Attrs *attrs, const char *key, DType v);
void attrs_set_shape(Arena *a, Attrs *attrs, const char *key, Shape v);
void attrs_set_tensor(Arena *a, Attrs *attrs, const char *key, const ConstData *v);
const Attr *attrs_get(const Attrs *attrs, const char *key); /* NULL when absent */

/* ---- Values, instructions, regions, functions --------------------------------- */
typedef struct Inst Inst;
typedef struct Region Region;
typedef struct Func Func;
typedef struct Global Global;

typedef struct IrValue {
    int id;                /* unique within the module; printing renumbers densely */
    TensorType type;
    Inst *def;             /* defining instruction, or NULL for a region parameter */
    int def_index;         /* which output of def */
    Region *param_of;      /* the region whose parameter this is, or NULL */
    const char *name_hint; /* the Python variable it was bound to, when known (C names) */
    /* The value when it is known though no constant defines it: an executor that
     * ran the op (eager mode) sets it for short integer vectors, which the shape
     * rules read as they read a constant's (shape_vector_value); NULL otherwise. */
    const ConstData *value;
} IrValue;

/* The chain of calls that was being traced when an instruction was made, innermost
 * first; used for "note: traced from the call to 'f' here". */
typedef struct CallChain {
    SrcLoc call_loc;
    const char *callee_name;
    const struct CallChain *parent;
    bool hidden;          /* a function AutoGraph generated: not shown in tracebacks */
    bool library;         /* a function of the bundled library: not shown either */
} CallChain;

struct Inst {
    Opcode op;
    IrValue **inputs;
    int ninputs;
    IrValue **outputs;
    int noutputs;
    Attrs attrs;
    Region **regions;     /* nested regions: cond {then, else}, while {cond, body} */
    int nregions;
    Func *callee;         /* OP_CALL */
    Global *global; /* READ_VAR, ASSIGN_VAR, ASSIGN_ADD_VAR, ASSIGN_SUB_VAR; random draws' state */
    SrcLoc loc;
    const char *src_line; /* the script line's text, trimmed (emitted C comments) */
    /* An op of a GradientTape's backward (loc: the tape.gradient call): the place of the
       forward op whose gradient it helps compute, which ingot explain links it to as
       well; no file for every other op. */
    SrcLoc grad_of;
    const CallChain *chain;
    Region *parent;
    Inst *prev, *next;
};

struct Region {
    IrValue **params;
    int nparams;
    Inst *first, *last;
    IrValue **results;    /* "ret" of a function body, "yield" of a nested region */
    int nresults;
    Inst *parent;         /* enclosing instruction, NULL for a function body */
    Func *func;
};

typedef enum { FUNC_PROGRAM, FUNC_TRACED } FuncKind;

struct Func {
    const char *name;       /* unique C-safe name: "main", "compute__1" */
    const char *py_name;    /* Python name: "compute" */
    const char *signature;  /* human-readable trace signature, e.g. "(x: f32[])" */
    /* A trace's Python call, with Python arguments by value ("scale(x: f32[], n=2)"), and
       why it was traced ("first call", "argument 'n': ..."): the DOT picture's labels. */
    const char *py_signature, *trace_reason; /* NULL: not a trace, or unknown */
    SrcLoc traced_at;       /* the call that traced it */
    FuncKind kind;
    Region *body;
    SrcLoc loc;             /* the def */
    int index;              /* position in Module.funcs */
};

/* A program flag (ingot.flag): a scalar the binary's command line may set
 * (--epochs=20), read by 'flag' nodes; main() parses them before anything runs. */
typedef struct FlagDef {
    const char *name;        /* interned; letters, digits, '_' and '-' */
    const ConstData *value;  /* the default: a scalar, whose dtype is the flag's */
    const char *help;        /* one line for --help; never NULL */
    SrcLoc loc;              /* the ingot.flag call */
    int index;               /* position in Module.flags */
} FlagDef;

/* A module-level variable (tf.Variable): program state that outlives every call.
 * Its value is always a tensor of exactly `type` (static: the initial value is a
 * build-time constant); main() sets it from `init` before the program runs. */
struct Global {
    const char *name;        /* unique, C-safe: "counter", "counter_1" ($counter in IR text) */
    TensorType type;
    const ConstData *init;   /* the initial value, of `type`; NULL: computed by the program,
                                whose one 'initialize' op sets it before any other use */
    bool trainable;
    SrcLoc loc;              /* the tf.Variable call */
    const char *src_line;    /* its script line, trimmed (emitted C comments), or NULL */
    int index;               /* position in Module.globals */
};

/* A function `ingot build --lib` exports (tracer/library.c): a module-level
 * tf.function traced at its input_signature, called from C as NAME_<name>. */
typedef struct ModuleExport {
    const char *name;          /* the Python name, a C identifier */
    Func *func;                /* its one trace; params in the signature's order */
    const char **param_names;  /* Python names of the parameters (func->body->nparams) */
    const char **param_specs;  /* each parameter's TensorSpec as Python prints it */
    SrcLoc loc;                /* the def */
} ModuleExport;

typedef struct Module {
    Arena *arena;
    const char *source_path; /* the script the module was built from */
    Func **funcs;            /* in creation order; the program function is first */
    int nfuncs, cap;
    Global **globals;        /* variables, in creation order */
    int nglobals, globals_cap;
    FlagDef **flags;         /* in declaration order (the order --help lists them) */
    int nflags, flags_cap;
    int next_value_id;
    struct FuncNames *func_names; /* the "__<n>" counters of func_new's names (ir.c) */
    /* A library (ingot build --lib): its exports in definition order, and the function
       that reads the variables from a checkpoint (one string parameter: its path). */
    ModuleExport *exports;
    int nexports, exports_cap;
    Func *restore;
    bool saved_model;  /* the weights' names are from tf.saved_model.save's object */
    /* tf.distribute: the replicas the program runs as, one process each over MPI
       (ingot build --replicas); 0 when the script makes no strategy. */
    int replicas;
    SrcLoc distribute_loc;  /* the strategy that made it distributed */
} Module;

Module *module_new(Arena *arena, const char *source_path);
/* Adds a flag (graph/flags.c); NULL when the name is taken (the caller reports it).
 * The name must pass flag_name_is_valid and the default be a scalar. */
FlagDef *module_add_flag(Module *m, const char *name, const ConstData *value, const char *help,
                         SrcLoc loc);
const FlagDef *module_find_flag(const Module *m, const char *name); /* NULL when absent */
bool flag_name_is_valid(const char *name); /* non-empty; letters, digits, '_', '-' */
/* A C identifier's spelling: ASCII letters, digits and '_', not first a digit (whether
   it is free to use is the caller's question). */
bool c_identifier_spelling(const char *name);
Func *func_new(Module *m, const char *py_name, FuncKind kind, SrcLoc loc);
/* Takes f out of the module (a trace that failed: nothing calls it). */
void func_drop(Module *m, Func *f);
/* A new variable initialised to init (its type is init's; the shape must be static).
 * Its name is name_hint made C-safe ("Variable" when NULL/empty), then made unique
 * with "_1", "_2", ... (graph/globals.c). */
Global *module_add_global(Module *m, const char *name_hint, const ConstData *init, bool trainable,
                          SrcLoc loc);
/* A new variable of the static type whose initial value the program computes: an
 * 'initialize' op sets it where the program makes it (Global.init is NULL). */
Global *module_add_computed_global(Module *m, const char *name_hint, TensorType type,
                                   bool trainable, SrcLoc loc);
/* The script line at loc without its indentation (builder.c), NULL without a file. */
const char *ir_src_line(Arena *a, SrcLoc loc);
/* Whether op reads or writes a Global (Inst.global is set exactly for these). */
bool op_is_var(Opcode op);
/* Whether op is a random draw: Inst.global is then its generator's state, an int64[3]
 * variable the draw advances (shape.c). Its outputs come from its attributes alone. */
bool op_is_random(Opcode op);
IrValue *region_add_param(Module *m, Region *r, TensorType type, const char *name_hint);
void region_set_results(Module *m, Region *r, IrValue **vals, int n);
/* A detached region for a control-flow instruction being built: the interpreter
 * points Builder.region at it, traces a branch or a loop body into it, sets its
 * results (region_set_results), then hands it to build_cond / build_while. */
Region *region_new(Module *m, Func *f);

/* ---- Builder -------------------------------------------------------------------- */
/* Appends instructions at the end of a region. Every op is created through
 * build_op/build_inst, which runs shape inference (shape.c) first: a mismatch is
 * reported as an error at loc (with notes for the call chain) and NULL returned. */
/* With an executor (ingot run --eager), nothing is appended: each op is handed to it
 * after the same shape inference and runs at once (compiler/exec/eager.h keeps the
 * tensors, by value); the IR itself holds no run-time state. */
/* What went wrong building an op: TensorFlow raises ValueError for a shape or dtype
   error found while building a graph, InvalidArgumentError for one found running an
   op eagerly; an op Ingot cannot run yet is none of those. */
typedef enum { BUILD_ERROR_SHAPE, BUILD_ERROR_RUN, BUILD_ERROR_UNSUPPORTED } BuildErrorKind;

/* Runs an instruction the moment it is built: true when it ran, its outputs' static
 * shapes made concrete; false with a message in err and its kind (RUN, or UNSUPPORTED
 * for an op the executor cannot run yet) for an op that failed. */
typedef struct BuildExecutor {
    bool (*run)(void *ctx, Inst *inst, BuildErrorKind *kind, char *err, size_t errsize);
    void *ctx;
} BuildExecutor;

typedef struct Builder {
    Module *module;
    Region *region;
    Diag *diag;
    const CallChain *chain;
    const BuildExecutor *exec; /* NULL: append to region */
    /* Where errors go: NULL reports them through diag; the interpreter sets it, so a
       script can catch them as Python exceptions. */
    void (*on_error)(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg);
    void *on_error_ctx;
    /* Sees every instruction built, once it is appended or has run, with its inputs
       (which eager mode forgets right after): the tracer's GradientTapes record what
       they watch through it. NULL: nobody looks. */
    void (*observe)(void *ctx, Inst *inst);
    void *observe_ctx;
    /* While a gradient rule runs: its forward op's place, which every instruction built
       gets as Inst.grad_of. */
    SrcLoc grad_of;
} Builder;

Inst *build_inst(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                 Func *callee, SrcLoc loc);
/* The single output of a one-output op, or NULL after an error. */
IrValue *build_op(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                  SrcLoc loc);
/* Reports Ingot's limit at loc ("not supported yet: " and the message) as the builder
 * reports its own errors (Builder.on_error, else diag). */
void build_unsupported(Builder *b, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
IrValue *build_const(Builder *b, const ConstData *value, SrcLoc loc);
/* read $g: a new tensor holding the variable's current value. */
IrValue *build_read_var(Builder *b, Global *g, SrcLoc loc);
/* A random draw (op_is_random) advancing the generator state variable `state`;
 * attrs hold dtype, shape and the two parameters (random_permutation: its input n and
 * buffer_size). */
Inst *build_random(Builder *b, Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                   Global *state, SrcLoc loc);
/* assign / assign_add / assign_sub $g, value: value must have g's dtype and a shape
 * compatible with g's (unknown dims are checked at run time); a mismatch is a user
 * error at loc. No outputs. */
Inst *build_assign_var(Builder *b, Opcode op, Global *g, IrValue *value, SrcLoc loc);
/* cond: pred is a bool scalar; then_r and else_r take no params and yield the same
 * number of values, pairwise of equal dtype and rank (callers check and report user
 * errors first). Output i has that dtype; each dim is the branches' common dim, or
 * unknown where they differ. May have zero outputs. Sets the regions' parent. */
Inst *build_cond(Builder *b, IrValue *pred, Region *then_r, Region *else_r, SrcLoc loc);
/* while: inits[0..n) are the loop-carried values entering the loop. cond_r and body_r
 * each have n params (the carried values' types — the caller may have relaxed dims to
 * unknown); outputs get the params' types. cond_r yields one bool scalar; body_r yields
 * n values, each of the param's dtype and rank with every known param dim equal. */
Inst *build_while(Builder *b, IrValue **inits, int n, Region *cond_r, Region *body_r, SrcLoc loc);

/* ---- Rewriting for gradients (rewrite.c) ---------------------------------------- */
/* Whether v is a parameter of r or an output of one of r's own instructions. */
bool value_defined_in(const IrValue *v, const Region *r);
/* The values defined outside inst that its regions use (in nested regions too, and as
 * results), each once, in order of first use: a cond's or while's implicit inputs. */
IrValue **inst_captures(Arena *a, const Inst *inst, int *n);
/* Moves inst from its region into r, right after `after` (NULL: first). */
void region_move_inst(Region *r, Inst *inst, Inst *after);
/* Takes inst out of its region (the passes: dead code, fused ops). */
void region_remove_inst(Inst *inst);
/* A new output of cond: its then region yields then_v, its else region else_v (one
 * dtype and rank; each dim the two's common one, or unknown). */
IrValue *cond_add_result(Module *m, Inst *cond, IrValue *then_v, IrValue *else_v);
/* A new loop variable of while w entering as init (defined before w) with the given
 * type: a parameter of both regions; the body yields *body_param (unchanged) until the
 * caller sets the body's last result. Returns the new output. */
IrValue *while_add_var(Module *m, Inst *w, IrValue *init, TensorType type, IrValue **body_param);
/* A new result v of f's body (v defined there): every call of f in the module gets
 * an output for it. Returns its index. */
int func_add_result(Module *m, Func *f, IrValue *v);
/* The outputs call lacks for its callee's results: a call in a region still being
 * built (a loop body, a branch) is out of func_add_result's reach. module_sync_calls
 * does it for every call, once tracing is done. */
void call_sync_outputs(Module *m, Inst *call);
void module_sync_calls(Module *m);

/* ---- Shape inference (shape.c) ------------------------------------------------- */
/* What is known at build time of an int32/int64 vector (a shape, a slice bound): its
 * length n, or -1 when v is not a vector of known length; vals[i] is element i when
 * known[i]. Known are the elements of a constant, and of tf.shape(x) the static
 * dims of x. At most max elements are read. */
int shape_vector_value(const IrValue *v, int64_t *vals, bool *known, int max);
/* Why shape inference refused an op: the message ("<op>: ...", lowercase, naming the
 * shapes), and whether it is Ingot's limit on a valid TensorFlow op (unsupported: the
 * message says "not supported yet") rather than the script's mistake. */
typedef struct ShapeError {
    char msg[512];
    bool unsupported;
} ShapeError;
void shape_error_clear(ShapeError *err);

/* Fills out[0..nout) for op applied to inputs. On failure returns false and says why
 * in err. nout is set to the output count. */
bool shape_infer(Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err);
/* shape_infer for any op, including those with nested regions (cond, while), whose
 * outputs follow from the regions' params and results. out needs room for
 * max(1, ninputs, the regions' result counts, the callee's result count) types. */
bool shape_infer_regions(Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                         const Func *callee, Region *const *regions, int nregions, TensorType *out,
                         int *nout, ShapeError *err);

/* Shape inference for a variable op (op_is_var): read gives g's type; the assigns
 * check their one input against g. Same contract as shape_infer. */
bool shape_infer_var(Opcode op, const Global *g, IrValue **inputs, int ninputs, TensorType *out,
                     int *nout, ShapeError *err);

/* ---- Checking and printing ------------------------------------------------------ */
/* Structural checks (types agree with shape rules, defs dominate uses, regions well
 * formed). Problems are internal errors reported into err; returns false on any. */
bool graph_verify(const Module *m, char *err, size_t errsize);
/* Text form, one instruction per line: "%3:f32[?,128] = matmul %1, %2  # f.py:14". */
void graph_print(FILE *out, const Module *m);

/* The module as a Graphviz digraph (dot.c). Values are labelled with the script's
 * names where they have one; each node's id is its DOT name ("f1_v3": function 1, value
 * 3 as --emit=graph numbers it) and its class "L<line>" of the script's line it came
 * from (with "ag-flag" for an AutoGraph flag), its tooltip that line's text; each
 * function is a cluster (id "f<index>") whose label gives the Python call it was traced
 * for and why. */
typedef struct DotOptions {
    bool all;     /* AutoGraph's flags too (do_return, break_, ...): --emit=dot-all */
    bool legend;  /* a cluster explaining the edge styles and node shapes */
} DotOptions;
/* One digraph: the whole module (only NULL), or the function `only` alone (its calls
 * name their callee without an edge to it); in a. */
/* The legend alone, a digraph of its own (ingot explain draws it once, apart). */
const char *graph_dot_legend_text(Arena *a);
const char *graph_dot_text(Arena *a, const Module *m, const Func *only, const DotOptions *opt);
void graph_print_dot_with(FILE *out, const Module *m, const Func *only, const DotOptions *opt);
/* The whole module with a legend, flags hidden (--emit=dot). */
void graph_print_dot(FILE *out, const Module *m);

#endif
