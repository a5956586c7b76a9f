/* idx.c — ingot.data.load_idx: the IDX files MNIST and Fashion-MNIST come in. Bytes 0-1
 * are zero, byte 2 the element type, byte 3 the rank; then one big-endian uint32 per
 * dimension and the big-endian row-major data.
 * Entry point: ig_load_idx. Memory owner: the result belongs to the caller. */
#include <string.h>

#include "io.h"

static const char *const OP = "load_idx";

/* The element size of IDX type code code, 0 for an unknown code. */
static int idx_size(int code)
{
    switch (code) {
    case 0x08: case 0x09: return 1; /* unsigned, signed byte */
    case 0x0B: return 2;            /* short */
    case 0x0C: case 0x0D: return 4; /* int, float */
    case 0x0E: return 8;            /* double */
    default: return 0;
    }
}

static bool store(IgTensor *t, int64_t i, int code, const unsigned char *p)
{
    uint64_t u = 0;
    for (int k = 0; k < idx_size(code); k++) u = u << 8 | p[k];
    switch (code) {
    case 0x08: return ig_io_store_i64(t, i, (int64_t)u);
    case 0x09: return ig_io_store_i64(t, i, (int8_t)u);
    case 0x0B: return ig_io_store_i64(t, i, (int16_t)u);
    case 0x0C: return ig_io_store_i64(t, i, (int32_t)u);
    case 0x0D: {
        uint32_t w = (uint32_t)u;
        float f;
        memcpy(&f, &w, 4);
        return ig_io_store_f64(t, i, f);
    }
    default: {
        double d;
        memcpy(&d, &u, 8);
        return ig_io_store_f64(t, i, d);
    }
    }
}

static void bytes_to(IgTensor *t, const unsigned char *from, int64_t count)
{
    if (t->dtype == IG_FLOAT32) {
        float *to = t->data;
        for (int64_t i = 0; i < count; i++) to[i] = (float)from[i];
    } else {
        int32_t *to = t->data;
        for (int64_t i = 0; i < count; i++) to[i] = from[i];
    }
}

IgTensor *ig_load_idx(IgSite *site, const IgTensor *path_t, const IgLoadSpec *spec)
{
    const char *path = ig_io_path(path_t);
    IgBytes file = ig_io_read(site, OP, path);
    const unsigned char *b = (const unsigned char *)file.data;
    if (file.len < 4 || b[0] != 0 || b[1] != 0 || idx_size(b[2]) == 0)
        ig_io_fail(site, OP, path, 0, "not an IDX file: wrong magic number at byte 0 (expected "
                   "00 00, a type code 08, 09, 0B, 0C, 0D or 0E, and a rank)");
    int code = b[2], rank = b[3];
    if (rank > IG_MAX_RANK)
        ig_io_fail(site, OP, path, 0, "rank %d at byte 3 is more than %d", rank, IG_MAX_RANK);
    size_t data = 4 + 4 * (size_t)rank;
    if (file.len < data)
        ig_io_fail(site, OP, path, 0, "truncated header: the dimensions end at byte %zu, the file "
                   "has %zu bytes", data, file.len);
    int64_t shape[IG_MAX_RANK];
    for (int i = 0; i < rank; i++) shape[i] = ig_io_be32(b + 4 + 4 * i);
    ig_io_check_shape(site, OP, path, spec, "the array", rank, shape);
    int64_t count, bytes;
    if (!ig_size_count(rank, shape, &count) ||
        __builtin_mul_overflow(count, (int64_t)idx_size(code), &bytes))
        ig_io_fail(site, OP, path, 0, "the array's shape is too large");
    if ((uint64_t)bytes > file.len - data)
        ig_io_fail(site, OP, path, 0, "truncated data: %lld bytes expected from byte %zu, the "
                   "file has %zu", (long long)bytes, data, file.len - data);
    IgTensor *t = ig_io_hold(ig_tensor_make(site, OP, spec->dtype, rank, shape),
                             ig_io_release_tensor);
    if (code == 0x08 && (spec->dtype == IG_FLOAT32 || spec->dtype == IG_INT32)) {
        /* Unsigned bytes, MNIST's pixels and labels: a loop the compiler vectorises
           (47 million pixels in Fashion-MNIST's training set). */
        bytes_to(t, b + data, count);
    } else {
        for (int64_t i = 0; i < count; i++) {
            size_t at = data + (size_t)i * idx_size(code);
            if (!store(t, i, code, b + at))
                ig_io_fail(site, OP, path, 0, "element %lld (at byte %zu) has no equal in %s",
                           (long long)i, at, ig_dtype_name(spec->dtype));
        }
    }
    ig_io_unhold(t);
    ig_io_bytes_free(&file);
    return t;
}
