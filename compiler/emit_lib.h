/* emit_lib.h — the parts of a library's C (`ingot build --lib`) that a program does
 * not have: its header NAME.h (the C API users compile against) and, in the C file
 * emit_c.c writes, the entry points NAME_new, NAME_delete, NAME_last_error and one
 * NAME_<function> per export, in place of main(). The model a call runs on is in a
 * thread-local pointer, EMIT_LIB_MODEL, which the entry points set and the generated
 * functions read their variables through (self->var_w): two models can run at once
 * on two threads, each thread with its own sites (emit_c.c declares them
 * _Thread_local) and runtime caches. Entry points: emit_lib_header, emit_lib_includes,
 * emit_lib_entry_points. Memory owner: scratch memory from the caller's Arena. */
#ifndef INGOT_EMIT_LIB_H
#define INGOT_EMIT_LIB_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "ir.h"

#define EMIT_LIB_MODEL "self"
/* What a library's @main is called: it only sets the variables (library_init.c). */
#define EMIT_LIB_INIT_FUNC "initialize_variables"

/* Whether name can name a library: a C identifier, its entry points' prefix, and none
 * of C's keywords or the names its C file uses. */
bool emit_lib_name_is_valid(const char *name);

/* NAME.h: the types, the entry points, their documentation and a usage example. */
void emit_lib_header(FILE *out, Arena *scratch, const Module *m, const char *lib_name,
                     const char *script_name);

/* The #includes a library's C file adds after <ingot/rt.h>. */
void emit_lib_includes(FILE *out, const char *lib_name);

/* The entry points, after the functions they call. */
void emit_lib_entry_points(FILE *out, Arena *scratch, const Module *m, const char *lib_name);

#endif
