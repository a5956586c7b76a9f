/* builtins.h — the builtin functions and the methods of the builtin types (builtins.c,
 * methods.c, str_methods.c, set_methods.c, iterators.c), inside the VM.
 * Memory owner: the VM's Arena. */
#ifndef INGOT_BUILTINS_H
#define INGOT_BUILTINS_H

#include "vm.h"

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


#endif
