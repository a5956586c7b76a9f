/* error.c — run-time errors: user errors name the script line (ig_fatal), runtime bugs
 * name the runtime's own source line (ig_internal_error).
 * Entry points: ig_fatal, ig_internal_error.
 * Memory owner: none; both end the process. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

void ig_fatal(const IgSite *site, const char *fmt, ...)
{
    /* Flush what the program printed so far so that the error comes after it, as it
     * did in the script's own run. */
    fflush(stdout);
    if (site != NULL && site->file != NULL)
        fprintf(stderr, "%s:%d: error: ", site->file, site->line);
    else
        fputs("ingot: error: ", stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    exit(1);
}

void ig_internal_error(const char *file, int line, const char *fmt, ...)
{
    fflush(stdout);
    fprintf(stderr, "ingot: internal error at %s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}
