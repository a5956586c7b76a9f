/* file.c — whole-file reads (gzip through zlib), atomic writes, and the errors of the
 * file kernels (io.h).
 * Entry points: ig_io_read, ig_io_write_atomic, ig_io_fail, ig_io_check_shape.
 * Memory owner: ig_io_read's buffer belongs to the caller. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "io.h"

enum { MAX_HELD = 16 };

/* What a failing file op must release (ig_io_hold): per thread, as the runtime's other
 * state, since a library's models may read their weights on two threads at once and
 * an error on one must not close the other's files. */
static _Thread_local struct {
    void *p;
    IgIoRelease *release;
} held[MAX_HELD];
static _Thread_local int nheld;

void *ig_io_hold(void *p, IgIoRelease *release)
{
    IG_RT_ASSERT(nheld < MAX_HELD);
    held[nheld].p = p;
    held[nheld].release = release;
    nheld++;
    return p;
}

void ig_io_unhold(void *p)
{
    for (int i = nheld - 1; i >= 0; i--)
        if (held[i].p == p) {
            held[i] = held[--nheld];
            return;
        }
    IG_RT_ASSERT(!"ig_io_unhold of a pointer not held");
}

void ig_io_release_free(void *p) { free(p); }
void ig_io_release_tensor(void *p) { ig_release(p); }
void ig_io_release_file(void *p) { fclose(p); }

static void release_all_held(void)
{
    while (nheld > 0) {
        nheld--;
        held[nheld].release(held[nheld].p);
    }
}

const char *ig_io_path(const IgTensor *path)
{
    IG_RT_ASSERT(path != NULL && path->dtype == IG_STRING);
    return path->data;
}

/* ig_io_fail's text into the trap set on this thread (a library call) instead of
 * stderr. */
static void trap_message(IgTrap *trap, const IgSite *site, const char *op, const char *path,
                         long line, const char *fmt, va_list ap)
{
    size_t n = line > 0 ? ig_trap_append(trap, 0, "%s:%ld: error: ", path, line)
                        : ig_trap_append(trap, 0, "%s: error: ", path);
    n = ig_trap_vappend(trap, n, fmt, ap);
    if (site != NULL && site->file != NULL)
        ig_trap_append(trap, n, " (in %s at %s:%d)", op, site->file, site->line);
    else
        ig_trap_append(trap, n, " (in %s)", op);
}

void ig_io_fail(const IgSite *site, const char *op, const char *path, long line,
                const char *fmt, ...)
{
    IgTrap *trap = ig_trap_top;
    if (trap != NULL) {
        va_list ap;
        va_start(ap, fmt);
        trap_message(trap, site, op, path, line, fmt, ap);
        va_end(ap);
        release_all_held();
        ig_trap_throw(trap);
    }
    fflush(stdout);
    if (line > 0)
        fprintf(stderr, "%s:%ld: error: ", path, line);
    else
        fprintf(stderr, "%s: error: ", path);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (site != NULL && site->file != NULL)
        fprintf(stderr, " (in %s at %s:%d)\n", op, site->file, site->line);
    else
        fprintf(stderr, " (in %s)\n", op);
    fflush(stderr);
    release_all_held();
    if (ig_fatal_exit_hook != NULL) ig_fatal_exit_hook();
    ig_replicas_abort_others(); /* a file missing on one machine stops every replica */
    _Exit(1);
}

void ig_io_bytes_free(IgBytes *b)
{
    ig_io_unhold(b->data);
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

static void release_gz(void *f) { gzclose(f); }

/* gzread reads a file without gzip's header as it is, so one loop serves both kinds;
   it reports a gzip stream cut short only through gzerror. */
IgBytes ig_io_read(const IgSite *site, const char *op, const char *path)
{
    if (path[0] == '\0') ig_io_fail(site, op, "<empty path>", 0, "no file name given");
    gzFile f = gzopen(path, "rb");
    if (f == NULL)
        ig_io_fail(site, op, path, 0, "cannot open the file: %s",
                   errno ? strerror(errno) : "out of memory");
    ig_io_hold(f, release_gz);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    if (buf == NULL) ig_io_fail(site, op, path, 0, "out of memory reading the file");
    ig_io_hold(buf, ig_io_release_free);
    for (;;) {
        if (len == cap) {
            if (cap > SIZE_MAX / 4) ig_io_fail(site, op, path, 0, "the file is too large");
            cap *= 2;
            ig_io_unhold(buf);
            char *grown = realloc(buf, cap + 1);
            if (grown == NULL) {
                free(buf);
                ig_io_fail(site, op, path, 0, "out of memory reading the file");
            }
            buf = ig_io_hold(grown, ig_io_release_free);
        }
        size_t want = cap - len < (1u << 30) ? cap - len : (1u << 30);
        int got = gzread(f, buf + len, (unsigned)want);
        if (got < 0) {
            int code;
            const char *msg = gzerror(f, &code);
            ig_io_fail(site, op, path, 0, "cannot read the file: %s",
                       code == Z_ERRNO ? strerror(errno) : msg);
        }
        if (got == 0) break;
        len += (size_t)got;
    }
    int code;
    const char *msg = gzerror(f, &code);
    if (code != Z_OK && code != Z_STREAM_END) {
        size_t plen = strlen(path); /* zlib's message starts with "PATH: " */
        if (strncmp(msg, path, plen) == 0 && strncmp(msg + plen, ": ", 2) == 0) msg += plen + 2;
        ig_io_fail(site, op, path, 0, "corrupt or truncated gzip data: %s", msg);
    }
    ig_io_unhold(f);
    gzclose(f);
    buf[len] = '\0';
    return (IgBytes){buf, len};
}

static void write_all(const IgSite *site, const char *op, const char *path, int fd,
                      const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) ig_io_fail(site, op, path, 0, "cannot write the file: %s", strerror(errno));
        p += n;
        size -= (size_t)n;
    }
}

/* The temporary file of a write that failed: closed, removed, its name freed. */
static _Thread_local int pending_fd = -1;

static void release_temporary(void *name)
{
    if (pending_fd >= 0) close(pending_fd);
    pending_fd = -1;
    unlink(name);
    free(name);
}

/* The directory part of path, for the temporary file and the directory's fsync. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) return strdup(".");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

void ig_io_write_atomic(const IgSite *site, const char *op, const char *path, int n,
                        const void *const *pieces, const size_t *sizes)
{
    if (path[0] == '\0') ig_io_fail(site, op, "<empty path>", 0, "no file name given");
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (tmp == NULL) ig_io_fail(site, op, path, 0, "out of memory");
    snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        ig_io_fail(site, op, path, 0, "cannot create a file beside it: %s", strerror(errno));
    }
    /* From here a failure removes the temporary file (release_temporary). */
    pending_fd = fd;
    ig_io_hold(tmp, release_temporary);
    for (int i = 0; i < n; i++) write_all(site, op, path, fd, pieces[i], sizes[i]);
    if (fchmod(fd, 0644) != 0 || fsync(fd) != 0)
        ig_io_fail(site, op, path, 0, "cannot write the file: %s", strerror(errno));
    pending_fd = -1;
    if (close(fd) != 0)
        ig_io_fail(site, op, path, 0, "cannot write the file: %s", strerror(errno));
    if (rename(tmp, path) != 0)
        ig_io_fail(site, op, path, 0, "cannot replace the file: %s", strerror(errno));
    ig_io_unhold(tmp);
    free(tmp);
    /* The rename is durable only once the directory's entry is on disk. */
    char *dir = dir_of(path);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    free(dir);
}

void ig_io_make_parents(const IgSite *site, const char *op, const char *path)
{
    char *dir = dir_of(path);
    if (dir == NULL) ig_io_fail(site, op, path, 0, "out of memory");
    for (char *p = dir + 1;; p++) {
        char c = *p;
        if (c != '/' && c != '\0') continue;
        *p = '\0';
        if (mkdir(dir, 0755) != 0 && errno != EEXIST)
            ig_io_fail(site, op, path, 0, "cannot create the directory '%s': %s", dir,
                       strerror(errno));
        *p = c;
        if (c == '\0') break;
    }
    free(dir);
}

void ig_io_check_shape(const IgSite *site, const char *op, const char *path,
                       const IgLoadSpec *spec, const char *what, int rank, const int64_t *shape)
{
    bool ok = rank == spec->rank;
    for (int i = 0; ok && spec->dims != NULL && i < rank; i++)
        ok = spec->dims[i] < 0 || spec->dims[i] == shape[i];
    if (ok) return;
    char got[IG_SHAPE_STR_MAX], want[IG_SHAPE_STR_MAX];
    ig_shape_str(got, rank, shape);
    if (spec->dims != NULL) {
        ig_shape_str(want, spec->rank, spec->dims);
        for (char *q = strstr(want, "-1"); q != NULL; q = strstr(want, "-1")) {
            q[0] = '?';
            memmove(q + 1, q + 2, strlen(q + 2) + 1);
        }
        ig_io_fail(site, op, path, 0, "%s has shape %s, the program expects %s", what, got, want);
    }
    ig_io_fail(site, op, path, 0, "%s has rank %d (shape %s), the program expects rank %d", what,
               rank, got, spec->rank);
}

bool ig_io_store_f64(IgTensor *t, int64_t i, double v)
{
    switch (t->dtype) {
    case IG_FLOAT32: ((float *)t->data)[i] = (float)v; return true;
    case IG_FLOAT64: ((double *)t->data)[i] = v; return true;
    case IG_INT32:
        if (!(v >= INT32_MIN && v <= INT32_MAX) || v != (double)(int64_t)v) return false;
        ((int32_t *)t->data)[i] = (int32_t)v;
        return true;
    case IG_INT64:
        /* 2^63 is the first double past INT64_MAX. */
        if (!(v >= -0x1p63 && v < 0x1p63) || v != (double)(int64_t)v) return false;
        ((int64_t *)t->data)[i] = (int64_t)v;
        return true;
    case IG_BOOL: ((unsigned char *)t->data)[i] = v != 0; return true;
    default: IG_RT_ASSERT(!"a string tensor has no numeric elements"); return false;
    }
}

bool ig_io_store_i64(IgTensor *t, int64_t i, int64_t v)
{
    switch (t->dtype) {
    case IG_FLOAT32: ((float *)t->data)[i] = (float)v; return true;
    case IG_FLOAT64: ((double *)t->data)[i] = (double)v; return true;
    case IG_INT32:
        if (v < INT32_MIN || v > INT32_MAX) return false;
        ((int32_t *)t->data)[i] = (int32_t)v;
        return true;
    case IG_INT64: ((int64_t *)t->data)[i] = v; return true;
    case IG_BOOL: ((unsigned char *)t->data)[i] = v != 0; return true;
    default: IG_RT_ASSERT(!"a string tensor has no numeric elements"); return false;
    }
}

uint64_t ig_io_le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

uint32_t ig_io_be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
