/* lib_package.h — a library's files (ingot build --lib) from its compiled object: a
 * static and a shared library holding the model and the runtime, whose only global
 * symbols are the entry points of NAME.h, and a pkg-config file. (NAME.h and the C
 * are emit_lib's.) Entry points: lib_package_write, lib_package_link_flags.
 * Memory owner: scratch memory from the caller's Arena. */
#ifndef INGOT_LIB_PACKAGE_H
#define INGOT_LIB_PACKAGE_H

#include <stdbool.h>

#include "arena.h"

typedef struct LibPackage {
    const char *out_dir;      /* where the files go */
    const char *work_dir;     /* the build's own temporary directory */
    const char *name;         /* NAME: libNAME.a, libNAME.so, NAME.pc */
    const char *object;       /* the model's C, compiled position-independent */
    const char *runtime_lib;  /* libingot_rt.a */
    const char *const *symbols; /* the entry points: all that stays global */
    int nsymbols;
    const char *description;  /* the .pc's Description */
} LibPackage;

/* The libraries the runtime needs, as linker arguments, into argv; their count (at
 * most 8). A program links them after libingot_rt.a; a library's .pc lists them. */
int lib_package_link_flags(char **argv);

/* Writes DIR/libNAME.a, DIR/libNAME.so and DIR/NAME.pc; false after reporting why. */
bool lib_package_write(Arena *a, const LibPackage *p);

#endif
