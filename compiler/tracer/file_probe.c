/* file_probe.c — _ingot.probe_array_file(kind, path): what an array file holds, read
 * at build time so that ingot.data.load_npy("x.npy") and load_idx(...) know their
 * result's dtype and rank without being told. Only the header is read (gzip or not);
 * the program checks the file again when it runs, as the file may change in between.
 * Entry point: file_probe_prims_install. Memory owner: the interpreter's arena. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "tracer_internal.h"

enum { PROBE_BYTES = 4096 };

static Value *probe_result(Interp *in, const char *dtype, int rank) {
    Value *t = value_tuple(in->arena, 2);
    t->list->items[0] = value_str(in->arena, dtype, strlen(dtype));
    t->list->items[1] = value_int(in->arena, rank);
    return t;
}

/* The dtype Ingot loads an IDX element type code as. */
static const char *idx_dtype(int code) {
    switch (code) {
    case 0x08: case 0x09: case 0x0B: case 0x0C: return "int32";
    case 0x0D: return "float32";
    case 0x0E: return "float64";
    default: return NULL;
    }
}

/* The dtype Ingot loads a .npy 'descr' ("'<f4'", "'|u1'", quoted) as, or NULL. */
static const char *npy_dtype(const char *descr) {
    char kind = descr[2];
    int size = descr[3] - '0';
    if (kind == 'f') return size == 4 ? "float32" : size == 8 ? "float64" : NULL;
    if (kind == 'b') return "bool";
    if (kind == 'i' || kind == 'u')
        return size == 8 || (kind == 'u' && size == 4) ? "int64" : "int32";
    return NULL;
}

static Value *probe_npy(Interp *in, const char *path, const unsigned char *b, int n, SrcLoc loc) {
    if (n < 10 || memcmp(b, "\x93NUMPY", 6) != 0)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' is not a .npy file (its magic number)",
                        path);
    const char *h = (const char *)b + (b[6] == 1 ? 10 : 12);
    const char *descr = strstr(h, "'descr'"), *shape = strstr(h, "'shape'");
    const char *q = descr ? strchr(descr + 7, '\'') : NULL;
    const char *dtype = q && strlen(q) > 3 ? npy_dtype(q) : NULL;
    const char *open = shape ? strchr(shape, '(') : NULL;
    if (!dtype || !open)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "'%s': cannot read the dtype and shape of its .npy header", path);
    int rank = 0;
    bool digits = false;
    for (const char *p = open + 1; *p && *p != ')'; p++) {
        if (*p >= '0' && *p <= '9') digits = true;
        else if (*p == ',' && digits) rank++, digits = false;
    }
    return probe_result(in, dtype, rank + digits);
}

static Value *prim_probe_array_file(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"kind", "path"};
    Value *a[2];
    if (!args_bind(in, args, "probe_array_file", names, 2, 2, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR || a[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "probe_array_file(kind, path) takes two str");
    const char *kind = a[0]->str.s, *path = a[1]->str.s;
    errno = 0;
    gzFile f = gzopen(path, "rb");
    unsigned char b[PROBE_BYTES + 1];
    int n = f ? gzread(f, b, PROBE_BYTES) : -1;
    if (f) gzclose(f);
    if (n < 0)
        return vm_raise(in, EXC_OS_ERROR, loc,
                        "cannot read '%s' at build time to learn its dtype and rank (%s): give "
                        "dtype= and shape=", path, errno ? strerror(errno) : "a corrupt file");
    b[n] = '\0';
    if (strcmp(kind, "npy") == 0) return probe_npy(in, path, b, n, loc);
    if (n < 4 || b[0] != 0 || b[1] != 0 || !idx_dtype(b[2]))
        return vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' is not an IDX file (its magic number)",
                        path);
    return probe_result(in, idx_dtype(b[2]), b[3]);
}

void file_probe_prims_install(Interp *in, PyModule *m) {
    env_set_local(in, m->globals, vm_intern(in, "probe_array_file"),
                  value_builtin(in->arena, "probe_array_file", prim_probe_array_file, NULL));
}
