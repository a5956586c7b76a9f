/* foreign.h — values the Python VM does not own: how the VM reaches their behaviour.
 * Tensors, variables, tf.functions, dtypes and TensorSpecs belong to the tracer; the VM
 * knows their kinds only as "foreign" and asks their ForeignType for each operation,
 * the way Lua asks a value's metatable (ltm.h): the tracer fills the table, the VM
 * never calls the tracer by name.
 * Entry points: value_foreign (the type of a value, or NULL), foreign_type_register.
 * Memory owner: ForeignTypes are static tables of their owner; nothing is allocated. */
#ifndef INGOT_FOREIGN_H
#define INGOT_FOREIGN_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "value.h"

/* Every slot may be NULL: the VM then does what Python does for an object that does
   not define the matching special method (a TypeError, identity, ...). A slot that
   fails reports (raises) itself and returns NULL / false. */
typedef struct ForeignType {
    const char *name; /* type(v).__name__ in messages: "Tensor", "ResourceVariable" */

    /* a OP b with a value of this type on either side (the left one's type is asked
       first). */
    Value *(*binop)(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc);
    /* a OP b for every CmpOp but is / is not; *handled false: the VM compares as for
       any object (in / not in look through the container). */
    Value *(*compare)(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc, bool *handled);
    Value *(*unary)(Interp *in, UnaryOp op, Value *v, SrcLoc loc); /* -v, +v, ~v */
    Value *(*abs)(Interp *in, Value *v, SrcLoc loc);
    bool (*truth)(Interp *in, Value *v, SrcLoc loc, bool *ok);      /* bool(v), if v: */
    /* len(v): an int, or whatever the type makes of it (a tensor). */
    Value *(*len)(Interp *in, Value *v, SrcLoc loc);
    /* The items iterating v gives, in order (for, list(), unpacking). */
    List *(*iter)(Interp *in, Value *v, SrcLoc loc);
    /* A Python for statement over v (one AutoGraph left unconverted): false after
       refusing it (a symbolic tensor); a NULL slot or true: iterate as iter does. */
    bool (*for_statement)(Interp *in, Value *v, SrcLoc loc);
    /* v.name, as lookup_attribute: NULL with *missing when there is no such attribute. */
    Value *(*getattr)(Interp *in, Value *v, const char *name, SrcLoc loc, bool *missing);
    Value *(*getitem)(Interp *in, Value *v, Value *index, SrcLoc loc); /* v[index] */
    Value *(*call)(Interp *in, Value *callee, CallArgs *args, SrcLoc loc);
    /* operator.index(v) where a container is indexed by v: an int, or v itself when it
       is not one now (the container then refuses it as any non-int). */
    Value *(*index)(Interp *in, Value *v, SrcLoc loc);
    /* int(v) (as_float false) or float(v). */
    Value *(*number)(Interp *in, Value *v, bool as_float, SrcLoc loc);
    /* What a class attribute of this type becomes read through the instance obj
       (a descriptor's __get__); NULL slot: the attribute itself. */
    Value *(*bind)(Interp *in, Value *attr, Value *obj);
    /* The Python function this value wraps (a class body's functions learn their
       class through it: zero-argument super()); NULL slot: none. */
    Value *(*wrapped)(const Value *v);
    /* A value that was just bound to a name of the script (the emitted C names
       tensors after the variables that held them). */
    void (*named)(Interp *in, Value *v, const char *name);

    /* Text: repr(v) and str(v) (NULL str: the repr). Arena-only: they run inside
       containers' reprs too. */
    const char *(*repr)(Arena *a, const Value *v);
    const char *(*str)(Arena *a, const Value *v);
    /* format(v, spec) with a width or precision formats str(v), as object.__format__
       would refuse to. */
    bool formats_as_str;

    /* Equality and hashing as dict keys and `is` see them. NULL same: two values are
       the same object only when they are the same Value. NULL hash: identity. */
    bool (*same)(const Value *a, const Value *b);
    bool (*hash)(const Value *v, uint64_t *hash);
    /* Set and dict keys refuse the value with this TypeError text (NULL: a key). */
    const char *unhashable;
} ForeignType;

/* The type of v when its kind is foreign and registered, else NULL. */
const ForeignType *value_foreign(const Value *v);
/* Makes kind foreign, served by type (a static table that outlives every value).
   Registering the same table again is harmless. */
void foreign_type_register(ValueKind kind, const ForeignType *type);

#endif
