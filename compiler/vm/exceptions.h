/* exceptions.h — the exception classes and the statements that raise and handle them
 * (exceptions.c, exec_try.c), inside the VM.
 * Memory owner: the VM's Arena. */
#ifndef INGOT_EXCEPTIONS_H
#define INGOT_EXCEPTIONS_H

#include "vm.h"

/* ---- exceptions.c, exec_try.c ---------------------------------------------------------------- */
void exceptions_install(Interp *in);
void exception_init_args(Interp *in, Value *obj, CallArgs *args);
/* Raises exc (an exception instance) at loc: NULL, for `return exception_raise(...)`. */
Value *exception_raise(Interp *in, Value *exc, SrcLoc loc);
/* A new instance of the built-in exception kind with args, raised. */
Value *raise_new(Interp *in, ExcKind kind, Value **args, int nargs, SrcLoc loc);
Value *vm_key_error(Interp *in, Value *key, SrcLoc loc);
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


#endif
