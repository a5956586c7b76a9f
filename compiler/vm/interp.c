/* interp.c — the VM's life (vm_new, vm_run_module) and its error reporting. */
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

const char *vm_intern(Interp *in, const char *s) { return arena_intern_cstr(in->arena, s); }

bool vm_is_library_file(Interp *in, const SourceFile *file) {
    if (!file) return true;
    for (int i = 0; i < in->nmodules; i++)
        if (in->modules[i]->file == file) return in->modules[i]->is_library;
    return false;
}

SrcLoc vm_op_loc(Interp *in, SrcLoc loc) {
    return vm_is_library_file(in, loc.file) && in->user_loc.file ? in->user_loc : loc;
}

/* A build error: reported now, with the host's notes (the tf.function calls that led
   here). */
static void report(Interp *in, SrcLoc loc, const char *msg) {
    in->exc = NULL;
    diag_error(in->diag, vm_op_loc(in, loc), "%s", msg);
    if (in->hooks.error_notes) in->hooks.error_notes(in);
}

void vm_report_error(Interp *in, SrcLoc loc, const char *msg) { report(in, loc, msg); }

/* The text is never read for a class: an error a script may catch is vm_raise's. */
Value *vm_error(Interp *in, SrcLoc loc, const char *fmt, ...) {
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

Value *vm_raise(Interp *in, ExcKind kind, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vraise(in, kind, loc, fmt, ap);
    va_end(ap);
    return NULL;
}

Value *vm_type_error(Interp *in, SrcLoc loc, const char *fmt, ...) {
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
    [WARN_NON_FLOAT_GRADIENT] = "non-float-gradient",
    [WARN_RUN_EAGERLY] = "run-eagerly",
    [WARN_UNSAVED_WEIGHT] = "unsaved-weight",
    [WARN_PRINT_TRACED_TENSOR] = "print-traced-tensor",
};

void vm_warning(Interp *in, WarningKind kind, SrcLoc loc, const char *fmt, ...) {
    if (in->opt->disabled_warnings[kind]) return;
    va_list ap;
    va_start(ap, fmt);
    const char *msg = arena_vprintf(in->arena, fmt, ap);
    va_end(ap);
    diag_warning_flag(in->diag, vm_op_loc(in, loc), warning_names[kind],
                      in->opt->error_warnings[kind], msg);
}

SrcLoc vm_pending_loc(const Interp *in) { return in->stmt_loc.file ? in->stmt_loc : in->user_loc; }

/* The depth guard's error (ValueDepthGuard.too_deep): raised once, where the
   comparison or repr runs. */
static void vm_too_deep(void *ctx, const char *what) {
    Interp *in = ctx;
    if (in->exc) return;
    SrcLoc loc = vm_pending_loc(in);
    vm_raise(in, EXC_RECURSION_ERROR, loc, "maximum recursion depth exceeded%s", what);
}

Value *vm_not_supported(Interp *in, SrcLoc loc, const char *what) {
    return vm_raise(in, EXC_NOT_SUPPORTED_YET, loc, "%s", what);
}

const char *vm_phase(const Interp *in) {
    return in->opt->phase ? in->opt->phase : "at build time";
}

Interp *vm_new(Arena *arena, Diag *diag, const VmOptions *opt, const SourceFile *main_file) {
    Interp *in = ARENA_NEW(arena, Interp);
    in->arena = arena;
    in->diag = diag;
    in->opt = opt;
    value_set_depth_guard((ValueDepthGuard){&in->depth, INTERP_MAX_DEPTH, vm_too_deep, in});
    dunders_install(in);
    builtins_install(in);
    object_class_install(in);
    exceptions_install(in);
    class_builtins_install(in);
    in->main_module = pymodule_create(in, "__main__", main_file, false);
    return in;
}

/* A module's body, run on a big stack (arena_run_on_big_stack): Python recursion goes
   INTERP_MAX_DEPTH calls deep, AutoGraph's nested functions besides. */
typedef struct TopLevel {
    Interp *in;
    PyModule *module;
    const Node *ast;
    bool ok;
} TopLevel;

static void run_top_level(void *p) {
    TopLevel *t = p;
    jmp_buf out_of_memory;
    t->ok = false;
    /* budget.c jumps here after reporting the memory limit, already located. */
    if (setjmp(out_of_memory)) return;
    t->in->budget.escape = &out_of_memory;
    t->ok = exec_module(t->in, t->module, t->ast) && !diag_has_errors(t->in->diag);
    if (t->ok && t->module == t->in->main_module && t->in->hooks.after_main)
        t->ok = t->in->hooks.after_main(t->in) && !diag_has_errors(t->in->diag);
    t->in->budget.escape = NULL;
    if (!t->ok) report_uncaught(t->in);
}

bool vm_run_module(Interp *in, PyModule *m, const Node *ast) {
    TopLevel t = {in, m, ast, false};
    budget_begin(in, &in->budget, in->opt->max_steps);
    arena_run_on_big_stack(run_top_level, &t, INTERP_STACK_BYTES);
    in->budget.escape = NULL;
    budget_end(&in->budget);
    return t.ok;
}
