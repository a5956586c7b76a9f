/* error.c — run-time errors: user errors name the script line (ig_fatal), runtime bugs
 * name the runtime's own source line (ig_internal_error); and the trap through which a
 * library call catches a user error instead of ending the process (rt.h's IgTrap).
 * Entry points: ig_fatal, ig_out_of_memory, ig_internal_error, ig_trap_enter,
 * ig_trap_leave, ig_trap_release_tensors.
 * Memory owner: none; without a trap both end the process; a trap lives in its caller's
 * frame, and the tensors made under it are alloc.c's to free. */
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
    IgTrap *trap = ig_trap_top;
    if (trap != NULL) {
        /* The same text as report's, into the trap: nothing printed, nothing flushed. */
        size_t n = site != NULL && site->file != NULL
                       ? ig_trap_append(trap, 0, "%s:%d: error: ", site->file, site->line)
                       : ig_trap_append(trap, 0, "ingot: error: ");
        ig_trap_vappend(trap, n, fmt, ap);
        va_end(ap);
        ig_trap_throw(trap);
    }
    report("%s:%d: error: ", site ? site->file : NULL, site ? site->line : 0, fmt, ap);
    va_end(ap);
    /* _Exit, not exit: the program stops in the middle of its work, with tensors
       alive that nothing will release; exit's handlers (LeakSanitizer's among them)
       would report those as leaks. Everything printed has been flushed above. */
    if (ig_fatal_exit_hook != NULL) ig_fatal_exit_hook();
    ig_replicas_abort_others(); /* one replica of several: the others stop too */
    _Exit(1);
}

void ig_fatal_free(const IgSite *site, char *message)
{
    char text[IG_TRAP_MESSAGE_MAX];
    snprintf(text, sizeof text, "%s", message);
    free(message);
    ig_fatal(site, "%s", text);
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

/* ---- Traps ---------------------------------------------------------------------------
 * The trap set on this thread, or NULL. Per thread, as the rest of the runtime's state
 * (lifetime.c): each of a library's threads runs its own calls, each under its own trap.
 * alloc.c reads it on every allocation, to list the block in the trap. */
_Thread_local IgTrap *ig_trap_top;

void ig_trap_enter(IgTrap *trap)
{
    IG_RT_ASSERT(trap != NULL && ig_trap_top == NULL); /* traps do not nest */
    trap->message[0] = '\0';
    trap->blocks = NULL;
    ig_trap_top = trap;
}

void ig_trap_leave(IgTrap *trap)
{
    IG_RT_ASSERT(trap != NULL && ig_trap_top == trap);
    ig_tensor_trap_forget(trap);
    ig_trap_top = NULL;
}

void ig_trap_release_tensors(IgTrap *trap, IgTensor *const *keep, int nkeep)
{
    IG_RT_ASSERT(trap != NULL && ig_trap_top == trap && (nkeep == 0 || keep != NULL));
    ig_tensor_trap_release(trap, keep, nkeep);
}

size_t ig_trap_vappend(IgTrap *trap, size_t at, const char *fmt, va_list ap)
{
    size_t cap = sizeof trap->message;
    if (at >= cap - 1) return cap - 1;
    int n = vsnprintf(trap->message + at, cap - at, fmt, ap);
    if (n < 0) return at;
    return at + (size_t)n < cap - 1 ? at + (size_t)n : cap - 1;
}

size_t ig_trap_append(IgTrap *trap, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    at = ig_trap_vappend(trap, at, fmt, ap);
    va_end(ap);
    return at;
}

void ig_trap_throw(IgTrap *trap)
{
    longjmp(trap->env, 1);
}
