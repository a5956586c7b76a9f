/* safetensors.c — checkpoints in the safetensors format: an 8-byte little-endian header
 * length, a JSON header mapping each tensor's name to {"dtype", "shape",
 * "data_offsets"} (offsets from the end of the header), then the raw little-endian
 * data. Written atomically (ig_io_write_atomic); read one tensor at a time, each
 * checked against the variable it restores. JSON through jansson.
 * Entry points: ig_save_tensors, ig_restore_tensor. Memory owner: results are the caller's. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

/* A header larger than this is not a checkpoint (the format's own limit is 100 MB). */
#define HEADER_MAX ((uint64_t)100 << 20)

static const char *st_dtype(IgDType dtype)
{
    switch (dtype) {
    case IG_BOOL: return "BOOL";
    case IG_INT32: return "I32";
    case IG_INT64: return "I64";
    case IG_FLOAT32: return "F32";
    case IG_FLOAT64: return "F64";
    default: return NULL;
    }
}

static void save_tensors(IgSite *site, const IgTensor *path_t, int n, const char *const *names,
                         const IgTensor *const *xs)
{
    static const char *const OP = "checkpoint write";
    const char *path = ig_io_path(path_t);
    json_t *header = json_object();
    json_t *meta = json_pack("{s:s}", "producer", "ingot");
    if (header == NULL || meta == NULL) ig_io_fail(site, OP, path, 0, "out of memory");
    json_object_set_new(header, "__metadata__", meta);
    uint64_t offset = 0;
    for (int i = 0; i < n; i++) {
        const IgTensor *x = xs[i];
        const char *dtype = st_dtype(x->dtype);
        if (dtype == NULL)
            ig_io_fail(site, OP, path, 0, "tensor '%s': a string cannot be saved", names[i]);
        json_t *shape = json_array();
        for (int d = 0; d < x->rank; d++) json_array_append_new(shape, json_integer(x->shape[d]));
        uint64_t bytes = (uint64_t)x->size * ig_dtype_size(x->dtype);
        json_t *entry = json_pack("{s:s, s:o, s:[I, I]}", "dtype", dtype, "shape", shape,
                                  "data_offsets", (json_int_t)offset,
                                  (json_int_t)(offset + bytes));
        if (entry == NULL || json_object_set_new(header, names[i], entry) != 0)
            ig_io_fail(site, OP, path, 0, "cannot describe tensor '%s'", names[i]);
        offset += bytes;
    }
    char *text = json_dumps(header, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(header);
    if (text == NULL) ig_io_fail(site, OP, path, 0, "out of memory");
    /* The data starts 8-byte aligned: the header is padded with spaces. */
    size_t len = strlen(text), padded = (len + 7) / 8 * 8;
    char *head = malloc(padded);
    if (head == NULL) ig_io_fail(site, OP, path, 0, "out of memory");
    memcpy(head, text, len);
    memset(head + len, ' ', padded - len);
    free(text);
    unsigned char size_le[8];
    for (int i = 0; i < 8; i++) size_le[i] = (unsigned char)((uint64_t)padded >> (8 * i));
    int npieces = 2 + n;
    const void **pieces = malloc(sizeof *pieces * (size_t)npieces);
    size_t *sizes = malloc(sizeof *sizes * (size_t)npieces);
    if (pieces == NULL || sizes == NULL) ig_io_fail(site, OP, path, 0, "out of memory");
    pieces[0] = size_le, sizes[0] = 8;
    pieces[1] = head, sizes[1] = padded;
    for (int i = 0; i < n; i++) {
        pieces[2 + i] = xs[i]->data;
        sizes[2 + i] = (size_t)xs[i]->size * ig_dtype_size(xs[i]->dtype);
    }
    ig_io_make_parents(site, OP, path);
    ig_io_write_atomic(site, OP, path, npieces, pieces, sizes);
    free(pieces);
    free(sizes);
    free(head);
}

void ig_save_tensors(IgSite *site, const IgTensor *path_t, int n, const char *const *names,
                     const IgTensor *const *xs)
{
    /* One replica of several writes for all (they hold the same values), and the others
       wait until the file is there for them to read. */
    if (ig_replica_is_chief()) save_tensors(site, path_t, n, names, xs);
    ig_replicas_barrier(site);
}

static void release_json(void *j) { json_decref(j); }

/* The checkpoint's header, parsed (and held: ig_io_hold); *data_start is where the
   tensors' bytes begin. */
static json_t *read_header(const IgSite *site, const char *op, const char *path, FILE *f,
                           uint64_t *data_start, uint64_t *file_size)
{
    if (fseek(f, 0, SEEK_END) != 0)
        ig_io_fail(site, op, path, 0, "cannot seek: %s", strerror(errno));
    long size = ftell(f);
    rewind(f);
    unsigned char size_le[8];
    if (size < 8 || fread(size_le, 1, 8, f) != 8)
        ig_io_fail(site, op, path, 0, "not a checkpoint: the file has %ld bytes, fewer than the 8 "
                   "of the header's length", size < 0 ? 0 : size);
    uint64_t hlen = ig_io_le64(size_le);
    if (hlen > HEADER_MAX || hlen > (uint64_t)size - 8)
        ig_io_fail(site, op, path, 0, "not a checkpoint, or truncated: a header of %llu bytes at "
                   "byte 8, the file has %ld bytes", (unsigned long long)hlen, size);
    char *text = malloc(hlen + 1);
    if (text == NULL) ig_io_fail(site, op, path, 0, "out of memory");
    ig_io_hold(text, ig_io_release_free);
    if (fread(text, 1, hlen, f) != hlen)
        ig_io_fail(site, op, path, 0, "cannot read the header at byte 8");
    json_error_t err;
    json_t *header = json_loadb(text, hlen, 0, &err);
    ig_io_unhold(text);
    free(text);
    if (header != NULL) ig_io_hold(header, release_json);
    if (header == NULL || !json_is_object(header))
        ig_io_fail(site, op, path, 0, "the header is not a JSON object: %s at byte %d",
                   header ? "another value" : err.text, 8 + (header ? 0 : err.position));
    *data_start = 8 + hlen;
    *file_size = (uint64_t)size;
    return header;
}

IgTensor *ig_restore_tensor(IgSite *site, const IgTensor *path_t, const IgTensor *current,
                            const IgLoadSpec *spec)
{
    static const char *const OP = "checkpoint read";
    const char *path = ig_io_path(path_t);
    if (path[0] == '\0') { /* no checkpoint yet (CheckpointManager.latest_checkpoint) */
        IgTensor *same = (IgTensor *)current;
        ig_retain(same);
        return same;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) ig_io_fail(site, OP, path, 0, "cannot open the checkpoint: %s", strerror(errno));
    ig_io_hold(f, ig_io_release_file);
    uint64_t data_start, file_size;
    json_t *header = read_header(site, OP, path, f, &data_start, &file_size);
    const char *name = spec->name;
    json_t *entry = json_object_get(header, name);
    if (entry == NULL) ig_io_fail(site, OP, path, 0, "no tensor '%s' in the checkpoint", name);
    const char *dtype = NULL;
    json_t *shape = NULL;
    json_int_t begin = -1, end = -1;
    if (json_unpack(entry, "{s:s, s:o, s:[I, I]}", "dtype", &dtype, "shape", &shape,
                    "data_offsets", &begin, &end) != 0 || !json_is_array(shape) ||
        json_array_size(shape) > IG_MAX_RANK)
        ig_io_fail(site, OP, path, 0, "tensor '%s': its header entry is malformed", name);
    const char *want = st_dtype(spec->dtype);
    if (strcmp(dtype, want) != 0)
        ig_io_fail(site, OP, path, 0, "tensor '%s' is %s, the program expects %s (%s)", name, dtype,
                   want, ig_dtype_name(spec->dtype));
    int rank = (int)json_array_size(shape);
    int64_t dims[IG_MAX_RANK];
    for (int i = 0; i < rank; i++) {
        json_t *d = json_array_get(shape, (size_t)i);
        if (!json_is_integer(d) || json_integer_value(d) < 0)
            ig_io_fail(site, OP, path, 0, "tensor '%s': its shape is malformed", name);
        dims[i] = json_integer_value(d);
    }
    char what[300];
    snprintf(what, sizeof what, "tensor '%s'", name);
    ig_io_check_shape(site, OP, path, spec, what, rank, dims);
    /* Everything is checked against the file before anything is allocated: a header
       may claim any shape. */
    int64_t count, nbytes;
    if (!ig_size_count(rank, dims, &count) ||
        __builtin_mul_overflow(count, (int64_t)ig_dtype_size(spec->dtype), &nbytes))
        ig_io_fail(site, OP, path, 0, "tensor '%s': its shape is too large", name);
    uint64_t bytes = (uint64_t)nbytes;
    if (begin < 0 || end < begin || (uint64_t)(end - begin) != bytes)
        ig_io_fail(site, OP, path, 0, "tensor '%s': data_offsets [%lld, %lld] do not hold %llu "
                   "bytes", name, (long long)begin, (long long)end, (unsigned long long)bytes);
    if (data_start + (uint64_t)end > file_size)
        ig_io_fail(site, OP, path, 0, "truncated: tensor '%s' ends at byte %llu, the file has %llu "
                   "bytes", name, (unsigned long long)(data_start + (uint64_t)end),
                   (unsigned long long)file_size);
    IgTensor *t = ig_io_hold(ig_tensor_make(site, OP, spec->dtype, rank, dims),
                             ig_io_release_tensor);
    if (fseek(f, (long)(data_start + (uint64_t)begin), SEEK_SET) != 0 ||
        fread(t->data, 1, bytes, f) != bytes)
        ig_io_fail(site, OP, path, 0, "cannot read tensor '%s' at byte %llu", name,
                   (unsigned long long)(data_start + (uint64_t)begin));
    ig_io_unhold(t);
    ig_io_unhold(header);
    json_decref(header);
    ig_io_unhold(f);
    fclose(f);
    return t;
}
