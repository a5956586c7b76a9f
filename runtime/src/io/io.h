/* io.h — what the runtime's file kernels share (runtime/src/io/): reading a whole
 * file, gzip or not, writing one atomically, the errors that name the data file, and
 * checking a loaded array against what the compiler was promised.
 * Memory owner: IgBytes buffers belong to their caller (ig_io_bytes_free). */
#ifndef INGOT_RT_IO_H
#define INGOT_RT_IO_H

#include "../internal.h"

/* A whole file's contents, NUL-terminated (len excludes the NUL). */
typedef struct IgBytes {
    char *data;
    size_t len;
} IgBytes;

/* What a reader or writer holds while it may still fail (buffers, open files, its
 * result): ig_io_fail releases it all before the error ends the program, so a caller
 * that survives the error (the fuzz harness, through ig_fatal_exit_hook) leaks no
 * memory and no file descriptor. ig_io_hold returns p; ig_io_unhold(p) forgets it
 * once it is released or handed on. */
typedef void IgIoRelease(void *p);
IG_INTERNAL void *ig_io_hold(void *p, IgIoRelease *release);
IG_INTERNAL void ig_io_unhold(void *p);
/* The common releases: free, ig_release of a tensor, fclose. */
IG_INTERNAL void ig_io_release_free(void *p);
IG_INTERNAL void ig_io_release_tensor(void *p);
IG_INTERNAL void ig_io_release_file(void *p);

/* The path a string tensor holds; anything else is a runtime bug. */
IG_INTERNAL const char *ig_io_path(const IgTensor *path);

/* "PATH:LINE: error: message (in op at script:line)", LINE left out when 0; exits 1
 * (under a trap, rt.h's IgTrap: the text goes into its message and the call returns
 * through it). Errors in data files name the data file first, as a compiler names a
 * source file. */
IG_INTERNAL _Noreturn void ig_io_fail(const IgSite *site, const char *op, const char *path,
                                      long line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Reads path whole. A name ending in ".gz", or any file that starts with gzip's magic,
 * is inflated by zlib; a missing, unreadable or corrupt file is ig_io_fail. */
IG_INTERNAL IgBytes ig_io_read(const IgSite *site, const char *op, const char *path);
IG_INTERNAL void ig_io_bytes_free(IgBytes *b);

/* Writes the n pieces to path so that a reader sees the old file or the new one, never
 * a part: a temporary file in the same directory, fsync, rename, fsync of the
 * directory. Failure is ig_io_fail (the old file is left as it was). */
IG_INTERNAL void ig_io_write_atomic(const IgSite *site, const char *op, const char *path, int n,
                                    const void *const *pieces, const size_t *sizes);

/* Creates the directories path's parent needs, as `mkdir -p` (TensorFlow's checkpoint
 * writes do); failure is ig_io_fail. */
IG_INTERNAL void ig_io_make_parents(const IgSite *site, const char *op, const char *path);

/* Checks a loaded array's dtype-free shape against spec (rank, known dims): a
 * mismatch is ig_io_fail naming what the program expected. what: "array", "tensor 'w'". */
IG_INTERNAL void ig_io_check_shape(const IgSite *site, const char *op, const char *path,
                                   const IgLoadSpec *spec, const char *what, int rank,
                                   const int64_t *shape);

/* Element i of a tensor of dtype, from a double or an int64: the conversions the
 * loaders make when the file's type is not the program's. False, with nothing stored,
 * when the value has no equal in an int dtype (out of its range, a fraction, NaN):
 * the loaders then report it rather than store a wrapped or undefined number. */
IG_INTERNAL bool ig_io_store_f64(IgTensor *t, int64_t i, double v);
IG_INTERNAL bool ig_io_store_i64(IgTensor *t, int64_t i, int64_t v);

/* Little-endian integers of a byte buffer (the formats' headers), and big-endian (IDX). */
IG_INTERNAL uint64_t ig_io_le64(const unsigned char *p);
IG_INTERNAL uint32_t ig_io_be32(const unsigned char *p);

#endif
