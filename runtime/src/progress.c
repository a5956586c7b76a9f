/* progress.c — Keras's progress bar for model.fit, drawn by the compiled program as it
 * trains. After each step, and once more at the epoch's end (final, with every value,
 * the validation's included):
 *   verbose=1 on a terminal, redrawn in place:
 *      7/22 [=========>....................] - ETA: 0s - loss: 0.4321
 *   and the final line (on a terminal or not), kept:
 *     22/22 [==============================] - 0s 2ms/step - loss: 0.1234 - accuracy: 0.9612
 *   verbose=2, the final line only:
 *     22/22 - 0s - loss: 0.1234 - accuracy: 0.9612 - 41ms/epoch - 2ms/step
 * Values print as Keras prints them: %.4f, or %.4e below 1e-3.
 * Entry point: ig_progress. Memory owner: none (one bar's timing, process-wide). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

enum { BAR_WIDTH = 30 };
/* A live bar is redrawn at most this often (Keras's Progbar interval): a step of a
   few milliseconds would otherwise spend its time writing to the terminal. */
static const double REDRAW_SECONDS = 0.05;

/* The bar being drawn: when its epoch started, the step it is at, its line's length,
   when it was last drawn. */
static struct {
    double start;
    int64_t step;
    size_t drawn;
    double drawn_at;
} bar;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int64_t scalar_int(const IgTensor *t)
{
    IG_RT_ASSERT(t->rank == 0 && (t->dtype == IG_INT64 || t->dtype == IG_INT32));
    return t->dtype == IG_INT64 ? *(const int64_t *)t->data : *(const int32_t *)t->data;
}

static double scalar_value(const IgTensor *t)
{
    IG_RT_ASSERT(t->rank == 0);
    switch (t->dtype) {
    case IG_FLOAT32: return *(const float *)t->data;
    case IG_FLOAT64: return *(const double *)t->data;
    case IG_INT32: return *(const int32_t *)t->data;
    case IG_INT64: return (double)*(const int64_t *)t->data;
    default: return NAN;
    }
}

/* "2ms/step": Keras's unit for a duration per step or per epoch. */
static int per_unit(char *out, size_t size, double seconds, const char *unit)
{
    if (seconds >= 1) return snprintf(out, size, "%.0fs/%s", seconds, unit);
    if (seconds >= 1e-3) return snprintf(out, size, "%.0fms/%s", seconds * 1e3, unit);
    return snprintf(out, size, "%.0fus/%s", seconds * 1e6, unit);
}

static int eta(char *out, size_t size, double seconds)
{
    long s = (long)seconds;
    if (s >= 3600) return snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    if (s >= 60) return snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
    return snprintf(out, size, "%lds", s);
}

/* " - loss: 0.1234 - accuracy: 0.9612" */
static size_t values_text(char *out, size_t size, int n, const char *const *names,
                          const IgTensor *const *values)
{
    size_t used = 0;
    out[0] = '\0'; /* no values (predict's bar): an empty text */
    for (int i = 0; i < n && used < size; i++) {
        double v = scalar_value(values[i]);
        used += (size_t)snprintf(out + used, size - used,
                                 fabs(v) > 1e-3 || v == 0 ? " - %s: %.4f" : " - %s: %.4e",
                                 names[i], v);
    }
    return used < size ? used : size - 1;
}

void ig_progress(IgSite *site, const IgTensor *step_t, const IgTensor *steps_t, int n,
                 const char *const *names, const IgTensor *const *values, int verbose,
                 bool final)
{
    (void)site;
    if (!ig_replica_is_chief()) return; /* one bar for all the replicas: rank 0's */
    int64_t step = scalar_int(step_t), steps = scalar_int(steps_t);
    double now = now_seconds();
    bool new_epoch = !final && (step <= bar.step || bar.step == 0);
    if (new_epoch) {
        bar.start = now;
        bar.drawn = 0;
    }
    bar.step = step;
    bool last = final;
    bool terminal = isatty(fileno(stdout));
    if (verbose <= 0 || (!last && (verbose != 1 || !terminal))) return;
    if (!last && !new_epoch && now - bar.drawn_at < REDRAW_SECONDS) return;
    bar.drawn_at = now;
    double elapsed = now - bar.start;
    char line[4096], text[2048];
    size_t used = 0;
    values_text(text, sizeof text, n, names, values);
    int digits = steps > 0 ? (int)log10((double)steps) + 1 : 1;
    if (verbose == 2) {
        char per_epoch[32], per_step[32];
        per_unit(per_epoch, sizeof per_epoch, elapsed, "epoch");
        per_unit(per_step, sizeof per_step, steps > 0 ? elapsed / (double)steps : 0, "step");
        used = (size_t)snprintf(line, sizeof line, "%*lld/%lld - %.0fs%s - %s - %s", digits,
                                (long long)step, (long long)steps, floor(elapsed), text,
                                per_epoch, per_step);
    } else {
        used = (size_t)snprintf(line, sizeof line, "%*lld/%lld [", digits, (long long)step,
                                (long long)steps);
        int filled = steps > 0 ? (int)(BAR_WIDTH * (double)step / (double)steps) : BAR_WIDTH;
        if (filled > BAR_WIDTH) filled = BAR_WIDTH;
        for (int i = 0; i < BAR_WIDTH && used + 2 < sizeof line; i++)
            line[used++] = i < filled - 1 ? '=' : i == filled - 1 ? (last ? '=' : '>') : '.';
        line[used++] = ']';
        line[used] = '\0';
        char when[64];
        if (last) {
            per_unit(when, sizeof when, steps > 0 ? elapsed / (double)steps : 0, "step");
            used += (size_t)snprintf(line + used, sizeof line - used, " - %.0fs %s%s",
                                     floor(elapsed), when, text);
        } else {
            eta(when, sizeof when, elapsed / (double)step * (double)(steps - step));
            used += (size_t)snprintf(line + used, sizeof line - used, " - ETA: %s%s", when,
                                     text);
        }
    }
    if (used >= sizeof line) used = sizeof line - 1;
    if (terminal && verbose == 1) {
        /* Redrawn in place: back to the line's start, the old text blanked out. */
        fputc('\r', stdout);
        fputs(line, stdout);
        for (size_t i = used; i < bar.drawn; i++) fputc(' ', stdout);
        bar.drawn = used;
    } else {
        fputs(line, stdout);
    }
    if (last) {
        fputc('\n', stdout);
        bar.step = 0;
    }
    fflush(stdout);
}
