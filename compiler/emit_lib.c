/* emit_lib.c — a library's header and entry points (emit_lib.h). The C they make is
 * plain text around calls into ingot/lib.h, which does the checking and bookkeeping
 * once, in the runtime, rather than in every library.
 * Memory owner: scratch memory from the caller's Arena; the text goes to a FILE. */
#include "emit_lib.h"

#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "irtext.h"

bool emit_lib_name_is_valid(const char *name) {
    /* C11's keywords and the names the library's C uses itself. */
    static const char *const taken[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
        "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
        "_Complex", "_Imaginary", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn",
        "_Static_assert", "_Thread_local", EMIT_LIB_MODEL, "init", "program", "main", "API",
        EMIT_LIB_INIT_FUNC, "call_failed", "m", "trap", "args", "results", "params", "dtype",
        "inputs", "outputs", "path", "bool", "true", "false", "NULL", "size_t", "int8_t",
        "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "FILE", "jmp_buf", "setjmp", "longjmp", "errno", "assert", "offsetof", "calloc",
        "malloc", "realloc", "free", "abort", "exit", "div", "abs", "labs", "rand", "qsort",
        "printf", "fprintf", "snprintf", "puts", "remove", "rename", "memcpy", "memset",
        "memcmp", "strlen", "strcmp", "strcpy", "time", "clock", "signal", "raise", "sin", "cos",
        "tan", "tanh", "exp", "log", "sqrt", "pow", "floor", "ceil", "round", "fabs", "fmin",
        "fmax", "INFINITY", "NAN", "err", "errlen", "weights_path"};
    if (!c_identifier_spelling(name) || strlen(name) > 64) return false;
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        if (strcmp(name, taken[i]) == 0) return false;
    /* The runtime's names, and the traces' ("predict__1"): a NAME with "__" could
       meet one. */
    return strncasecmp(name, "ig", 2) != 0 && strstr(name, "__") == NULL;
}

static const char *upper(Arena *a, const char *s) {
    char *u = arena_strdup(a, s);
    for (char *p = u; *p; p++) *p = (char)toupper((unsigned char)*p);
    return u;
}

/* A C string literal of ASCII text (TensorSpecs, names). */
static const char *c_literal(Arena *a, const char *s) {
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_putc(&sb, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') strbuf_putc(&sb, '\\');
        if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f) strbuf_putc(&sb, *s);
        else strbuf_printf(&sb, "\\%03o", (unsigned char)*s);
    }
    strbuf_putc(&sb, '"');
    return strbuf_cstr(&sb);
}

/* Text inside a C comment: a "*" "/" pair (a TensorSpec's name may hold one) split. */
static const char *comment_safe(Arena *a, const char *s) {
    StrBuf sb;
    strbuf_init(&sb, a);
    for (; *s; s++) {
        strbuf_putc(&sb, *s);
        if ((s[0] == '*' && s[1] == '/') || (s[0] == '/' && s[1] == '*')) strbuf_putc(&sb, ' ');
    }
    return strbuf_cstr(&sb);
}

/* The runtime's IgDType and the header's NAME_dtype constant suffix. */
static const char *const rt_dtype[] = {
    [DT_BOOL] = "IG_BOOL",       [DT_INT32] = "IG_INT32",     [DT_INT64] = "IG_INT64",
    [DT_FLOAT32] = "IG_FLOAT32", [DT_FLOAT64] = "IG_FLOAT64", [DT_STRING] = "IG_STRING",
};
_Static_assert(sizeof rt_dtype / sizeof rt_dtype[0] == DT__COUNT, "one IgDType per DType");

/* ---- NAME.h ------------------------------------------------------------------------- */

/* The comment above one entry point: its Python signature, where it was traced, and
 * its inputs and outputs by index. */
static void header_export_doc(FILE *out, Arena *a, const ModuleExport *x) {
    const Region *r = x->func->body;
    fprintf(out, "/* %s(", x->name);
    for (int i = 0; i < r->nparams; i++)
        fprintf(out, "%s%s", i ? ", " : "", x->param_names[i]);
    fprintf(out, "), from %s:%d.\n", x->loc.file ? irtext_basename(x->loc.file->path) : "?",
            x->loc.line);
    for (int i = 0; i < r->nparams; i++)
        fprintf(out, " *   inputs[%d]   %s: %s\n", i, x->param_names[i],
                comment_safe(a, x->param_specs[i]));
    for (int i = 0; i < r->nresults; i++) {
        const TensorType *t = &r->results[i]->type;
        fprintf(out, " *   outputs[%d]  %s, shape %s\n", i, dtype_name(t->dtype),
                shape_tuple_text(a, &t->shape));
    }
    if (r->nresults == 0) fputs(" *   no outputs\n", out);
    fputs(" */\n", out);
}

/* The usage example's input and call: the first export of one input, its unknown dims
 * 2 (a placeholder FUNCTION of a float32 [2, 4] when there is none). */
typedef struct Example {
    const char *fn, *ctype, *dtype, *dims, *array;
    int rank;
    int noutputs;
} Example;

static Example example_of(Arena *a, const Module *m) {
    Example ex = {"FUNCTION", "float", "FLOAT32", "{2, 4}", "x[2][4]", 2, 1};
    const ModuleExport *x = NULL;
    for (int i = 0; i < m->nexports && !x; i++)
        if (m->exports[i].func->body->nparams == 1) x = &m->exports[i];
    if (x == NULL) return ex;
    ex.fn = x->name;
    ex.noutputs = x->func->body->nresults > 0 ? x->func->body->nresults : 1;
    static const char *const ctypes[] = {[DT_BOOL] = "uint8_t", [DT_INT32] = "int32_t",
                                         [DT_INT64] = "int64_t", [DT_FLOAT32] = "float",
                                         [DT_FLOAT64] = "double", [DT_STRING] = "char"};
    const TensorType *t = &x->func->body->params[0]->type;
    ex.ctype = ctypes[t->dtype];
    ex.dtype = upper(a, dtype_name(t->dtype));
    ex.rank = t->shape.rank;
    StrBuf dims, array;
    strbuf_init(&dims, a);
    strbuf_init(&array, a);
    strbuf_puts(&dims, "{");
    strbuf_puts(&array, "x");
    for (int d = 0; d < t->shape.rank; d++) {
        int64_t n = t->shape.dims[d] == DIM_UNKNOWN ? 2 : t->shape.dims[d];
        strbuf_printf(&dims, "%s%" PRId64, d ? ", " : "", n);
        strbuf_printf(&array, "[%" PRId64 "]", n);
    }
    strbuf_puts(&dims, t->shape.rank == 0 ? "0}" : "}");
    if (t->shape.rank == 0) strbuf_puts(&array, "[1]");
    ex.dims = strbuf_cstr(&dims);
    ex.array = strbuf_cstr(&array);
    return ex;
}

void emit_lib_header(FILE *out, Arena *a, const Module *m, const char *name,
                     const char *script_name) {
    const char *up = upper(a, name);
    Example ex = example_of(a, m);
    fprintf(out,
            "/* %s.h \xe2\x80\x94 the C API of %s, a model compiled by ingot %s from %s.\n"
            " * Generated: do not edit. Compile and link with `pkg-config --cflags --libs %s`.\n"
            " *\n"
            " * A %s is a model: its weights (the script's variables) and what its last call\n"
            " * returned. %s_new reads the weights from a safetensors checkpoint, whose\n"
            " * tensors are named as tf.train.Checkpoint(**roots) names them, the roots\n"
            " * being the script's top-level variables and tf.Module/Keras objects by their\n"
            " * global names (\"model/dense/kernel\"); a NULL path starts from the weights\n"
            " * built in (the variables' initial values). Each exported function takes its\n"
            " * inputs in the order of its input_signature and writes its outputs in the\n"
            " * order of its returned tuple.\n"
            " *\n"
            " * Inputs are the caller's: row-major, used in place (not copied), only read.\n"
            " * Outputs are filled by the call; their data belongs to the model and stays\n"
            " * valid until the next call on the same model returns (so an output may be\n"
            " * passed back in as an input), or %s_delete.\n"
            " * A call returns 0, or non-zero with %s_last_error saying what was wrong, in\n"
            " * the script's words: an input of the wrong dtype, rank or dimension names the\n"
            " * argument and its TensorSpec; an error while running names the script line.\n"
            " * Models are independent: two models may be used at once from two threads\n"
            " * (one model by one thread at a time).\n"
            " *\n"
            " * Example:\n"
            " *     char err[256];\n"
            " *     %s *m = %s_new(\"weights.safetensors\", err, sizeof err);\n"
            " *     if (m == NULL) { fprintf(stderr, \"%%s\\n\", err); return 1; }\n"
            " *     %s %s = {0};\n"
            " *     %s_tensor in = {%s_%s, %d, %s, x}, out[%d];\n"
            " *     if (%s_%s(m, &in, out) != 0)\n"
            " *         fprintf(stderr, \"%%s\\n\", %s_last_error(m));\n"
            " *     else\n"
            " *         printf(\"%%d dims\\n\", out[0].rank);\n"
            " *     %s_delete(m);\n"
            " */\n",
            name, name, INGOT_VERSION, irtext_basename(script_name), name, name, name, name,
            name, name, name, ex.ctype, ex.array, name, up, ex.dtype, ex.rank, ex.dims,
            ex.noutputs, name, ex.fn, name, name);
    fprintf(out, "#ifndef %s_H\n#define %s_H\n\n", up, up);
    fputs("#include <stddef.h>\n#include <stdint.h>\n\n", out);
    fputs("#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", out);
    fprintf(out, "typedef struct %s %s;\n\n", name, name);
    fprintf(out,
            "typedef enum { %s_FLOAT32, %s_FLOAT64, %s_INT32, %s_INT64,\n"
            "               %s_BOOL, %s_UINT8 } %s_dtype;\n\n",
            up, up, up, up, up, up, name);
    fprintf(out,
            "/* A tensor: dtype, rank (0 to 8), dims[0..rank-1], row-major data (bool: one "
            "byte\n   per element). */\n"
            "typedef struct { %s_dtype dtype; int rank; int64_t dims[8]; void *data; } "
            "%s_tensor;\n\n",
            name, name);
    fprintf(out,
            "/* A new model, its weights read from weights_path (NULL: the weights built in);\n"
            "   NULL on error, with the reason in err[0..errlen-1]. */\n"
            "%s *%s_new(const char *weights_path, char *err, size_t errlen);\n"
            "/* Frees the model and its outputs. */\n"
            "void %s_delete(%s *m);\n"
            "/* What the last failed call on m said (\"\" after a call that succeeded). */\n"
            "const char *%s_last_error(const %s *m);\n\n",
            name, name, name, name, name, name);
    for (int i = 0; i < m->nexports; i++) {
        header_export_doc(out, a, &m->exports[i]);
        fprintf(out, "int %s_%s(%s *m, const %s_tensor *inputs, %s_tensor *outputs);\n\n", name,
                m->exports[i].name, name, name, name);
    }
    fputs("#ifdef __cplusplus\n}\n#endif\n\n", out);
    fprintf(out, "#endif /* %s_H */\n", up);
}

/* ---- the entry points ---------------------------------------------------------------- */

void emit_lib_includes(FILE *out, const char *name) {
    fputs("#include <ingot/lib.h>\n#include <setjmp.h>\n#include <stdio.h>\n#include <stdlib.h>\n",
          out);
    fprintf(out, "\n#include \"%s.h\"\n\n#define API __attribute__((visibility(\"default\")))\n",
            name);
}

/* call_failed(): after a run-time error inside a call, the tensors it had made are
 * freed (the variables' values stay: the model lives on) and its message is kept. */
static void emit_call_failed(FILE *out, const Module *m, const char *name) {
    fputs("\n/* After a run-time error inside a call: the tensors the call had made are freed,\n"
          "   the variables' values stay, and the message is kept for last_error. */\n",
          out);
    fprintf(out, "static void call_failed(%s *m, IgTrap *trap) {\n", name);
    if (m->nglobals > 0) {
        fputs("    IgTensor *keep[] = {", out);
        for (int i = 0; i < m->nglobals; i++)
            fprintf(out, "%sm->var_%s.value", i ? ", " : "", m->globals[i]->name);
        fprintf(out, "};\n    ig_trap_release_tensors(trap, keep, %d);\n", m->nglobals);
    } else {
        fputs("    ig_trap_release_tensors(trap, NULL, 0);\n", out);
    }
    fputs("    ig_trap_leave(trap);\n"
          "    ig_lib_copy_text(m->lib.error, sizeof m->lib.error, trap->message);\n}\n",
          out);
}

static void emit_new_delete(FILE *out, const Module *m, const char *name) {
    fprintf(out, "\nAPI void %s_delete(%s *m) {\n    if (m == NULL) return;\n", name, name);
    fputs("    ig_lib_release(&m->lib);\n    free(m->lib.held);\n", out);
    for (int i = 0; i < m->nglobals; i++)
        fprintf(out, "    ig_var_release(&m->var_%s);\n", m->globals[i]->name);
    fputs("    free(m);\n}\n", out);

    fprintf(out, "\nAPI const char *%s_last_error(const %s *m) {\n", name, name);
    fputs("    return m != NULL ? m->lib.error : \"no model (NULL)\";\n}\n", out);

    /* The parameters' names are the runtime's kind (ig_): a NAME cannot be one. */
    fprintf(out,
            "\nAPI %s *%s_new(const char *ig_weights_path, char *ig_err, size_t ig_errlen) {\n",
            name, name);
    fputs("    ig_runtime_thread_attach();\n", out);
    fprintf(out, "    %s *m = calloc(1, sizeof *m);\n", name);
    fputs("    if (m == NULL) {\n"
          "        ig_lib_copy_text(ig_err, ig_errlen, \"out of memory\");\n"
          "        return NULL;\n    }\n",
          out);
    for (int i = 0; i < m->nglobals; i++)
        fprintf(out, "    m->var_%s = (IgVar)IG_VAR(\"%s\");\n", m->globals[i]->name,
                m->globals[i]->name);
    /* Static: the trap changes after setjmp and is read after the jump, which C
       allows of a static object only; calls never nest on one thread. */
    fputs("    /* static: it changes after setjmp and is read after the jump; calls never nest "
          "*/\n    static _Thread_local IgTrap trap;\n    if (setjmp(trap.env) != 0) {\n",
          out);
    fprintf(out,
            "        call_failed(m, &trap);\n"
            "        if (ig_err != NULL && ig_errlen > 0)\n"
            "            snprintf(ig_err, ig_errlen, \"%s_new: %%s\", m->lib.error);\n"
            "        %s_delete(m);\n"
            "        return NULL;\n    }\n",
            name, name);
    fputs("    " EMIT_LIB_MODEL " = m;\n    ig_trap_enter(&trap);\n", out);
    if (m->nglobals > 0) fputs("    init();\n", out);
    fputs("    " EMIT_LIB_INIT_FUNC "();\n", out);
    if (m->restore) {
        fputs("    if (ig_weights_path != NULL) {\n"
              "        IgTensor *path = ig_lib_string(ig_weights_path);\n",
              out);
        fprintf(out, "        %s(path);\n        ig_release(path);\n    }\n", m->restore->name);
    } else {
        fputs("    (void)ig_weights_path;\n", out);
    }
    fputs("    ig_trap_leave(&trap);\n    ig_lib_copy_text(ig_err, ig_errlen, \"\");\n"
          "    return m;\n}\n",
          out);
}

/*     int NAME_fn(NAME *m, const NAME_tensor *inputs, NAME_tensor *outputs) {
 *         static const IgLibParam params[] = {...};
 *         ... each input checked and wrapped (ig_lib_input) ...
 *         ... the trace called under a trap (ig_trap_enter) ...
 *         ... each result handed to its output (ig_lib_output) ...
 *     } */
static void emit_export(FILE *out, Arena *a, const ModuleExport *x, const char *name) {
    const Region *r = x->func->body;
    int np = r->nparams, nr = r->nresults;
    fprintf(out, "\n/* %s(", x->name);
    for (int i = 0; i < np; i++) fprintf(out, "%s%s", i ? ", " : "", x->param_names[i]);
    fprintf(out, "): the trace %s(). */\n", x->func->name);
    fprintf(out, "API int %s_%s(%s *m, const %s_tensor *inputs, %s_tensor *outputs) {\n", name,
            x->name, name, name, name);
    if (np > 0) {
        /* Each parameter's dims (-1: None), then the table ig_lib_input checks against. */
        for (int i = 0; i < np; i++) {
            const TensorType *t = &r->params[i]->type;
            if (t->shape.rank == 0) continue;
            fprintf(out, "    static const int64_t dims%d[] = {", i);
            for (int d = 0; d < t->shape.rank; d++)
                fprintf(out, "%s%" PRId64, d ? ", " : "", t->shape.dims[d]);
            fputs("};\n", out);
        }
        fputs("    static const IgLibParam params[] = {\n", out);
        for (int i = 0; i < np; i++) {
            const TensorType *t = &r->params[i]->type;
            fprintf(out, "        {%s, %s, %d, %s,\n         %s},\n",
                    c_literal(a, x->param_names[i]), rt_dtype[t->dtype], t->shape.rank,
                    t->shape.rank ? arena_printf(a, "dims%d", i) : "NULL",
                    c_literal(a, x->param_specs[i]));
        }
        fputs("    };\n", out);
    }
    if (np == 0) fputs("    (void)inputs; /* no arguments */\n", out);
    if (nr == 0) fputs("    (void)outputs; /* no results */\n", out);
    fprintf(out, "    if (m == NULL) return 1;\n    ig_runtime_thread_attach();\n"
                 "    ig_lib_begin(&m->lib);\n");
    const char *fn = c_literal(a, x->name);
    if (np > 0 || nr > 0) {
        fprintf(out, "    if (%s) {\n", np > 0 && nr > 0 ? "inputs == NULL || outputs == NULL"
                                         : np > 0        ? "inputs == NULL"
                                                         : "outputs == NULL");
        fprintf(out, "        ig_lib_copy_text(m->lib.error, sizeof m->lib.error, %s);\n",
                c_literal(a, arena_printf(a, "%s: %s is NULL", x->name,
                                          np > 0 && nr > 0 ? "inputs or outputs"
                                          : np > 0         ? "inputs"
                                                           : "outputs")));
        fputs("        return 1;\n    }\n", out);
    }
    /* The inputs are wrapped under the trap: a tensor the call retains must be one
       the trap knows, so that an error frees it (ingot/rt.h, IgTrap). */
    if (np > 0) fprintf(out, "    IgTensor *args[%d];\n", np);
    if (nr > 0) fprintf(out, "    IgTensor *results[%d];\n", nr);
    fputs("    static _Thread_local IgTrap trap; /* static: as in NAME_new */\n"
          "    if (setjmp(trap.env) != 0) {\n        call_failed(m, &trap);\n"
          "        return 1;\n    }\n",
          out);
    fputs("    " EMIT_LIB_MODEL " = m;\n    ig_trap_enter(&trap);\n", out);
    if (np > 0) {
        fprintf(out, "    for (int i = 0; i < %d; i++) {\n", np);
        fprintf(out, "        args[i] = ig_lib_input(&m->lib, %s, &params[i], inputs[i].dtype, "
                     "inputs[i].rank,\n                               inputs[i].dims, "
                     "inputs[i].data);\n",
                fn);
        fputs("        if (args[i] == NULL) {\n"
              "            while (i-- > 0) ig_release(args[i]);\n"
              "            ig_trap_leave(&trap);\n"
              "            return 1;\n        }\n    }\n",
              out);
    }
    fputs("    ", out);
    StrBuf call;
    strbuf_init(&call, a);
    if (nr == 1) strbuf_puts(&call, "results[0] = ");
    strbuf_printf(&call, "%s(", x->func->name);
    for (int i = 0; i < np; i++) strbuf_printf(&call, "%sargs[%d]", i ? ", " : "", i);
    for (int i = 0; nr > 1 && i < nr; i++)
        strbuf_printf(&call, "%s&results[%d]", i || np ? ", " : "", i);
    fprintf(out, "%s);\n", strbuf_cstr(&call));
    if (np > 0) fprintf(out, "    for (int i = 0; i < %d; i++) ig_release(args[i]);\n", np);
    fputs("    ig_trap_leave(&trap);\n", out);
    /* Only now: an input may have been one of the previous call's outputs. */
    fputs("    ig_lib_release(&m->lib);\n", out);
    if (nr > 0) {
        fprintf(out, "    for (int i = 0; i < %d; i++) {\n        int dtype;\n", nr);
        fprintf(out, "        ig_lib_output(&m->lib, results[i], &dtype, &outputs[i].rank, "
                     "outputs[i].dims,\n                      &outputs[i].data);\n"
                     "        outputs[i].dtype = (%s_dtype)dtype;\n    }\n",
                name);
    }
    fputs("    return 0;\n}\n", out);
}

void emit_lib_entry_points(FILE *out, Arena *a, const Module *m, const char *name) {
    fputs("\n/* ---- the library's entry points (declared in its header) ---- */\n", out);
    emit_call_failed(out, m, name);
    emit_new_delete(out, m, name);
    for (int i = 0; i < m->nexports; i++) emit_export(out, a, &m->exports[i], name);
}
