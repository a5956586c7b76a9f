/* value.h — Python values at build time: scalars, containers, functions, modules,
 * and the tracer's values (tensors, variables, tf.functions), whose behaviour is its
 * ForeignTypes' (foreign.h) and whose payloads the VM never looks inside.
 * Entry points: value_* constructors, value_repr/value_to_str (CPython-exact text),
 * value_equal/value_hash, dict_* (insertion-ordered dict).
 * Memory owner: every Value lives in the interpreter's Arena. */
#ifndef INGOT_VALUE_H
#define INGOT_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "ast.h"

typedef struct Value Value;
typedef struct Env Env;
typedef struct Interp Interp;
typedef struct PyModule PyModule;
typedef struct TfFunction TfFunction;
struct ConcreteFunction;
/* The payloads of the tracer's values point into the graph (graph/ir.h), which the VM
   never looks inside: incomplete types here. */
typedef struct IrValue IrValue;
typedef struct Func Func;
typedef struct Global Global;
typedef struct TensorType TensorType;

typedef enum {
    VAL_NONE,
    VAL_BOOL,
    VAL_INT,
    VAL_FLOAT,
    VAL_STR,
    VAL_LIST,
    VAL_TUPLE,
    VAL_DICT,
    VAL_RANGE,
    VAL_SLICE,
    VAL_ELLIPSIS,
    VAL_FUNCTION,     /* a def or lambda */
    VAL_BUILTIN,      /* a function implemented in C (builtins, _ingot, methods) */
    VAL_MODULE,
    VAL_TENSOR,       /* a symbolic tensor: a value of the graph being traced */
    VAL_DTYPE,        /* tf.float32 & co. */
    VAL_TF_FUNCTION,  /* the result of tf.function(f) */
    VAL_UNDEFINED,    /* ag__.Undefined('x'): a name AutoGraph found possibly unbound */
    VAL_UNDEFINED_RETURN, /* ag__.UndefinedReturnValue(): no return statement ran yet */
    VAL_VARIABLE,     /* tf.Variable: a module-level variable of the graph (variables.c) */
    VAL_TENSOR_SPEC,  /* tf.TensorSpec(shape, dtype, name) */
    VAL_CONCRETE_FUNCTION, /* f.get_concrete_function(...): one trace of a tf.function */
    VAL_NDARRAY,      /* t.numpy() of an eager tensor of rank >= 1: a read-only NumPy array */
    VAL_SET,          /* set (value_set.c: CPython's table, so CPython's order) */
    VAL_ITERATOR,     /* iter(x), or a generator expression (iterators.c) */
    VAL_DICT_VIEW,    /* d.keys(), d.values(), d.items(): live views of the dict */
    VAL_CLASS,        /* a class: a def'd one, object, or a built-in exception (classes.c) */
    VAL_INSTANCE,     /* an instance of a VAL_CLASS (exceptions are instances too) */
    VAL_METHOD,       /* a function bound to its first argument (obj.method, Cls.classmethod) */
    VAL_PROPERTY,     /* property(fget, fset, fdel) */
    VAL_STATICMETHOD, /* staticmethod(f) */
    VAL_CLASSMETHOD,  /* classmethod(f) */
    VAL_SUPER,        /* super(): attribute lookup that starts after a class of the MRO */
    VAL_NOTIMPLEMENTED, /* NotImplemented: an operator method declining */
    VAL_TAPE,         /* what a tf.GradientTape records (the tracer's tape.c) */
    VAL__KINDS
} ValueKind;

typedef struct List {
    Value **items;
    int len, cap;
} List;

typedef struct DictEntry {
    Value *key;    /* NULL: deleted */
    Value *value;
    uint64_t hash;
} DictEntry;

/* Insertion-ordered like CPython's: entries in order, an open-addressing index. */
typedef struct Dict {
    DictEntry *entries;
    int nentries, cap;   /* entries used (incl. deleted) and allocated */
    int count;           /* live entries */
    int *index;          /* -1 empty; else entry number */
    int index_cap;
} Dict;

/* Arguments of a call, after * and ** have been spread. */
/* A set's table, as CPython's setobject.c keeps it (value_set.c). */
typedef struct SetEntry {
    Value *key;    /* NULL: never used; a dummy: deleted */
    int64_t hash;  /* CPython's hash of key; -1 for a dummy */
} SetEntry;

typedef struct PySet {
    SetEntry *table;
    int64_t mask;          /* table size - 1 */
    int64_t fill, used;    /* slots used (live + dummies); live keys */
    int64_t finger;        /* where pop() looks next */
} PySet;

/* An iterator (iterators.c): over a sequence, or a lazy generator expression. */
typedef struct Iterator {
    bool is_genexp;
    bool done;
    /* A sequence: a live list (CPython's list iterator sees appends) or a snapshot. */
    Value *list;
    List *items;
    Value *sequence;   /* or an instance with __getitem__ only, indexed from 0 */
    int64_t index;
    /* A generator expression: the loop clauses' items and positions, innermost last. */
    const Node *comp;
    Env *scope;
    int depth;
    List **levels;
    int64_t *positions;
} Iterator;

/* A class (classes.c). Its namespace is an Env keyed by interned names, in insertion
   order (env->order), like a CPython class __dict__. */
typedef struct PyClass {
    const char *name;
    const char *qualname;      /* "Outer.Inner", "f.<locals>.C" */
    const char *module;        /* "__main__", "builtins", ... */
    Value *self;               /* the VAL_CLASS */
    Value **bases;             /* VAL_CLASS values; none only for object */
    int nbases;
    struct PyClass **mro;      /* C3 linearisation: the class first, object last */
    int nmro;
    Env *dict;
    bool is_exception;         /* BaseException or a subclass */
    bool is_builtin;           /* object and the built-in exceptions */
    /* hash(instance): by identity; unhashable (defines __eq__ but not __hash__);
       or computed by a __hash__ of its own (not supported as dict keys yet). */
    enum { HASH_IDENTITY, HASH_NONE, HASH_USER } hash_kind;
    bool user_eq;              /* a __eq__ of the script's: dict keys and list.index call it */
    Interp *interp;            /* runs __hash__/__eq__ for the dict and set code below */
} PyClass;

/* What an exception instance carries beyond its attributes (exceptions.c). */
typedef struct TraceEntry {
    SrcLoc loc;                /* the line running in that frame */
    const char *func;          /* the frame's function, "<module>" for the top level */
} TraceEntry;

typedef struct ExcInfo {
    Value *args;               /* a tuple */
    Value *cause;              /* raise ... from cause (NULL: None) */
    Value *context;            /* the exception being handled when it was raised */
    bool suppress_context;     /* set by raise ... from */
    TraceEntry *tb;            /* outermost frame first */
    int ntb;
    SrcLoc raised_at; /* the user's line of the raise (library raises map to their caller) */
    /* CPython's "Did you mean" name for an AttributeError, or NULL: shown when the
       exception is reported, not part of str(e), as in CPython. */
    const char *suggestion;
} ExcInfo;

typedef struct Instance {
    PyClass *cls;
    Value *attrs;              /* the instance __dict__ (a VAL_DICT, str keys): vars(obj) is it */
    ExcInfo *exc;              /* exceptions only, else NULL */
    int epoch;                 /* Interp.epoch when it was made */
} Instance;

typedef struct CallArgs {
    Value **pos;
    int npos;
    const char **kw_names; /* interned */
    Value **kw_values;
    int nkw;
} CallArgs;

typedef Value *(*BuiltinFn)(Interp *in, Value *self, CallArgs *args, SrcLoc loc);

typedef struct Builtin {
    const char *name;
    BuiltinFn fn;
    Value *self;      /* bound receiver for methods, else NULL */
    bool binds;       /* a method of a class (object.__init__): obj.m binds obj first */
    bool is_class;    /* a built-in type (int, list, zip, ...): prints as <class 'int'> */
} Builtin;

typedef struct Function {
    const char *name;
    const char *qualname;
    const Node *def;          /* AST_FUNCDEF or AST_LAMBDA */
    const Params *params;
    Dict *attrs;              /* attributes set on the function (f.cache = {}), or NULL */
    Value **defaults;         /* per positional param (NULL: none), evaluated at def time */
    Value **kwonly_defaults;
    Env *closure;             /* enclosing function scope, NULL at module level */
    PyClass *defining_class;  /* the class whose body defined it (zero-argument super()) */
    PyModule *module;         /* globals */
    /* Scope analysis of the body, done on the first call: names assigned in the body
       are local (unless declared global/nonlocal), as Python decides statically. */
    bool scope_done;
    const char **locals;
    int nlocals;
    const char **globals;
    int nglobals;
    const char **nonlocals;
    int nnonlocals;
} Function;

struct Value {
    ValueKind kind;
    /* VAL_FLOAT from t.numpy() of a float32 scalar (numpy.float32): printed with
       float32's shortest digits; arithmetic on it gives plain floats. */
    bool float32;
    union {
        bool b;
        int64_t i;
        double f;
        /* VAL_STR; VAL_UNDEFINED: the name. cap > 0: s is a buffer of cap bytes the
           string may grow into in place (str_build.c); set only while the Value is
           held by one name's binding and was never read from it (exec.c clears it
           on every read of a binding). */
        struct { const char *s; size_t len; size_t cap; } str;
        List *list;           /* VAL_LIST and VAL_TUPLE */
        Dict *dict;
        PySet *set;
        Iterator *iter;
        struct { Dict *dict; int which; /* 0 keys, 1 values, 2 items */ } view;
        struct { int64_t start, stop, step; } range;
        struct { Value *start, *stop, *step; } slice;
        Function *fn;
        Builtin *builtin;
        PyModule *module;
        /* concrete: eager mode's tensor for ir (the executor's, alive while ir is) */
        struct {
            IrValue *ir;
            Func *func;
            const char *tf_name;
            const struct IgTensor *concrete;
        } tensor;
        int dtype; /* VAL_DTYPE: a DType */
        TfFunction *tf_fn;
        /* VAL_VARIABLE: tf_name is TensorFlow's "counter:0" */
        struct { Global *global; const char *tf_name; const struct IgVar *concrete; } var;
        /* VAL_TENSOR_SPEC: rank < 0 would be an unknown rank, not supported */
        struct {
            TensorType *type;
            const char *name;
        } spec;
        struct { TfFunction *tf_fn; struct ConcreteFunction *cf; } concrete;
        struct Tape *tape;    /* VAL_TAPE */
        /* VAL_NDARRAY: the eager tensor whose values it shows (tensor.concrete's) */
        struct { IrValue *ir; const struct IgTensor *concrete; } ndarray;
        PyClass *cls;
        Instance *inst;
        struct { Value *fn; Value *self; } method;    /* VAL_METHOD */
        /* fields NULL when absent; name: the attribute it was set as in a class body */
        struct { Value *fget, *fset, *fdel; const char *name; } prop;
        Value *wrapped;       /* VAL_STATICMETHOD, VAL_CLASSMETHOD: the function */
        /* VAL_SUPER: look up from the class after `after` in the MRO of obj's type (or
           of obj itself when it is a class) */
        struct { PyClass *after; Value *obj; } super_;
    };
};

/* ---- Construction ------------------------------------------------------------ */
Value *value_new(Arena *a, ValueKind kind);   /* zeroed but for its kind */
Value *value_none(void);
Value *value_bool(bool b);
Value *value_ellipsis(void);
Value *value_int(Arena *a, int64_t i);
Value *value_float(Arena *a, double f);
Value *value_str(Arena *a, const char *s, size_t len);
Value *value_cstr(Arena *a, const char *s);
Value *value_list(Arena *a, int len);     /* len items, all NULL, to be filled */
Value *value_tuple(Arena *a, int len);
Value *value_dict(Arena *a);
Value *value_builtin(Arena *a, const char *name, BuiltinFn fn, Value *self);
Value *value_undefined(Arena *a, const char *name);
Value *value_undefined_return(void);
Value *value_not_implemented(void);
void list_append(Arena *a, List *l, Value *v);

/* The items a dict view shows now: keys, values or (key, value) tuples. */
List *dict_view_items(Arena *a, const Value *view);

/* ---- Sets (value_set.c) ----------------------------------------------------------- */
/* CPython's hash(v) for ints, bools, floats and tuples (so sets order as CPython's);
   false for an unhashable value. */
bool py_hash(const Value *v, int64_t *hash);
Value *value_set(Arena *a);
PySet *set_new(Arena *a);
bool set_add(Arena *a, PySet *s, Value *key);             /* false: key is unhashable */
bool set_contains(const PySet *s, const Value *key, bool *found);
bool set_discard(PySet *s, const Value *key, bool *found);
Value *set_pop(PySet *s);                                 /* NULL when empty */
void set_clear(Arena *a, PySet *s);
bool set_next(const PySet *s, int64_t *pos, Value **key); /* pos starts at 0 */
PySet *set_copy(Arena *a, const PySet *s);
void set_update_set(Arena *a, PySet *s, const PySet *other);
void set_update_dict(Arena *a, PySet *s, const Dict *d, bool *unhashable);
PySet *set_union(Arena *a, const PySet *s, const PySet *other);
PySet *set_intersection(Arena *a, const PySet *s, const PySet *other);
PySet *set_difference(Arena *a, const PySet *s, const PySet *other);
PySet *set_symmetric_difference(Arena *a, const PySet *s, const PySet *other);
void set_difference_update(Arena *a, PySet *s, const PySet *other);
void set_symmetric_difference_update(Arena *a, PySet *s, const PySet *other);
bool set_is_subset(const PySet *s, const PySet *other);

/* ---- Questions ------------------------------------------------------------------ */
const char *value_type_name(const Value *v);  /* Python's type name: "int", "list", ... */
const char *indefinite_article(const char *word);
/* Code points in the first n bytes of UTF-8 text: Python's len() and indexes. */
int64_t utf8_codepoints(const char *s, size_t n);
/* The UTF-8 bytes of code point c (< 0x110000) into buf (4 bytes); their count. */
int utf8_encode(uint32_t c, char *buf); /* "an" before a vowel ("an int"), else "a" */
bool value_is_sequence(const Value *v);       /* list or tuple */
bool value_is_number(const Value *v);         /* bool, int or float */

/* ---- Text (CPython-exact) ------------------------------------------------------- */
const char *value_repr(Arena *a, const Value *v);
/* repr with instances printed by a hook (their __repr__); NULL when the hook failed or
   the nesting reached the depth guard's limit (value_depth_enter, " while getting the
   repr of an object"). Without a hook, nesting deeper than that prints as "...". */
typedef struct ReprHook {
    const char *(*fn)(struct ReprHook *hook,
                      const Value *instance); /* NULL: failed (sets failed) */
    bool failed;
} ReprHook;
const char *value_repr_hooked(Arena *a, const Value *v, ReprHook *hook);
const char *value_to_str(Arena *a, const Value *v);
/* repr of a float as CPython prints it: shortest round-trip digits. */
const char *float_repr(Arena *a, double f);
const char *float32_repr(Arena *a, double f); /* numpy.float32's: shortest digits as a float32 */
/* repr of a str with CPython's choice of quotes and escapes. */
const char *str_repr(Arena *a, const char *s, size_t len);

/* ---- Equality, hashing ------------------------------------------------------------ */
/* An instance's own __hash__ (CPython's value of the int it returns) and __eq__
   (dunder.c); an error is left pending in the interpreter (Interp.exc): callers
   check it after the dict or set operation. */
bool instance_user_hash(const Value *v, int64_t *hash);
bool instance_user_equal(const Value *a, const Value *b);
/* Python ==, for values that compare without running user code. Every comparison
   it makes is one level of the recursion guard's depth (CPython's " in comparison"):
   past the limit it is false, with the guard's error pending. */
bool value_equal(const Value *a, const Value *b);
/* The recursion limit that value_equal and value_repr_hooked count against, as
   CPython's Py_EnterRecursiveCall: *depth is the interpreter's call depth, and a level
   that would reach limit calls too_deep(ctx, what) (what: " in comparison", ...).
   Without a guard (depth NULL) nothing is counted. */
typedef struct ValueDepthGuard {
    int *depth;
    int limit;
    void (*too_deep)(void *ctx, const char *what);
    void *ctx;
} ValueDepthGuard;
void value_set_depth_guard(ValueDepthGuard guard);
bool value_depth_enter(const char *what); /* false (too_deep called) at the limit */
void value_depth_leave(void);
/* False (and *hash untouched) for unhashable values. */
bool value_hash(const Value *v, uint64_t *hash);
/* Two numbers (bool, int, float) compared exactly: -1, 0 or 1; 2 when one is NaN. */
int number_compare(const Value *a, const Value *b);

/* ---- Dicts ------------------------------------------------------------------------ */
/* Keys must be hashable (checked by the caller, which reports the error). */
Value *dict_get(const Dict *d, const Value *key);
void dict_set(Arena *a, Dict *d, Value *key, Value *value);
bool dict_delete(Dict *d, const Value *key);
/* Iteration: for (int i = 0; i < d->nentries; i++) if (d->entries[i].key) ... */

#endif
