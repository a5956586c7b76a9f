/* interp.c — the interpreter's entry point and its error reporting. */
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include "interp_internal.h"

const char *interp_intern(Interp *in, const char *s) { return arena_intern_cstr(in->arena, s); }

bool interp_is_library_file(Interp *in, const SourceFile *file) {
    if (!file) return true;
    for (int i = 0; i < in->nmodules; i++)
        if (in->modules[i]->file == file) return in->modules[i]->is_library;
    return false;
}

SrcLoc interp_op_loc(Interp *in, SrcLoc loc) {
    return interp_is_library_file(in, loc.file) && in->user_loc.file ? in->user_loc : loc;
}

/* A build error: reported now, with the tf.function calls that led here. */
static void report(Interp *in, SrcLoc loc, const char *msg) {
    in->exc = NULL;
    diag_error(in->diag, interp_op_loc(in, loc), "%s", msg);
    for (const CallChain *c = in->builder.chain; c; c = c->parent)
        diag_note(in->diag, c->call_loc, "traced from the call to '%s' here", c->callee_name);
}

/* The text is never read for a class: an error a script may catch is interp_raise's. */
Value *interp_error(Interp *in, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(in, loc, arena_vprintf(in->arena, fmt, ap));
    va_end(ap);
    return NULL;
}

static Value *vraise(Interp *in, ExcKind kind, SrcLoc loc, const char *fmt, va_list ap) {
    const char *msg = arena_vprintf(in->arena, fmt, ap);
    if (kind == EXC_NOT_SUPPORTED_YET) {
        report(in, loc, arena_printf(in->arena, "not supported yet: %s", msg));
        return NULL;
    }
    Value *arg = value_cstr(in->arena, msg);
    return raise_new(in, kind, &arg, 1, loc);
}

Value *interp_raise(Interp *in, ExcKind kind, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vraise(in, kind, loc, fmt, ap);
    va_end(ap);
    return NULL;
}

Value *interp_type_error(Interp *in, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vraise(in, EXC_TYPE_ERROR, loc, fmt, ap);
    va_end(ap);
    return NULL;
}

const char *const warning_names[WARN__COUNT] = {
    [WARN_RETRACING] = "retracing",
    [WARN_LARGE_UNROLLED_LOOP] = "large-unrolled-loop",
    [WARN_TRACE_SIDE_EFFECT] = "trace-side-effect",
};

void interp_warning(Interp *in, WarningKind kind, SrcLoc loc, const char *fmt, ...) {
    if (in->opt->disabled_warnings[kind]) return;
    va_list ap;
    va_start(ap, fmt);
    const char *msg = arena_vprintf(in->arena, fmt, ap);
    va_end(ap);
    diag_warning(in->diag, interp_op_loc(in, loc), "%s [-W%s]", msg, warning_names[kind]);
}

/* The builder's errors come with their kind (the graph and exec modules know nothing
   of Python's classes): the kind picks the class, the message is only text. */
void interp_builder_error(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg) {
    Interp *in = ctx;
    if (kind == BUILD_ERROR_UNSUPPORTED) {
        report(in, loc, msg);
        return;
    }
    /* As TensorFlow: a bad shape or dtype found building a graph is a ValueError; an
       op that fails as it runs (any op, eagerly) an InvalidArgumentError. */
    bool graph = kind == BUILD_ERROR_SHAPE && !in->builder.exec;
    interp_raise(in, graph ? EXC_VALUE_ERROR : EXC_INVALID_ARGUMENT_ERROR, loc, "%s", msg);
}

SrcLoc interp_pending_loc(const Interp *in) {
    return in->stmt_loc.file ? in->stmt_loc : in->user_loc;
}

/* The depth guard's error (ValueDepthGuard.too_deep): raised once, where the
   comparison or repr runs. */
static void interp_too_deep(void *ctx, const char *what) {
    Interp *in = ctx;
    if (in->exc) return;
    SrcLoc loc = interp_pending_loc(in);
    interp_raise(in, EXC_RECURSION_ERROR, loc, "maximum recursion depth exceeded%s", what);
}

Value *interp_not_supported(Interp *in, SrcLoc loc, const char *what) {
    return interp_raise(in, EXC_NOT_SUPPORTED_YET, loc, "%s", what);
}

/* The interpreter set up to run script's top level (AutoGraph's converted tree) as
   the program function. */
static Interp *interp_start(Arena *arena, Diag *diag, const Node *script, const InterpOptions *opt,
                            bool eager) {
    Interp *in = ARENA_NEW(arena, Interp);
    in->arena = arena;
    in->diag = diag;
    in->opt = opt;
    const SourceFile *file = script->module.file;
    in->module = module_new(arena, file->path);
    Func *program = func_new(in->module, "main", FUNC_PROGRAM, script->loc);
    in->builder = (Builder){.module = in->module,
                            .region = program->body,
                            .diag = diag,
                            .chain = NULL,
                            .on_error = interp_builder_error,
                            .on_error_ctx = in};
    if (eager) {
        in->eager = eager_new(in->module, opt->argc, opt->argv);
        in->builder.exec = eager_executor(in->eager);
    }
    value_set_depth_guard((ValueDepthGuard){&in->depth, INTERP_MAX_DEPTH, interp_too_deep, in});
    dunders_install(in);
    builtins_install(in);
    object_class_install(in);
    exceptions_install(in);
    class_builtins_install(in);
    value_types_install(in);
    in->main_module = module_create(in, "__main__", file, false);
    return in;
}

/* The script's top level, run on a big stack (arena_run_on_big_stack): Python
   recursion goes INTERP_MAX_DEPTH calls deep, AutoGraph's nested functions besides. */
typedef struct TopLevel {
    Interp *in;
    const Node *script;
    bool ok;
} TopLevel;

static void run_top_level(void *p) {
    TopLevel *t = p;
    jmp_buf out_of_memory;
    t->ok = false;
    /* budget.c jumps here after reporting the memory limit, already located. */
    if (setjmp(out_of_memory)) return;
    t->in->budget.escape = &out_of_memory;
    t->ok = exec_module(t->in, t->in->main_module, t->script) && !diag_has_errors(t->in->diag);
    t->in->budget.escape = NULL;
    if (!t->ok) report_uncaught(t->in);
}

static bool run_script(Interp *in, const Node *script) {
    TopLevel t = {in, script, false};
    budget_begin(in, &in->budget, in->opt->max_steps);
    arena_run_on_big_stack(run_top_level, &t, INTERP_STACK_BYTES);
    in->budget.escape = NULL;
    budget_end(&in->budget);
    return t.ok;
}

Module *interp_trace_program(Arena *arena, Diag *diag, const Node *script,
                             const InterpOptions *opt) {
    Interp *in = interp_start(arena, diag, script, opt, false);
    if (!run_script(in, script)) return NULL;
    if (opt->trace_report) trace_report_print(in, opt->trace_report);
    region_set_results(in->module, in->module->funcs[0]->body, NULL, 0);
    return in->module;
}

int interp_run_eager(Arena *arena, Diag *diag, const Node *script, const InterpOptions *opt) {
    Interp *in = interp_start(arena, diag, script, opt, true);
    if (opt->declared_flags) {
        int rc = eager_check_flags(in->eager, opt->declared_flags);
        if (rc >= 0) {
            eager_finish(in->eager);
            return rc;
        }
    }
    bool ok = run_script(in, script);
    fflush(opt->out);
    /* Every tensor is released, even after an error. */
    int rc = eager_finish(in->eager);
    return !ok ? 1 : rc;
}
