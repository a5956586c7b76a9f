/* interp_internal.h — state shared by the files of compiler/interp (not for other modules).
 * Entry points: the Interp struct and the functions each file of the interpreter provides.
 * Memory owner: all of it lives in Interp.arena. */
#ifndef INGOT_INTERP_INTERNAL_H
#define INGOT_INTERP_INTERNAL_H

#include "budget.h"
#include "eager.h"
#include "foreign.h"
#include "interp.h"
#include "value.h"

/* ---- Scopes ------------------------------------------------------------------ */
typedef struct Binding {
    const char *name;  /* interned */
    Value *value;      /* NULL: declared but unbound */
} Binding;

/* A scope: a module's globals, a function call's locals, or a class body. */
struct Env {
    Binding *slots;    /* open addressing on the interned name pointer */
    int cap, count;
    Env *parent;       /* enclosing function scope (closures); NULL at module level */
    PyModule *module;
    const Node *scope_node;       /* the def whose call this is (NULL: module) */
    int trace_serial;             /* the trace it was made in (0: outside any) */
    const char **globals;         /* names declared global in this scope */
    int nglobals;
    const char **nonlocals;
    int nnonlocals;
    /* A class body's scope or an instance's __dict__: names are kept in the order they
       were first bound (what vars() and __dict__ show), and functions defined here
       close over the enclosing function scope, not this one. */
    PyClass *class_body;          /* the class being defined, or NULL */
    bool ordered;
    const char **order;
    int norder, order_cap;
    /* The function this call runs (NULL: module, class body): zero-argument super()
       finds its class and first argument here. */
    Function *fn;
};

struct PyModule {
    const char *name;             /* "tensorflow", "tensorflow.nn", "__main__" */
    const SourceFile *file;
    const char *dir;              /* directory of the file (relative imports) */
    bool is_package;
    bool is_library;              /* part of the bundled stdlib: locations point at the caller */
    Env *globals;
    Value *self;                  /* the VAL_MODULE value */
};

/* Tensors of its callers that a trace uses: each becomes an implicit parameter of the
   concrete function (after the explicit ones), and every call passes the outer value. */
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
    const char *reason;           /* why: "first call", "argument 'x': shape (3,) is not (2,)" */
} ConcreteFunction;

typedef struct RetraceDetector RetraceDetector;


struct TfFunction {
    Value *python_function;
    const char *name;
    ConcreteFunction **traces;
    int ntraces, cap;
    int tracing_count;
    int ncalls;                   /* calls from the top level */
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
typedef struct Dunders {
    const char *init, *new_, *call, *repr, *str, *eq, *ne, *hash, *len, *bool_, *getitem, *setitem,
        *delitem, *contains, *iter, *next, *enter, *exit, *getattr, *setattr, *delattr, *class_,
        *dict, *name, *qualname, *module, *doc, *mro, *bases, *args, *cause, *context,
        *suppress_context, *traceback, *format, *index, *int_, *float_, *neg, *pos, *invert, *abs,
        *lt, *le, *gt, *ge;
    const char *binop[BIN__COUNT], *rbinop[BIN__COUNT], *ibinop[BIN__COUNT];
} Dunders;

/* How a statement finished. */
typedef enum { EXEC_NORMAL, EXEC_RETURN, EXEC_BREAK, EXEC_CONTINUE, EXEC_ERROR } ExecStatus;

/* The exceptions the interpreter raises of itself, by id (exceptions.def): what class
   an error is never depends on its text. */
typedef enum {
#define EXC(id, name, base, tensorflow) EXC_##id,
#include "exceptions.def"
#undef EXC
    EXC__CLASSES,                          /* the Python classes end here */
    EXC_NOT_SUPPORTED_YET = EXC__CLASSES,  /* Ingot's limit: a build error, never caught */
    EXC_NONE = -1                          /* a root class's base */
} ExcKind;

struct Interp {
    Arena *arena;
    Diag *diag;
    const InterpOptions *opt;
    Module *module;               /* the graph being built */
    Builder builder;              /* where tensor ops go now */
    EagerContext *eager;          /* ingot run --eager: the executor (builder.exec while not
                                     tracing), else NULL */
    Value *return_value;          /* set by EXEC_RETURN */
    SrcLoc return_loc;            /* the return statement that set it */
    Env *builtins;
    PyModule **modules;           /* loaded modules, for import caching */
    int nmodules, modules_cap;
    PyModule *main_module;
    /* The place in the user's script that ops are attributed to: the innermost
       location in a non-library file (calls into the stdlib keep the caller's). */
    SrcLoc user_loc;
    /* The innermost statement running in a non-library file: where an error raised
       with no node of its own (a __hash__ run by a dict) is located. */
    SrcLoc stmt_loc;
    int depth;                    /* Python call depth of the script's functions, capped */
    int frames;                   /* every call's, AutoGraph's generated ones included */
    const CallChain *py_chain;    /* Python-level call chain, for tracebacks */
    Dict *tensor_names;           /* "func/op" -> count: unique symbolic tensor names */
    /* stdlib/tensorflow's _slice_helper (registered when tensorflow is imported):
       t[...] on a tensor calls it, as TensorFlow's Tensor.__getitem__ does. */
    Value *slice_helper;
    /* The name of the next constant made for an op's operand ("mul/y"), or NULL
       (tensor_ops.c: op_operand). */
    const char *operand_name;
    const RegionScope *open_regions; /* cond branches / loop regions being traced */
    /* The tf.function being traced now (NULL: the program's top level); its
       tracing_count tells a first trace (1) from a retrace. */
    const TfFunction *tracing;
    CaptureList *captures;        /* the trace under way's captures, or NULL */
    int trace_serial, traces_started; /* the trace under way (0: none), how many began */
    Dict *side_effects_warned;    /* "file:line:col" of each side-effect warning given */
    TfFunction **tf_functions;    /* every tf.function made, for --trace-report */
    int ntf_functions, tf_functions_cap;
    RetraceDetector **detectors;  /* one per Python def wrapped by tf.function */
    /* tf.config.run_functions_eagerly(True) (always so in eager mode): a tf.function
       call runs its Python in the caller, nothing is traced. */
    bool run_functions_eagerly;
    int ndetectors, detectors_cap;

    /* ---- Exceptions (exceptions.c) ---- */
    /* The exception propagating now (a VAL_INSTANCE), or NULL. Every failing
       evaluation returns NULL/false/EXEC_ERROR; try/except catches only when exc is
       set: a failure without one is a build error already reported (not supported
       yet, a graph error), which nothing catches. */
    Value *exc;
    Value *handling; /* the exception an except block is handling (bare raise, __context__) */
    PyClass *object_class;
    Env *exception_classes;       /* every exception class the interpreter raises, by name */
    PyClass *exc_classes[EXC__CLASSES]; /* the same, by ExcKind */
    PyClass *traceback_class;     /* what e.__traceback__ and __exit__'s tb are */
    Env *env;                     /* the running function call's scope (NULL: module level) */
    Dunders dunder;               /* interned special-method names */
    Budget budget;                /* steps taken, the loop running (budget.h) */
};

/* Python's recursion limit, CPython's default (which counts the module level as one):
   calls of the script's functions, not counting the ones AutoGraph generates.
   INTERP_MAX_FRAMES bounds every call, those included, so the C stack
   (INTERP_STACK_BYTES) cannot overflow. */
#define INTERP_MAX_DEPTH 1000
#define INTERP_MAX_FRAMES 6000
#define INTERP_STACK_BYTES ((size_t)1 << 30)

/* ---- interp.c: errors and helpers ------------------------------------------------ */
/* Reports a build error at loc (with notes for the traced call chain), which no except
   catches (a Python exception is interp_raise's); returns NULL so callers can write
   `return interp_error(...)`. */
Value *interp_error(Interp *in, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Raises the built-in exception kind at loc with the message fmt makes, which names no
   class (the kind does: a traceback shows it as ValueError: text); NULL, for
   `return interp_raise(...)`. EXC_NOT_SUPPORTED_YET is Ingot's limit instead, a build
   error "not supported yet: <message>" that no except catches. */
Value *interp_raise(Interp *in, ExcKind kind, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
Value *interp_type_error(Interp *in, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Value *interp_not_supported(Interp *in, SrcLoc loc, const char *what);
/* Where to locate an error met inside a runtime operation (stmt_loc, else user_loc). */
SrcLoc interp_pending_loc(const Interp *in);
/* The graph builder's errors (Builder.on_error), raised as TensorFlow's exceptions. */
void interp_builder_error(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg);
/* A warning of a kind the user may have silenced (-Wno-<kind>); "[-W<kind>]" is added. */
void interp_warning(Interp *in, WarningKind kind, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *interp_intern(Interp *in, const char *s);
bool interp_is_library_file(Interp *in, const SourceFile *file);
/* Where an op made at loc is attributed: loc itself in user code, else the user's
   innermost call into the library (so errors point at the script, not the stdlib). */
SrcLoc interp_op_loc(Interp *in, SrcLoc loc);

/* ---- env (exec.c) -------------------------------------------------------------------- */
Env *env_new(Interp *in, Env *parent, PyModule *module, const Node *scope_node);
Value *env_get_local(Env *env, const char *name);
/* The scope binds name (perhaps not yet assigned: a local before its assignment). */
bool env_declares(Env *env, const char *name);
void env_set_local(Interp *in, Env *env, const char *name, Value *value);
/* Binds name as an assignment in env does (global/nonlocal declarations followed). */
void env_assign(Interp *in, Env *env, const char *name, Value *value);
/* Unbinds name, quietly (the end of `except E as name`). */
void env_unbind(Interp *in, Env *env, const char *name);
/* Unbinds name (del); false when it was not bound. */
bool env_delete(Env *env, const char *name);
/* Name lookup by Python's LEGB rule; NULL when unbound (caller reports NameError). */
Value *env_lookup(Interp *in, Env *env, const char *name);

/* ---- classes.c: classes, instances, attributes with descriptors ------------------------ */
Env *namespace_new(Interp *in, PyModule *module); /* an ordered Env: a class or instance __dict__ */
Value *instance_new(Interp *in, PyClass *cls);
/* The instance __dict__'s entry for name, or NULL. */
Value *instance_get(const Value *obj, const char *name);
Value *method_new(Interp *in, Value *fn, Value *self);
PyClass *class_new(Interp *in, const char *name, const char *qualname, const char *module,
                   Value **bases, int nbases, Env *dict, SrcLoc loc);
/* name (interned) along the class's MRO, or NULL. */
Value *class_lookup(const PyClass *cls, const char *name);
bool class_is_subclass(const PyClass *cls, const PyClass *base);
bool value_is_instance_of(Interp *in, const Value *v, const PyClass *cls);
/* The qualified name of a def or class named name in scope env ("C.f", "f.<locals>.g"). */
const char *scope_qualname(Interp *in, Env *env, const char *name);
ExecStatus exec_classdef(Interp *in, Env *env, const Node *s);
/* Attribute reads, as lookup_attribute (name interned). */
Value *instance_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc, bool *missing);
Value *class_attribute(Interp *in, Value *cls, const char *name, SrcLoc loc, bool *missing);
Value *super_attribute(Interp *in, Value *sup, const char *name, SrcLoc loc, bool *missing);
/* obj.name = value (user __setattr__ first), del obj.name; false after an error. */
bool set_attribute(Interp *in, Value *obj, const char *name, Value *value, SrcLoc loc);
bool delete_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc);
/* object.__delattr__: a property's deleter or the instance __dict__ (name interned). */
bool instance_unstore(Interp *in, Value *obj, const char *name, SrcLoc loc);
/* object.__setattr__: a property's setter or the instance __dict__ (name interned). */
bool instance_store(Interp *in, Value *obj, const char *name, Value *value, SrcLoc loc);
Value *class_call(Interp *in, PyClass *cls, CallArgs *args, SrcLoc loc);
/* A class attribute as read through obj (NULL: through the class): functions bind,
   staticmethod unwraps, classmethod binds the class. */
Value *class_bind(Interp *in, Value *attr, Value *obj, PyClass *cls);
Value *call_method_value(Interp *in, Value *method, CallArgs *args, SrcLoc loc);
/* property, staticmethod, classmethod, super, issubclass, setattr, delattr, vars, id,
   NotImplemented (class_builtins.c); attributes of the descriptor values. */
void class_builtins_install(Interp *in);
Value *descriptor_attribute(Interp *in, Value *v, const char *name, SrcLoc loc, bool *missing);

/* ---- dunder.c: special methods ------------------------------------------------------------ */
void dunders_install(Interp *in);
void object_class_install(Interp *in);
/* The special method name of obj's type (NULL: obj is no instance, or it has none). */
Value *special_method(Interp *in, Value *obj, const char *name);
/* obj.name(*args) looked up on the type; *found false (and NULL) when it has none. */
Value *call_special(Interp *in, Value *obj, const char *name, Value **args, int nargs, SrcLoc loc,
                    bool *found);
/* repr() and str() that run __repr__/__str__ (inside containers too); NULL after an error. */
const char *py_repr(Interp *in, Value *v, SrcLoc loc);
const char *py_str(Interp *in, Value *v, SrcLoc loc);
/* Operators with an instance on either side (*handled false otherwise). */
Value *instance_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc, bool *handled);
Value *instance_inplace(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc, bool *handled);
Value *instance_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc, bool *handled);
Value *instance_unary(Interp *in, UnaryOp op, Value *v, SrcLoc loc);
bool instance_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok);
/* int(v) / float(v) of an instance: method (__int__/__float__), else __index__. */
Value *instance_number(Interp *in, Value *v, const char *method, const char *type, SrcLoc loc);
/* len(v) by __len__: false with *found false when there is none, or after an error. */
bool instance_length(Interp *in, Value *v, SrcLoc loc, int64_t *len, bool *found);
Value *instance_get_item(Interp *in, Value *obj, Value *index, SrcLoc loc);
bool instance_set_item(Interp *in, Value *obj, Value *index, Value *value, SrcLoc loc);
bool instance_delete_item(Interp *in, Value *obj, Value *index, SrcLoc loc);
Value *instance_contains(Interp *in, Value *container, Value *item, SrcLoc loc);
Value *instance_iter(Interp *in, Value *obj, SrcLoc loc);
/* The next item, or NULL: with *done at StopIteration (cleared), else after an error. */
Value *instance_next(Interp *in, Value *it, SrcLoc loc, bool *done);

/* ---- exceptions.c, exec_try.c ---------------------------------------------------------------- */
void exceptions_install(Interp *in);
void exception_init_args(Interp *in, Value *obj, CallArgs *args);
/* Raises exc (an exception instance) at loc: NULL, for `return exception_raise(...)`. */
Value *exception_raise(Interp *in, Value *exc, SrcLoc loc);
/* A new instance of the built-in exception kind with args, raised. */
Value *raise_new(Interp *in, ExcKind kind, Value **args, int nargs, SrcLoc loc);
Value *interp_key_error(Interp *in, Value *key, SrcLoc loc);
/* exc is an instance of type (a class or a tuple of them); *ok false after a TypeError. */
bool exception_matches(Interp *in, Value *exc, Value *type, SrcLoc loc, bool *ok);
/* exc is an instance of the built-in class kind (or of a subclass). */
bool exception_is(Interp *in, const Value *exc, ExcKind kind);
Value *traceback_object(Interp *in, Value *exc);
/* tf.errors' classes (InvalidArgumentError, ...) by name, or NULL. */
Value *tensorflow_error_class(Interp *in, const char *name);
/* The build error for the exception nobody caught: its line, then a Python traceback. */
void report_uncaught(Interp *in);
ExecStatus exec_raise(Interp *in, Env *env, const Node *s);
ExecStatus exec_assert(Interp *in, Env *env, const Node *s);
ExecStatus exec_try(Interp *in, Env *env, const Node *s);
ExecStatus exec_with(Interp *in, Env *env, const Node *s);

/* ---- side_effects.c: Python state changed while tracing ------------------------------------- */
/* While tracing a tf.function, an assignment to name (global or nonlocal), or to an
   item of the object it names, that outlives the trace warns: it happens once per
   trace, not per call. what: "changed", "'append'", ...; mutates: the object name
   refers to is changed (an item, an attribute, a method), not the name rebound. */
void side_effect_check(Interp *in, Env *env, const char *name, const char *what, bool mutates,
                       SrcLoc loc);
/* The scope that binds name as seen from env (LEGB), or NULL. */
Env *env_binding_scope(Interp *in, Env *env, const char *name);

/* ---- exec.c ------------------------------------------------------------------------ */
ExecStatus exec_block(Interp *in, Env *env, const NodeList *body);
bool assign_target(Interp *in, Env *env, const Node *target, Value *value);
/* Runs a module's body in its globals. */
bool exec_module(Interp *in, PyModule *m, const Node *ast);

/* ---- eval.c ------------------------------------------------------------------------- */
Value *eval(Interp *in, Env *env, const Node *expr);
bool value_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok);
Value *eval_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc);
Value *eval_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc);
/* a == b as a list compares its items (identity first, then __eq__ for instances);
   *ok false after an error. */
bool py_equal(Interp *in, Value *a, Value *b, SrcLoc loc, bool *ok);
/* obj.name; reports AttributeError when there is no such attribute. */
Value *get_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc);
/* A method CPython's built-in types have and Ingot's lack (str.encode, list.__len__):
   get_attribute, getattr and hasattr make it a located 'not supported yet'. */
bool missing_builtin_method(const Value *obj, const char *name);
/* The docstring of a def or class body (its first statement, a string), or None. */
Value *docstring(Interp *in, const NodeList *body);
/* obj.name, or NULL: with *missing when there is no such attribute (nothing reported),
   else after a reported error. getattr/hasattr use it to fall back quietly. */
Value *lookup_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc, bool *missing);
Value *get_item(Interp *in, Value *obj, Value *index, SrcLoc loc);
/* Iteration over a Python iterable: fills a list of items (tuples, lists, ranges,
   dicts, strings). */
List *iterate_to_list(Interp *in, Value *iterable, SrcLoc loc);

/* ---- call.c --------------------------------------------------------------------------- */
Value *call_value(Interp *in, Value *callee, CallArgs *args, SrcLoc loc);
Value *call_function(Interp *in, Function *fn, CallArgs *args, SrcLoc loc);
/* A frame entered (counted: toward the recursion limit): false after RecursionError. */
bool frame_enter(Interp *in, bool counted, SrcLoc loc);
void frame_leave(Interp *in, bool counted);
Value *make_function(Interp *in, Env *env, const Node *def, const char *name);
/* Binds a builtin's arguments by name: names[0..n) in order; out[i] gets the value or
   NULL; the first nrequired are required. Reports TypeError like CPython's. */
bool args_bind(Interp *in, CallArgs *args, const char *fname, const char *const *names, int n,
               int nrequired, Value **out, SrcLoc loc);
CallArgs call_args_positional(Value **pos, int npos);
/* A builtin's argument checks, with CPython's TypeErrors: no keywords; lo..hi
   positional arguments (and no keywords). */
bool args_no_keywords(Interp *in, CallArgs *args, const char *fname, SrcLoc loc);
bool args_count(Interp *in, CallArgs *args, const char *fname, int lo, int hi, SrcLoc loc);

/* ---- builtins.c ------------------------------------------------------------------------ */
void builtins_install(Interp *in);
/* f.__defaults__ (a tuple of the positional defaults) and f.__kwdefaults__ (a dict of the
   keyword-only ones): None when there are none. */
Value *function_defaults(Interp *in, const Function *fn);
Value *function_kwdefaults(Interp *in, const Function *fn);
/* Stable merge sort in place, with an optional key function (None or NULL: none), as
   sorted() and list.sort() do; false after an error. */
bool sort_values(Interp *in, Value **items, int n, Value *key, bool reverse, SrcLoc loc);
/* Methods of builtin types (list.append, dict.items, ...); NULL when absent. */
Value *builtin_method(Interp *in, Value *self, const char *name);   /* methods.c */
/* Formatting (methods.c): format(v, spec) and "fmt" % args, as CPython does them. */
Value *format_value(Interp *in, Value *v, const char *spec, SrcLoc loc);
Value *builtin_percent_format(Interp *in, Value *fmt, Value *args, SrcLoc loc);

/* Methods of str (str_methods.c); NULL when absent. */
Value *str_method(Interp *in, Value *self, const char *name);
/* Whether a string of count pieces of unit bytes, plus extra, stays within the build-time
   ceiling (STR_MAX_BYTES); otherwise raises MemoryError, before anything is built. */
#define STR_MAX_BYTES ((int64_t)1 << 28)
bool str_size_ok(Interp *in, int64_t count, int64_t unit, int64_t extra, SrcLoc loc);
/* a + b for two strs, in a buffer with room to grow (Value.str.cap); str_build.c. */
Value *str_concat_growable(Interp *in, const Value *a, const Value *b);
/* a + b, writing b after a in a's buffer when it has room (a must be growable and
   unreachable once the caller rebinds its name to the result). */
Value *str_append_in_place(Interp *in, Value *a, const Value *b);
/* CPython 3.11's Unicode character database (unicode.c over unicode_db.inc; unicode.h). */
uint32_t utf8_decode_next(const char *s, size_t n,
                          size_t *i);   /* the code point at s[*i]; *i moves past it */
bool unicode_is_printable(uint32_t c);  /* str.isprintable(): repr() escapes the others */
bool unicode_is_space(uint32_t c);      /* str.isspace() */
int unicode_decimal(uint32_t c);        /* a decimal digit's value (str.isdecimal()), else -1 */
/* ascii(v): repr(v) with its non-ASCII characters escaped (value_repr.c); NULL after an error. */
const char *py_ascii(Interp *in, Value *v, SrcLoc loc);

/* ---- modules.c -------------------------------------------------------------------------- */
/* import dotted (relative to importer's package when level > 0); NULL after an error. */
PyModule *module_import(Interp *in, const char *dotted, PyModule *importer, int level, SrcLoc loc);
/* package.name as a submodule: NULL with *missing when there is none (nothing reported). */
PyModule *module_submodule(Interp *in, PyModule *package, const char *name, SrcLoc loc,
                           bool *missing);
PyModule *module_create(Interp *in, const char *name, const SourceFile *file, bool is_library);

/* ---- tensor_ops.c: the _ingot primitives and tensor operators --------------------------- */
PyModule *ingot_primitives_module(Interp *in);
bool value_is_tensor(const Value *v);
/* Converts a Python scalar, nested list or tensor to a tensor (dtype: preferred, or
   inferred as TensorFlow does when preferred < 0). NULL after an error. */
Value *to_tensor(Interp *in, Value *v, int preferred_dtype, SrcLoc loc);
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
/* A shape as TensorFlow prints a TensorShape: "(2, None)", "(3,)", "()". */
const char *shape_tuple_text(Arena *a, const Shape *s);
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
/* The same nesting of lists, tuples and dicts (with equal keys); leaves not compared. */
bool nest_same_structure(const Value *a, const Value *b);
/* structure's shape, with its leaves taken in order from leaves[*next], ... */
Value *nest_pack(Interp *in, Value *structure, Value **leaves, int *next);

/* ---- staging.c: cond and while nodes ------------------------------------------------------ */
void region_enter(Interp *in, RegionScope *scope, Region *r);
void region_leave(Interp *in, RegionScope *scope);
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

/* ---- random_prims.c: tf.random (generator state variables, random_* nodes) ------------- */
void random_prims_install(Interp *in, PyModule *m);
/* _ingot.op & co. (op_prims.c): any graph op by name, for the stdlib's Python. */
void op_prims_install(Interp *in, PyModule *m);
/* Adds the entries of a Python dict {str: bool/int/float/str/dtype/list of ints} to
   attrs (None adds nothing); false after a TypeError. */
bool attrs_from_dict(Interp *in, Attrs *attrs, Value *dict, SrcLoc loc);

/* ---- autograph_ops.c: the ag__ module that converted code calls -------------------------- */
PyModule *autograph_module(Interp *in);

/* ---- tracing.c: tf.function --------------------------------------------------------------- */
/* input_signature: None or a list of tf.TensorSpec (checked here). */
Value *tf_function_new(Interp *in, Value *python_function, Value *input_signature,
                       bool reduce_retracing, SrcLoc loc);
Value *tf_function_call(Interp *in, TfFunction *tf, CallArgs *args, SrcLoc loc);
/* The tf.function (a VAL_TF_FUNCTION) a method is for the instance obj. */
Value *tf_function_bound_to(Interp *in, Value *tf, Value *obj);
Value *tf_function_attribute(Interp *in, Value *tf, const char *name, SrcLoc loc, bool *missing);
/* Calling f.get_concrete_function(...)'s result: arguments must fit its trace. */
Value *concrete_function_call(Interp *in, Value *concrete, CallArgs *args, SrcLoc loc);
/* v, made by a caller of the function being traced, as a parameter of the trace. */
IrValue *capture_tensor(Interp *in, Value *v, SrcLoc loc);
const char *concrete_function_text(Arena *a, const Value *concrete);

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
/* Why `want` needs another trace than `have`: "argument 'x': shape (3,) is not (2,)".
   names: per key entry, the parameter or keyword name (NULL entries allowed). */
const char *trace_key_difference(Interp *in, const Value *have, const Value *want,
                                 const char *const *names);

/* x[slice] = value (value NULL: del x[slice]) on a list, as CPython does. eval.c */
bool list_set_slice(Interp *in, List *l, Value *slice, Value *value, SrcLoc loc);

/* iterators.c: iterators, lazy generator expressions, and one-item-at-a-time loops. */
typedef struct Cursor {
    List *items;       /* a live list or a snapshot, walked by index */
    int64_t index;
    Iterator *iter;    /* or an iterator, pulled */
    Value *obj;        /* or an instance with __next__ */
} Cursor;
Value *genexp_new(Interp *in, Env *scope, const Node *comp, List *first_items);
/* iter(obj) of an instance that has __getitem__ but no __iter__. */
Value *sequence_iterator_new(Interp *in, Value *obj);
Value *builtin_iter(Interp *in, Value *self, CallArgs *args, SrcLoc loc);
Value *builtin_next(Interp *in, Value *self, CallArgs *args, SrcLoc loc);
List *iterator_drain(Interp *in, Iterator *it, SrcLoc loc);
bool cursor_open(Interp *in, Value *iterable, Cursor *c, SrcLoc loc);
bool cursor_next(Interp *in, Cursor *c, Value **item, SrcLoc loc); /* *item NULL at the end */

/* set_methods.c: set(), set methods and operators. */
Value *builtin_set(Interp *in, Value *self, CallArgs *args, SrcLoc loc);
Value *set_method(Interp *in, Value *self, const char *name);
Value *set_binop(Interp *in, BinOp op, Value *a, Value *b, bool *handled);
Value *set_compare(Interp *in, CmpOp op, Value *a, Value *b, bool *handled);
bool set_augassign(Interp *in, BinOp op, Value *s, Value *other);
/* Adds key, or reports TypeError (unhashable) or what its __hash__/__eq__ raised. */
bool set_add_checked(Interp *in, PySet *s, Value *key, SrcLoc loc);

/* A dict key must be hashable: false after Python's TypeError (TensorFlow's for a
   tensor or a variable). methods.c */
bool check_hashable(Interp *in, const Value *key, SrcLoc loc);

/* ---- eager_values.c, eager_text.c: concrete tensors (ingot run --eager) ----------------- */
/* The builder runs ops at once (Builder.exec): every tensor value is concrete. */
bool interp_is_eager(const Interp *in);
/* bool(t) of a concrete tensor or variable (TensorFlow's eager rules). */
bool eager_value_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok);
/* The rows t[0], t[1], ... of a concrete tensor or variable, as iterating it gives. */
List *eager_rows(Interp *in, Value *v, SrcLoc loc);
/* t.numpy(): NumPy's view: a number for a scalar (a float32 one prints as NumPy's
   float32), a read-only ndarray (VAL_NDARRAY) otherwise. */
Value *eager_numpy(Interp *in, Value *v, SrcLoc loc);
Value *eager_numpy_method(Interp *in, Value *v);   /* the bound method t.numpy */
/* The value as Python data: a number, or nested lists of numbers (tolist()). */
Value *eager_python_value(Interp *in, Value *v, SrcLoc loc);
/* NumPy arrays (VAL_NDARRAY, from t.numpy()). */
Value *ndarray_tensor(Interp *in, const Value *arr);
Value *ndarray_attribute(Interp *in, Value *arr, const char *name, bool *missing);
Value *ndarray_index(Interp *in, Value *arr, Value *index, SrcLoc loc);
List *ndarray_rows(Interp *in, Value *arr, SrcLoc loc);
/* operator.index(t): the int of an integer scalar tensor, else TensorFlow's TypeError. */
Value *eager_index(Interp *in, Value *v, SrcLoc loc);
/* str(t) and repr(t) of a concrete tensor, as TensorFlow's EagerTensor prints. */
const char *eager_tensor_str(Arena *a, const IgTensor *t);
const char *eager_tensor_repr(Arena *a, const IgTensor *t);
const char *eager_numpy_repr(Arena *a, const IgTensor *t);   /* repr(t.numpy()) */
const char *eager_ndarray_str(Arena *a, const IgTensor *t);  /* str(t.numpy()) */

/* ---- value_types.c: the tracer's values as the VM sees them (foreign.h) ---------- */
/* Registers their ForeignTypes; widens range (tensor bounds) and adds ag__. */
void value_types_install(Interp *in);

/* ---- trace_report.c: retracing warning, --trace-report ------------------------------------ */
RetraceDetector *retrace_detector_for(Interp *in, const Node *def);
void retrace_detector_record(Interp *in, TfFunction *tf, bool traced, SrcLoc loc);
void interp_register_tf_function(Interp *in, TfFunction *tf);
void trace_report_print(Interp *in, FILE *out);

#endif
