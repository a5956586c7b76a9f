/* tracer.c — the tracer's life: a VM with the tracer plugged into its hooks, the
 * program function its top level is traced into (or the executor eager mode runs
 * each op on), the builder's errors as TensorFlow's exceptions, and the binding of
 * the _ingot primitives the other files define (prims_install). */
#include <string.h>

#include "eager_values.h"
#include "function.h"
#include "tracer_internal.h"

/* The builder's errors come with their kind (the graph and exec modules know nothing
   of Python's classes): the kind picks the class, the message is only text. */
void tracer_builder_error(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg) {
    Interp *in = ctx;
    if (kind == BUILD_ERROR_UNSUPPORTED) {
        vm_report_error(in, loc, msg);
        return;
    }
    /* As TensorFlow: a bad shape or dtype found building a graph is a ValueError; an
       op that fails as it runs (any op, eagerly) an InvalidArgumentError. */
    bool graph = kind == BUILD_ERROR_SHAPE && !in->tracer->builder.exec;
    vm_raise(in, graph ? EXC_VALUE_ERROR : EXC_INVALID_ARGUMENT_ERROR, loc, "%s", msg);
}

void tracer_set_tracing(Interp *in, const TfFunction *tf) {
    in->tracer->tracing = tf;
    in->watch_stores = tf != NULL;
}

/* ---- The VM's hooks ------------------------------------------------------------------ */

/* Eager mode: the tensors no value holds any more are released between statements. */
static void on_statement(Interp *in) {
    if (in->tracer->eager) eager_safe_point(in->tracer->eager);
}

static void on_store(Interp *in, Env *env, const VmStore *store, SrcLoc loc) {
    /* Storing a tf.Variable made on the first trace is TensorFlow's accepted pattern
       (`if self.v is None: self.v = tf.Variable(...)`): not a pitfall. */
    if (store->value && store->value->kind == VAL_VARIABLE) return;
    side_effect_check(in, env, store, loc);
}

/* An error inside a trace: the tf.function calls that led to it. */
static void on_error_notes(Interp *in) {
    for (const CallChain *c = in->tracer->builder.chain; c; c = c->parent)
        diag_note(in->diag, c->call_loc, "traced from the call to '%s' here", c->callee_name);
}

/* What a caught exception puts back: where ops go and the trace under way, as they
   were when the try statement ran. */
typedef struct TracerState {
    Builder builder;
    const RegionScope *open_regions;
    const TfFunction *tracing;
    CaptureList *captures;
} TracerState;

_Static_assert(sizeof(TracerState) <= sizeof(VmHostState), "VmHostState too small for the tracer");

static void on_save(const Interp *in, VmHostState *state) {
    const Tracer *t = in->tracer;
    TracerState s = {t->builder, t->open_regions, t->tracing, t->captures};
    memcpy(state->bytes, &s, sizeof s);
}

static void on_restore(Interp *in, const VmHostState *state) {
    TracerState s;
    memcpy(&s, state->bytes, sizeof s);
    Tracer *t = in->tracer;
    t->builder = s.builder;
    t->open_regions = s.open_regions;
    t->captures = s.captures;
    tracer_set_tracing(in, s.tracing);
}

/* Formatting a tensor: a symbolic one shows a symbol (a warning); an eager one formats
   as its NumPy value, as EagerTensor.__format__ does (f"{t:.2f}" of a scalar). */
static Value *on_format(Interp *in, Value *v, SrcLoc loc) {
    format_check(in, v, loc);
    if (v->kind == VAL_TENSOR && v->tensor.concrete) return concrete_numpy(in, v, loc);
    return v;
}

static PyModule *native_module(Interp *in, const char *dotted) {
    return strcmp(dotted, "_ingot") == 0 ? ingot_primitives_module(in) : NULL;
}

/* print() at build time: the warning for a traced tensor, and for ingot explain where
   the text starts and which script line printed it. */
static void on_print(Interp *in, const CallArgs *args, SrcLoc loc) {
    print_check(in, args, loc);
    TraceSummary *s = in->tracer->opt->summary;
    SrcLoc at = vm_op_loc(in, loc);
    if (!s || !at.file || strcmp(at.file->path, in->tracer->module->source_path) != 0) return;
    long offset = ftell(in->opt->out);
    if (offset < 0) return;
    if (s->nprints == s->prints_cap) {
        int cap = s->prints_cap ? 2 * s->prints_cap : 16;
        s->prints = arena_grow(in->arena, s->prints, sizeof *s->prints, (size_t)s->nprints,
                               (size_t)cap);
        s->prints_cap = cap;
    }
    s->prints[s->nprints++] = (AstLineMark){(size_t)offset, at.line};
}

/* ---- Entry points -------------------------------------------------------------------- */

/* A VM and tracer set up to run script's top level (AutoGraph's converted tree) as the
   program function; eager: every op runs at once. */
static Interp *tracer_start(Arena *arena, Diag *diag, const Node *script,
                            const TracerOptions *opt, bool eager) {
    const SourceFile *file = script->module.file;
    Interp *in = vm_new(arena, diag, &opt->vm, file);
    Tracer *t = ARENA_NEW(arena, Tracer);
    in->tracer = t;
    in->hooks = (VmHooks){.statement = on_statement,
                          .store = on_store,
                          .print = on_print,
                          .format = on_format,
                          .error_notes = on_error_notes,
                          .save = on_save,
                          .restore = on_restore,
                          .native_module = native_module,
                          .after_main = opt->library && !eager ? library_collect : NULL};
    t->opt = opt;
    t->module = module_new(arena, file->path);
    Func *program = func_new(t->module, "main", FUNC_PROGRAM, script->loc);
    t->builder = (Builder){.module = t->module,
                           .region = program->body,
                           .diag = diag,
                           .chain = NULL,
                           .on_error = tracer_builder_error,
                           .on_error_ctx = in,
                           .observe = tape_observe,
                           .observe_ctx = in};
    if (eager) {
        t->eager = eager_new(t->module, opt->argc, opt->argv);
        t->builder.exec = eager_executor(t->eager);
    }
    value_types_install(in);
    return in;
}

Module *tracer_trace_program(Arena *arena, Diag *diag, const Node *script,
                             const TracerOptions *opt) {
    Interp *in = tracer_start(arena, diag, script, opt, false);
    if (!vm_run_module(in, in->main_module, script)) return NULL;
    Tracer *t = in->tracer;
    if (opt->trace_report) trace_report_print(in, opt->trace_report);
    if (opt->summary) { /* (its prints were recorded as the script ran) */
        TraceSummary traced = trace_summary(in);
        opt->summary->functions = traced.functions;
        opt->summary->nfunctions = traced.nfunctions;
    }
    region_set_results(t->module, t->module->funcs[0]->body, NULL, 0);
    /* A gradient may have given a function results after some calls of it were made. */
    module_sync_calls(t->module);
    return t->module;
}

int tracer_run_eager(Arena *arena, Diag *diag, const Node *script, const TracerOptions *opt) {
    /* The limits' errors say when the script ran. */
    TracerOptions *eager_opt = ARENA_NEW(arena, TracerOptions);
    *eager_opt = *opt;
    eager_opt->vm.phase = "in eager mode";
    Interp *in = tracer_start(arena, diag, script, eager_opt, true);
    EagerContext *ec = in->tracer->eager;
    if (opt->declared_flags) {
        int rc = eager_check_flags(ec, opt->declared_flags);
        if (rc >= 0) {
            eager_finish(ec);
            return rc;
        }
    }
    bool ok = vm_run_module(in, in->main_module, script);
    fflush(opt->vm.out);
    /* Every tensor is released, even after an error. */
    int rc = eager_finish(ec);
    return !ok ? 1 : rc;
}

void prims_install(Interp *in, PyModule *m, const PrimDef *prims, size_t n, Value *self) {
    for (size_t i = 0; i < n; i++)
        env_set_local(in, m->globals, vm_intern(in, prims[i].name),
                      value_builtin(in->arena, prims[i].name, prims[i].fn, self));
}
