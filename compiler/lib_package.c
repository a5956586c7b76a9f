/* lib_package.c — a library's files from its object (lib_package.h). One relocatable
 * object is made of the model and the runtime members it needs (ld -r), every symbol
 * but the entry points made local (objcopy --keep-global-symbols), so that neither
 * library clashes with its user's own symbols or with a second Ingot library in the
 * same program; the static library is that object, the shared one is linked from it.
 * Memory owner: scratch memory from the caller's Arena. */
#include "lib_package.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "process.h"

static const char *const runtime_libs[] = {"-ldnnl", "-ljansson", "-lz", "-fopenmp", "-lm",
                                           "-lpthread"};
#define NRUNTIME_LIBS ((int)(sizeof runtime_libs / sizeof runtime_libs[0]))

int lib_package_link_flags(char **argv) {
    for (int i = 0; i < NRUNTIME_LIBS; i++) argv[i] = (char *)runtime_libs[i];
    return NRUNTIME_LIBS;
}

/* Runs a tool; false after saying which failed. */
static bool run_tool(char **argv, const char *what) {
    int rc = process_run(argv);
    if (rc == 0) return true;
    fprintf(stderr, "ingot: error: '%s' failed (status %d) making %s\n", argv[0], rc, what);
    return false;
}

static bool write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) fprintf(stderr, "ingot: error: cannot write '%s': %s\n", path, strerror(errno));
    return ok;
}

/* libNAME.a: the object with the runtime in it, only the entry points global. */
static bool write_static(Arena *a, const LibPackage *p, const char *merged) {
    const char *syms = arena_printf(a, "%s/%s.symbols", p->work_dir, p->name);
    StrBuf list;
    strbuf_init(&list, a);
    for (int i = 0; i < p->nsymbols; i++) strbuf_printf(&list, "%s\n", p->symbols[i]);
    if (!write_text(syms, strbuf_cstr(&list))) return false;
    char *ld[] = {"ld", "-r", "-o", (char *)merged, (char *)p->object, (char *)p->runtime_lib,
                  NULL};
    char *objcopy[] = {"objcopy", arena_printf(a, "--keep-global-symbols=%s", syms),
                       (char *)merged, NULL};
    const char *archive = arena_printf(a, "%s/lib%s.a", p->out_dir, p->name);
    remove(archive); /* ar adds to an archive that exists */
    char *ar[] = {"ar", "rcs", (char *)archive, (char *)merged, NULL};
    bool ok = run_tool(ld, "the library's object") && run_tool(objcopy, "the library's object") &&
              run_tool(ar, archive);
    remove(syms);
    return ok;
}

/* libNAME.so, linked from the same object, with its soname. */
static bool write_shared(Arena *a, const LibPackage *p, const char *merged) {
    const char *cc = getenv("CC");
    if (!cc || !*cc) cc = "cc";
    char *argv[48];
    int n = process_split_words(a, cc, argv, 16);
    const char *so = arena_printf(a, "lib%s.so", p->name);
    /* -z nodelete: a thread that used the library runs its exit handler (the runtime's
       per-thread release) from it, even after a dlclose. */
    const char *flags[] = {"-shared", "-o", arena_printf(a, "%s/%s", p->out_dir, so),
                           arena_printf(a, "-Wl,-soname,%s", so), "-Wl,-z,defs",
                           "-Wl,-z,nodelete", merged};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) argv[n++] = (char *)flags[i];
    n += lib_package_link_flags(argv + n);
    n += process_split_words(a, INGOT_SANITIZE_FLAGS, argv + n, 4);
    argv[n] = NULL;
    return run_tool(argv, so);
}

/* NAME.pc, relative to where it lies: the directory can move. */
static bool write_pc(Arena *a, const LibPackage *p) {
    StrBuf pc;
    strbuf_init(&pc, a);
    strbuf_puts(&pc, "prefix=${pcfiledir}\nlibdir=${prefix}\nincludedir=${prefix}\n\n");
    strbuf_printf(&pc, "Name: %s\nDescription: %s\nVersion: %s\n", p->name, p->description,
                  INGOT_VERSION);
    strbuf_printf(&pc, "Cflags: -I${includedir}\nLibs: -L${libdir} -l%s\nLibs.private:",
                  p->name);
    for (int i = 0; i < NRUNTIME_LIBS; i++)
        strbuf_printf(&pc, " %s",
                      strcmp(runtime_libs[i], "-fopenmp") == 0 ? "-lgomp" : runtime_libs[i]);
    strbuf_putc(&pc, '\n');
    return write_text(arena_printf(a, "%s/%s.pc", p->out_dir, p->name), strbuf_cstr(&pc));
}

bool lib_package_write(Arena *a, const LibPackage *p) {
    const char *merged = arena_printf(a, "%s/%s.lib.o", p->work_dir, p->name);
    bool ok = write_static(a, p, merged) && write_shared(a, p, merged) && write_pc(a, p);
    remove(merged);
    return ok;
}
