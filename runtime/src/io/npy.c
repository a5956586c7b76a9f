/* npy.c — NumPy's .npy format (format version 1.0 to 3.0): ingot.data.load_npy and
 * save_npy. A header (magic, version, a Python dict literal with 'descr',
 * 'fortran_order' and 'shape'), then the raw row-major array. Loading converts the
 * file's type to the program's dtype, as NumPy's astype would.
 * Entry points: ig_load_npy, ig_save_npy. Memory owner: the result is the caller's. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

static const char MAGIC[6] = "\x93NUMPY";

/* A file's element type: kind 'f', 'i', 'u' or 'b' and a size in bytes. */
typedef struct NpyType {
    char kind;
    int size;
} NpyType;

/* The text after `'key':` in the header dict, or NULL. */
static const char *dict_value(const char *header, const char *key)
{
    char quoted[32];
    snprintf(quoted, sizeof quoted, "'%s'", key);
    const char *p = strstr(header, quoted);
    if (p == NULL) {
        snprintf(quoted, sizeof quoted, "\"%s\"", key);
        p = strstr(header, quoted);
    }
    if (p == NULL) return NULL;
    p += strlen(quoted);
    while (isspace((unsigned char)*p)) p++;
    if (*p != ':') return NULL;
    p++;
    while (isspace((unsigned char)*p)) p++;
    return p;
}

static bool parse_descr(const char *p, NpyType *t, const char **why)
{
    *why = NULL;
    if (p == NULL || (*p != '\'' && *p != '"') || p[1] == '\0' || p[2] == '\0') return false;
    char order = p[1], kind = p[2];
    int size = atoi(p + 3);
    if (order == '>' && size > 1) {
        *why = "big-endian data";
        return false;
    }
    if (order != '<' && order != '|' && order != '=') return false;
    bool ok = (kind == 'f' && (size == 4 || size == 8)) ||
              ((kind == 'i' || kind == 'u') && (size == 1 || size == 2 || size == 4 ||
                                                size == 8)) ||
              (kind == 'b' && size == 1);
    if (!ok) {
        *why = "this element type";
        return false;
    }
    *t = (NpyType){kind, size};
    return true;
}

/* "(3, 4)", "(5,)", "()" */
static bool parse_shape(const char *p, int *rank, int64_t *shape)
{
    if (p == NULL || *p != '(') return false;
    p++;
    *rank = 0;
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (*p == ')') return true;
        if (!isdigit((unsigned char)*p) || *rank == IG_MAX_RANK) return false;
        char *end;
        long long d = strtoll(p, &end, 10);
        if (d < 0) return false;
        shape[(*rank)++] = d;
        p = end;
        while (isspace((unsigned char)*p)) p++;
        if (*p == ',') p++;
        else if (*p != ')') return false;
    }
}

static double element_f64(const unsigned char *p, NpyType t)
{
    float f;
    double d;
    if (t.size == 4) {
        memcpy(&f, p, 4);
        return f;
    }
    memcpy(&d, p, 8);
    return d;
}

static int64_t element_i64(const unsigned char *p, NpyType t)
{
    uint64_t u = 0;
    for (int i = t.size - 1; i >= 0; i--) u = u << 8 | p[i];
    if (t.kind == 'i' && t.size < 8 && (u >> (t.size * 8 - 1)) & 1)
        u |= ~(uint64_t)0 << (t.size * 8); /* sign-extend */
    return (int64_t)u;
}

IgTensor *ig_load_npy(IgSite *site, const IgTensor *path_t, const IgLoadSpec *spec)
{
    static const char *const OP = "load_npy";
    const char *path = ig_io_path(path_t);
    IgBytes file = ig_io_read(site, OP, path);
    const unsigned char *b = (const unsigned char *)file.data;
    if (file.len < 10 || memcmp(b, MAGIC, 6) != 0)
        ig_io_fail(site, OP, path, 0, "not a .npy file: wrong magic number at byte 0 "
                   "(expected \\x93NUMPY)");
    int major = b[6];
    size_t hlen, hstart;
    if (major == 1) {
        hlen = (size_t)b[8] | (size_t)b[9] << 8;
        hstart = 10;
    } else if (major == 2 || major == 3) {
        if (file.len < 12) ig_io_fail(site, OP, path, 0, "truncated header at byte %zu", file.len);
        hlen = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
        hstart = 12;
    } else {
        ig_io_fail(site, OP, path, 0, "unknown .npy format version %d at byte 6", major);
    }
    if (hlen > file.len - hstart)
        ig_io_fail(site, OP, path, 0, "truncated header: it should end at byte %zu, the file has "
                   "%zu bytes", hstart + hlen, file.len);
    char *header = strndup(file.data + hstart, hlen);
    if (header == NULL) ig_io_fail(site, OP, path, 0, "out of memory");
    ig_io_hold(header, ig_io_release_free);
    NpyType type;
    const char *why;
    if (!parse_descr(dict_value(header, "descr"), &type, &why)) {
        if (why != NULL)
            ig_io_fail(site, OP, path, 0, "not supported yet: %s (the header's 'descr', at byte "
                       "%zu)", why, hstart);
        ig_io_fail(site, OP, path, 0, "no valid 'descr' in the header at byte %zu", hstart);
    }
    const char *fortran = dict_value(header, "fortran_order");
    if (fortran == NULL || (strncmp(fortran, "False", 5) != 0 && strncmp(fortran, "True", 4) != 0))
        ig_io_fail(site, OP, path, 0, "no valid 'fortran_order' in the header at byte %zu", hstart);
    if (fortran[0] == 'T')
        ig_io_fail(site, OP, path, 0, "not supported yet: a Fortran-ordered array (save it with "
                   "np.ascontiguousarray)");
    int rank;
    int64_t shape[IG_MAX_RANK];
    if (!parse_shape(dict_value(header, "shape"), &rank, shape))
        ig_io_fail(site, OP, path, 0, "no valid 'shape' in the header at byte %zu (rank at most "
                   "%d)", hstart, IG_MAX_RANK);
    ig_io_unhold(header);
    free(header);
    ig_io_check_shape(site, OP, path, spec, "the array", rank, shape);
    int64_t count, bytes;
    if (!ig_size_count(rank, shape, &count) || __builtin_mul_overflow(count, type.size, &bytes))
        ig_io_fail(site, OP, path, 0, "the array's shape is too large");
    size_t data = hstart + hlen;
    if ((uint64_t)bytes > file.len - data)
        ig_io_fail(site, OP, path, 0, "truncated data: %lld bytes expected from byte %zu, the "
                   "file has %zu", (long long)bytes, data, file.len - data);
    IgTensor *t = ig_io_hold(ig_tensor_make(site, OP, spec->dtype, rank, shape),
                             ig_io_release_tensor);
    const unsigned char *src = b + data;
    for (int64_t i = 0; i < count; i++, src += type.size) {
        bool stored;
        if (type.kind == 'f')
            stored = ig_io_store_f64(t, i, element_f64(src, type));
        else if (type.kind == 'u' && type.size == 8 && element_i64(src, type) < 0)
            stored = false; /* a uint64 past int64 */
        else
            stored = ig_io_store_i64(t, i, type.kind == 'b' ? src[0] != 0 : element_i64(src, type));
        if (!stored)
            ig_io_fail(site, OP, path, 0, "element %lld (at byte %zu) has no equal in %s",
                       (long long)i, data + (size_t)i * type.size, ig_dtype_name(spec->dtype));
    }
    ig_io_unhold(t);
    ig_io_bytes_free(&file);
    return t;
}

static const char *descr_of(IgDType dtype)
{
    switch (dtype) {
    case IG_BOOL: return "|b1";
    case IG_INT32: return "<i4";
    case IG_INT64: return "<i8";
    case IG_FLOAT32: return "<f4";
    case IG_FLOAT64: return "<f8";
    default: return NULL;
    }
}

static void save_npy(IgSite *site, const IgTensor *path_t, const IgTensor *x)
{
    static const char *const OP = "save_npy";
    const char *path = ig_io_path(path_t);
    const char *descr = descr_of(x->dtype);
    if (descr == NULL) ig_io_fail(site, OP, path, 0, "a string tensor cannot be saved as .npy");
    char dims[IG_MAX_RANK * 22 + 4] = "";
    size_t used = 0;
    for (int i = 0; i < x->rank; i++)
        used += (size_t)snprintf(dims + used, sizeof dims - used, "%lld,%s",
                                 (long long)x->shape[i], i + 1 < x->rank ? " " : "");
    if (x->rank > 1) dims[used - 1] = '\0'; /* "(3, 4)", but "(5,)" */
    /* Version 1.0: the header, padded with spaces and ended by '\n', makes the data
       start at a multiple of 64 bytes, as NumPy writes it. */
    char header[256 + sizeof dims];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, "
                     "'shape': (%s), }", descr, dims);
    size_t total = (10 + (size_t)n + 1 + 63) / 64 * 64;
    size_t hlen = total - 10;
    memset(header + n, ' ', hlen - 1 - (size_t)n);
    header[hlen - 1] = '\n';
    unsigned char prefix[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                                (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
    const void *pieces[3] = {prefix, header, x->data};
    size_t sizes[3] = {10, hlen, (size_t)x->size * ig_dtype_size(x->dtype)};
    ig_io_write_atomic(site, OP, path, 3, pieces, sizes);
}

void ig_save_npy(IgSite *site, const IgTensor *path_t, const IgTensor *x)
{
    /* As ig_save_tensors: rank 0 writes, the other replicas wait for the file. */
    if (ig_replica_is_chief()) save_npy(site, path_t, x);
    ig_replicas_barrier(site);
}
