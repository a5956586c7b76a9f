/* vm.h — the Python VM: runs a module's Python at build time with CPython's semantics
 * (values, scopes, eval/exec, calls, classes, exceptions, builtins, imports). It knows
 * nothing of tensors: values it does not own are foreign (foreign.h), and a host (the
 * tracer) plugs into a few hooks (VmHooks) and its own state (Interp.tracer).
 * Entry points: vm_new, vm_run_module; eval, exec_block, call_value, vm_raise.
 * Memory owner: every value, scope and module lives in Interp.arena. */
#ifndef INGOT_VM_H
#define INGOT_VM_H

#include <stdio.h>

#include "arena.h"
#include "ast.h"
#include "budget.h"
#include "diag.h"
#include "foreign.h"
#include "value.h"

/* Build-time warnings a user can silence with -Wno-<name> or make errors with
   -Werror=<name> (names in warning_names). */
typedef enum {
    WARN_RETRACING,           /* -Wretracing: TensorFlow's frequent-retracing warning */
    WARN_LARGE_UNROLLED_LOOP, /* -Wlarge-unrolled-loop: a Python loop unrolled past 1000 */
    WARN_TRACE_SIDE_EFFECT,   /* -Wtrace-side-effect: Python state changed inside a tf.function */
    WARN_NON_FLOAT_GRADIENT,  /* -Wnon-float-gradient: an integer target, source or watch */
    WARN_RUN_EAGERLY,         /* -Wrun-eagerly: Keras's run_eagerly in a compiled program */
    WARN_UNSAVED_WEIGHT,      /* -Wunsaved-weight: a library's variable no weights file sets */
    WARN_PRINT_TRACED_TENSOR, /* -Wprint-traced-tensor: print() of a symbolic tensor */
    WARN__COUNT
} WarningKind;

extern const char *const warning_names[WARN__COUNT];

/* Makes an imported module's file into the tree the VM runs: the driver's parse and
   AutoGraph stages, as for the script. NULL after reporting errors. */
typedef Node *(*VmLoader)(void *ctx, Arena *arena, Diag *diag, const SourceFile *file);

typedef struct VmOptions {
    const char *stdlib_dir;   /* directory holding tensorflow/ and ingot/ */
    FILE *out;                /* where build-time print() writes (stdout) */
    VmLoader load;            /* each imported module's tree (required) */
    void *load_ctx;
    bool disabled_warnings[WARN__COUNT];  /* -Wno-<name> */
    bool error_warnings[WARN__COUNT];     /* -Werror, -Werror=<name>: reported as errors */
    unsigned long long max_steps; /* --max-build-steps: statements the script may run (0: any) */
    const char *phase;        /* when the script runs, for the limits' errors ("in eager
                                 mode"); NULL: "at build time" */
} VmOptions;

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
    int epoch;                    /* Interp.epoch when it was made */
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

typedef struct Dunders {
    const char *init, *new_, *call, *repr, *str, *eq, *ne, *hash, *len, *bool_, *getitem, *setitem,
        *delitem, *contains, *iter, *next, *enter, *exit, *getattr, *setattr, *delattr, *class_,
        *dict, *name, *qualname, *module, *doc, *mro, *bases, *args, *cause, *context,
        *suppress_context, *traceback, *format, *index, *int_, *float_, *neg, *pos, *invert, *abs,
        *lt, *le, *gt, *ge;
    const char *binop[BIN__COUNT], *rbinop[BIN__COUNT], *ibinop[BIN__COUNT];
} Dunders;

/* A Python call under way, innermost first: what a traceback shows. */
typedef struct PyFrame {
    SrcLoc call_loc;
    const char *callee_name;
    const struct PyFrame *parent;
    bool hidden;  /* a function AutoGraph generated: not shown in tracebacks */
    bool library; /* a function of the bundled library: not shown either */
} PyFrame;

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



/* What the VM's host keeps of its own that a caught exception puts back: opaque bytes
   its save/restore hooks fill and read. */
typedef struct VmHostState {
    _Alignas(16) unsigned char bytes[192];
} VmHostState;

/* A Python-level module the host provides (_ingot), by its dotted name. */
typedef PyModule *(*VmNativeModule)(Interp *in, const char *dotted);

/* A store into Python state (VmHooks.store): a name rebound, or an object changed
   (mutates) that is reached from a name through attributes and items. */
typedef struct VmStore {
    const char *name;    /* the name rebound, or the one the changed object is reached from */
    const char *path;    /* the changed object's expression when it is not name ("self.log") */
    const Value *target; /* the object changed, when known (mutates) */
    const char *what;    /* "changed", "changed ('append')", "changed (an item deleted)" */
    bool mutates;        /* an object changed, not name rebound */
    const Value *value;  /* what is stored, or NULL (augmented assignment, a method, del) */
} VmStore;

/* Where the host (the tracer) plugs in. Every hook may be NULL. */
typedef struct VmHooks {
    /* Before each statement runs (eager mode releases the tensors nobody holds). */
    void (*statement)(Interp *in);
    /* A store into Python state while Interp.watch_stores is set (VmStore says what). */
    void (*store)(Interp *in, Env *env, const VmStore *store, SrcLoc loc);
    /* print() is about to write args (the host may warn about what they show). */
    void (*print)(Interp *in, const CallArgs *args, SrcLoc loc);
    /* An f-string, format() or str.format is about to format v (or to convert it with
       !r, !s, !a, when the result is not used): the host may warn about what it shows,
       and returns what to format in v's place (v itself, or an object whose __format__
       the host knows better); NULL after an error. */
    Value *(*format)(Interp *in, Value *v, SrcLoc loc);
    /* A build error was reported at the innermost location: add notes (the traced
       call chain) after it. */
    void (*error_notes)(Interp *in);
    /* try statements: the host state to put back when an exception is caught. */
    void (*save)(const Interp *in, VmHostState *state);
    void (*restore)(Interp *in, const VmHostState *state);
    VmNativeModule native_module;
    /* After the main module's top level ran without error, still inside its run (its
       stack, budget and error reporting): false after an error (raised or reported). */
    bool (*after_main)(Interp *in);
} VmHooks;

struct Interp {
    Arena *arena;
    Diag *diag;
    const VmOptions *opt;
    VmHooks hooks;
    struct Tracer *tracer;        /* the host's own state, opaque to the VM */
    /* The host's epoch (0 unless it sets one: the tracer numbers its traces): scopes
       and instances record the epoch they were made in. */
    int epoch;
    bool watch_stores;            /* call hooks.store on stores (while tracing) */
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
    const PyFrame *py_chain;      /* Python-level call chain, for tracebacks */

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
   catches (a Python exception is vm_raise's); returns NULL so callers can write
   `return vm_error(...)`. */
Value *vm_error(Interp *in, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Raises the built-in exception kind at loc with the message fmt makes, which names no
   class (the kind does: a traceback shows it as ValueError: text); NULL, for
   `return vm_raise(...)`. EXC_NOT_SUPPORTED_YET is Ingot's limit instead, a build
   error "not supported yet: <message>" that no except catches. */
Value *vm_raise(Interp *in, ExcKind kind, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
Value *vm_type_error(Interp *in, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Value *vm_not_supported(Interp *in, SrcLoc loc, const char *what);
/* The candidate closest to a misspelt name (CPython 3.12's "Did you mean"), or NULL;
   sorts candidates (suggest.c). */
const char *vm_suggest(const char *name, const char **candidates, int n);
/* Reports msg, already worded, as a build error at loc, as vm_error does (the
   host's errors that are not Python exceptions: an unsupported graph construct). */
void vm_report_error(Interp *in, SrcLoc loc, const char *msg);
/* Where to locate an error met inside a runtime operation (stmt_loc, else user_loc). */
SrcLoc vm_pending_loc(const Interp *in);
/* A warning of a kind the user may have silenced (-Wno-<kind>); "[-W<kind>]" is added. */
void vm_warning(Interp *in, WarningKind kind, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *vm_intern(Interp *in, const char *s);
/* When the script runs, as the limits' errors say it: "at build time", "in eager mode". */
const char *vm_phase(const Interp *in);
bool vm_is_library_file(Interp *in, const SourceFile *file);
/* Where an op made at loc is attributed: loc itself in user code, else the user's
   innermost call into the library (so errors point at the script, not the stdlib). */
SrcLoc vm_op_loc(Interp *in, SrcLoc loc);

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


/* ---- interp.c: the VM's life ------------------------------------------------------------ */
/* A VM with its builtins, object, the exception classes and an empty __main__ for
   main_file; the host then fills hooks and tracer. */
Interp *vm_new(Arena *arena, Diag *diag, const VmOptions *opt, const SourceFile *main_file);
/* Runs ast as module m's body on a big stack (recursion goes INTERP_MAX_DEPTH calls
   deep), within the step and memory budgets; false after errors, all reported (an
   uncaught exception with its traceback). */
bool vm_run_module(Interp *in, PyModule *m, const Node *ast);

/* ---- exec.c ------------------------------------------------------------------------ */
ExecStatus exec_block(Interp *in, Env *env, const NodeList *body);
bool assign_target(Interp *in, Env *env, const Node *target, Value *value);
/* While Interp.watch_stores is set: the object `object` (an expression reached from a
   name: `x`, `self.log`, `cfg["k"]`) is changed; target is its value when known, value
   what is stored in it (or NULL). Calls
   hooks.store; an object reached from no name (a call's result) is not watched. */
void vm_watch_mutation(Interp *in, Env *env, const Node *object, const Value *target,
                       const char *what, const Value *value, SrcLoc loc);
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
/* call_value for a call the script makes at loc -- a call expression, an operator's
   special method, a property: errors raised inside the library are reported there. */
Value *call_from_script(Interp *in, Value *callee, CallArgs *args, SrcLoc loc);
Value *call_function(Interp *in, Function *fn, CallArgs *args, SrcLoc loc);
/* Whether args bind to fn's parameters; false after raising Python's TypeError for
   them (nothing of fn runs). */
bool call_binds(Interp *in, Function *fn, CallArgs *args, SrcLoc loc);
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


/* x[slice] = value (value NULL: del x[slice]) on a list, as CPython does. eval.c */
bool list_set_slice(Interp *in, List *l, Value *slice, Value *value, SrcLoc loc);

/* ---- modules.c -------------------------------------------------------------------------- */
/* import dotted (relative to importer's package when level > 0); NULL after an error. */
PyModule *pymodule_import(Interp *in, const char *dotted, PyModule *importer, int level,
                          SrcLoc loc);
/* package.name as a submodule: NULL with *missing when there is none (nothing reported). */
PyModule *pymodule_submodule(Interp *in, PyModule *package, const char *name, SrcLoc loc,
                             bool *missing);
PyModule *pymodule_create(Interp *in, const char *name, const SourceFile *file, bool is_library);

#endif
