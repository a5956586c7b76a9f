/* error.c — run-time errors: user errors name the script line (ig_fatal), runtime bugs
 * name the runtime's own source line (ig_internal_error).
 * Entry points: ig_fatal, ig_internal_error.
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

void ig_fatal(const IgSite *site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("%s:%d: error: ", site ? site->file : NULL, site ? site->line : 0, fmt, ap);
    va_end(ap);
    /* _Exit, not exit: the program stops in the middle of its work, with tensors
       alive that nothing will release; exit's handlers (LeakSanitizer's among them)
       would report those as leaks. Everything printed has been flushed above. */
    _Exit(1);
}

void ig_internal_error(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("ingot: internal error at %s:%d: ", file, line, fmt, ap);
    va_end(ap);
    abort();
}
