/* trace_report.c — watching how tf.functions trace: TensorFlow's frequent-retracing
 * warning (one detector per Python def, over the last 10 calls from the top level,
 * at most twice) and `ingot build --trace-report` (every trace with its Python
 * arguments' values, the call that traced it and why it could not reuse each earlier
 * trace, its graph's size, then every call and the trace it ran; tracing.c records
 * them in ConcreteFunction and TfFunction.calls). Entry points: retrace_detector_for,
 * retrace_detector_record, tracer_register_tf_function, trace_report_print,
 * trace_summary.
 * Memory owner: the interpreter's Arena. */
#include <string.h>

#include "function.h"
#include "tracer_internal.h"

#define RETRACE_HISTORY 10   /* calls looked at */
#define RETRACE_THRESHOLD 5  /* traces among them that warn */
#define RETRACE_MAX_WARNINGS 2

struct RetraceDetector {
    const Node *def;
    int *calls_per_trace;    /* per trace still in the window: calls since it (itself included) */
    int n, cap;
    int calls;               /* calls in the window */
    int warnings;
};

RetraceDetector *retrace_detector_for(Interp *in, const Node *def) {
    for (int i = 0; i < in->tracer->ndetectors; i++)
        if (in->tracer->detectors[i]->def == def) return in->tracer->detectors[i];
    RetraceDetector *d = ARENA_NEW(in->arena, RetraceDetector);
    d->def = def;
    if (in->tracer->ndetectors == in->tracer->detectors_cap) {
        int cap = in->tracer->detectors_cap ? in->tracer->detectors_cap * 2 : 8;
        in->tracer->detectors =
            arena_grow(in->arena, in->tracer->detectors, sizeof(RetraceDetector *),
                       (size_t)in->tracer->ndetectors, (size_t)cap);
        in->tracer->detectors_cap = cap;
    }
    in->tracer->detectors[in->tracer->ndetectors++] = d;
    return d;
}

static void push_trace(Interp *in, RetraceDetector *d) {
    if (d->n == d->cap) {
        int cap = d->cap ? d->cap * 2 : 16;
        d->calls_per_trace =
            arena_grow(in->arena, d->calls_per_trace, sizeof(int), (size_t)d->n, (size_t)cap);
        d->cap = cap;
    }
    d->calls_per_trace[d->n++] = 1;
}

void retrace_detector_record(Interp *in, TfFunction *tf, bool traced, SrcLoc loc) {
    RetraceDetector *d = tf->detector;
    tf->ncalls++;
    d->calls++;
    if (!traced) {
        if (d->n == 0) push_trace(in, d), d->calls_per_trace[0] = 0;
        d->calls_per_trace[d->n - 1]++;
        return;
    }
    push_trace(in, d);
    /* Traces that fell out of the last RETRACE_HISTORY calls no longer count. */
    while (d->n && d->calls - d->calls_per_trace[0] > RETRACE_HISTORY) {
        d->calls -= d->calls_per_trace[0];
        for (int i = 1; i < d->n; i++) d->calls_per_trace[i - 1] = d->calls_per_trace[i];
        d->n--;
    }
    if (d->warnings >= RETRACE_MAX_WARNINGS || d->n < RETRACE_THRESHOLD) return;
    d->warnings++;
    if (in->opt->disabled_warnings[WARN_RETRACING]) return;
    vm_warning(in, WARN_RETRACING, loc,
               "%d out of the last %d calls to '%s' triggered tf.function retracing; tracing "
               "is expensive. "
               "Likely causes: (1) a tf.function created again and again in a loop (define it "
               "once, outside "
               "the loop), (2) tensors of changing shapes (use reduce_retracing=True or an "
               "input_signature), "
               "(3) Python values passed where tensors would do (pass tf.constant(...)); "
               "'ingot build --trace-report' says why each trace was made",
               d->n, d->calls, tf->name);
}

void tracer_register_tf_function(Interp *in, TfFunction *tf) {
    if (in->tracer->ntf_functions == in->tracer->tf_functions_cap) {
        int cap = in->tracer->tf_functions_cap ? in->tracer->tf_functions_cap * 2 : 8;
        in->tracer->tf_functions =
            arena_grow(in->arena, in->tracer->tf_functions, sizeof(TfFunction *),
                       (size_t)in->tracer->ntf_functions, (size_t)cap);
        in->tracer->tf_functions_cap = cap;
    }
    in->tracer->tf_functions[in->tracer->ntf_functions++] = tf;
}

static int count_ops(const Region *r) {
    int n = 0;
    for (const Inst *x = r->first; x; x = x->next) {
        n++;
        for (int i = 0; i < x->nregions; i++) n += count_ops(x->regions[i]);
    }
    return n;
}

static const char *where(Arena *a, SrcLoc loc) {
    if (!loc.file) return "?";
    const char *slash = strrchr(loc.file->path, '/');
    return arena_printf(a, "%s:%d", slash ? slash + 1 : loc.file->path, loc.line);
}

/* "f.py:12 -> trace 2 (reused)": one line per run of calls from the same place that ran
   the same trace the same way (a loop's calls are one line). */
static void print_calls(Interp *in, const TfFunction *tf, FILE *out) {
    fprintf(out, "  calls:\n");
    for (int i = 0; i < tf->ncalls_logged;) {
        const TfCall *c = &tf->calls[i];
        int n = 1;
        while (i + n < tf->ncalls_logged) {
            const TfCall *d = &tf->calls[i + n];
            if (d->at.file != c->at.file || d->at.line != c->at.line || d->trace != c->trace ||
                d->traced != c->traced || d->nested != c->nested || d->concrete != c->concrete)
                break;
            n++;
        }
        fprintf(out, "    %s%s%s -> trace %d (%s", where(in->arena, c->at),
                c->concrete ? " get_concrete_function" : "", c->nested ? " (inside a trace)" : "",
                c->trace->index, c->traced ? "traced" : "reused");
        if (n > 1) fprintf(out, ", %d calls", n);
        fprintf(out, ")\n");
        i += n;
    }
}

void trace_report_print(Interp *in, FILE *out) {
    int shown = 0, traces = 0, calls = 0;
    for (int i = 0; i < in->tracer->ntf_functions; i++) {
        const TfFunction *tf = in->tracer->tf_functions[i];
        shown += tf->ntraces > 0;
        traces += tf->ntraces;
        calls += tf->ntraces > 0 ? tf->ncalls : 0;
    }
    fprintf(out, "trace report: %d tf.function%s traced\n", shown, shown == 1 ? "" : "s");
    for (int i = 0; i < in->tracer->ntf_functions; i++) {
        const TfFunction *tf = in->tracer->tf_functions[i];
        if (!tf->ntraces) continue;
        const Function *fn = tf->python_function->fn;
        fprintf(out, "\n'%s' (%s): %d trace%s, %d call%s from the top level%s%s\n", tf->name,
                where(in->arena, fn->def->loc), tf->ntraces, tf->ntraces == 1 ? "" : "s",
                tf->ncalls, tf->ncalls == 1 ? "" : "s",
                tf->input_signature ? ", input_signature" : "",
                tf->reduce_retracing ? ", reduce_retracing" : "");
        for (int k = 0; k < tf->ntraces; k++) {
            const ConcreteFunction *cf = tf->traces[k];
            int ops = count_ops(cf->func->body);
            fprintf(out, "  trace %d: %s(%s) -> @%s%s: %d op%s\n", cf->index, tf->name,
                    cf->args_text, cf->func->name,
                    cf->func->signature ? cf->func->signature : "()", ops, ops == 1 ? "" : "s");
            fprintf(out, "    traced at %s: %s\n", where(in->arena, cf->traced_at),
                    cf->reason ? cf->reason : "?");
            /* The reason names the nearest miss; the other earlier traces, why not them. */
            for (int m = 0; m < cf->index - 1; m++)
                if (m + 1 != cf->nearest && cf->misses[m])
                    fprintf(out, "    not trace %d either: %s\n", m + 1, cf->misses[m]);
        }
        print_calls(in, tf, out);
    }
    if (shown)
        fprintf(out, "\ntotal: %d trace%s, %d call%s from the top level\n", traces,
                traces == 1 ? "" : "s", calls, calls == 1 ? "" : "s");
}

/* ---- The same, as data (tracer.h's TraceSummary, for ingot explain) --------------- */

TraceSummary trace_summary(Interp *in) {
    Arena *a = in->arena;
    TfFunctionInfo *fs = ARENA_ARRAY(a, TfFunctionInfo, in->tracer->ntf_functions + 1);
    int n = 0;
    for (int i = 0; i < in->tracer->ntf_functions; i++) {
        const TfFunction *tf = in->tracer->tf_functions[i];
        if (!tf->ntraces) continue;
        TraceInfo *traces = ARENA_ARRAY(a, TraceInfo, tf->ntraces);
        for (int k = 0; k < tf->ntraces; k++) {
            const ConcreteFunction *cf = tf->traces[k];
            traces[k] = (TraceInfo){
                .index = cf->index,
                .call = arena_printf(a, "%s(%s)", tf->name, cf->args_text ? cf->args_text : ""),
                .func_name = cf->func->name,
                .signature = cf->func->signature ? cf->func->signature : "()",
                .traced_at = cf->traced_at,
                .reason = cf->reason,
                .nops = count_ops(cf->func->body)};
        }
        TraceCallInfo *calls = ARENA_ARRAY(a, TraceCallInfo, tf->ncalls_logged + 1);
        for (int k = 0; k < tf->ncalls_logged; k++) {
            const TfCall *c = &tf->calls[k];
            calls[k] = (TraceCallInfo){c->at, c->trace->index, c->traced, c->nested, c->concrete};
        }
        fs[n++] = (TfFunctionInfo){tf->name, tf->python_function->fn->def->loc, traces,
                                   tf->ntraces, calls, tf->ncalls_logged};
    }
    return (TraceSummary){.functions = fs, .nfunctions = n};
}
