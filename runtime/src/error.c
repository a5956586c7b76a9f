/* error.c — run-time errors: user errors name the script line (ig_fatal), runtime bugs
 * name the runtime's own source line (ig_internal_error).
 * Entry points: ig_fatal, ig_out_of_memory, ig_internal_error.
 * Memory owner: none; both end the process. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* Writes "<prefix>message\n" to stderr after flushing what the program printed, so
 * the error comes after that output, as it did in the script's own run. */
static void report(const char *prefix_fmt, const char *file, int line, const char *fmt, va_list ap)
{
    fflush(stdout);
    if (file != NULL)
        fprintf(stderr, prefix_fmt, file, line);
    else
        fputs("ingot: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    fflush(stderr);
}

void (*ig_fatal_exit_hook)(void);

void ig_fatal(const IgSite *site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("%s:%d: error: ", site ? site->file : NULL, site ? site->line : 0, fmt, ap);
    va_end(ap);
    /* _Exit, not exit: the program stops in the middle of its work, with tensors
       alive that nothing will release; exit's handlers (LeakSanitizer's among them)
       would report those as leaks. Everything printed has been flushed above. */
    if (ig_fatal_exit_hook != NULL) ig_fatal_exit_hook();
    _Exit(1);
}

void ig_fatal_empty_too_large(const IgSite *site, const char *op, int rank, const int64_t *shape)
{
    char s[IG_SHAPE_STR_MAX];
    ig_fatal(site, "%s%snot supported yet: the empty shape %s, whose other dims multiply past an "
             "int64 (the kernels' strides would overflow)", op ? op : "", op ? ": " : "",
             ig_shape_str(s, rank, shape));
}

void ig_out_of_memory(const IgSite *site, const char *op, IgDType dtype, int rank,
                      const int64_t *shape, double nbytes)
{
    /* Exact up to 1e15 bytes (a double holds those integers); beyond, a shape too large
     * to count, three digits say enough. */
    char n[32], s[IG_SHAPE_STR_MAX];
    snprintf(n, sizeof n, nbytes < 1e15 ? "%.0f" : "%.3g", nbytes);
    ig_shape_str(s, rank, shape);
    ig_fatal(site, "out of memory allocating %s bytes%s%s (%s tensor of shape %s)", n,
             op ? " for " : "", op ? op : "", ig_dtype_name(dtype), s);
}

void ig_internal_error(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("ingot: internal error at %s:%d: ", file, line, fmt, ap);
    va_end(ap);
    abort();
}
