/* objects.h — classes, instances, attributes with descriptors, and special methods
 * (classes.c, dunder.c, class_builtins.c), inside the VM.
 * Memory owner: the VM's Arena. */
#ifndef INGOT_OBJECTS_H
#define INGOT_OBJECTS_H

#include "vm.h"

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


#endif
