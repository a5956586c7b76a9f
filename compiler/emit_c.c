/* emit_c.c — the C back end (STYLE.md "Emitted C"): a dumb walk that prints one
 * runtime call per IR node, with the script line above it and a static site struct,
 * and cond/while as structured if/while; the releases and retains come from the
 * liveness analysis (graph/liveness.c), nothing is decided here. Entry point: emit_c_module.
 * Memory owner: scratch memory from the caller's Arena; the text goes to a FILE. */
#include "emit_c.h"

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "config.h"
#include "emit_donate.h"
#include "emit_lib.h"
#include "emit_memplan.h"
#include "emit_scalar.h"
#include "ingot/size.h"
#include "irtext.h"
#include "kernel_call.h"
#include "liveness.h"

typedef struct Emitter {
    FILE *out;
    Arena *arena;
    const Module *m;
    const EmitOptions *opt;
    /* the function being emitted */
    const Func *f;
    const int *numbers;   /* IrValue.id -> dense number, as graph_print shows it */
    const Liveness *live;
    int next_site;        /* site numbers for instructions without outputs */
    int inst_index;       /* text-order index of the instruction, for live->after */
    const SourceFile *commented_file; /* the script line last shown in a comment, so */
    int commented_line;               /* several nodes from one line share one comment */
    /* A long function is emitted in parts (emit_func_in_parts): the part being
       written (-1: the function is whole), the part that defines each top-level value
       (IrValue.id -> part; -1 a parameter, INT_MAX a value inside a region), and the
       values kept in the frame struct because a later part uses them. */
    int part;
    int *def_part;
    bool *in_frame;
    /* The values kept as C scalars (emit_scalar.h), and for the instruction being
       written, the tensor each scalar input was boxed into (IrValue.id -> its name). */
    ScalarPlan plan;
    const char **boxed;
    /* With opt->donate, the donation plan of the function (emit_donate.h), and the
       input of the instruction being written that it donates, or -1. */
    DonatePlan donate;
    int donated_input;
    /* With opt->plan_memory, the function's memory plan (emit_memplan.h); its arena is
       the C variable `arena` when it has slots. */
    MemPlan memplan;
} Emitter;

/* Functions longer than this are emitted in parts (emit_func_in_parts). */
#define EMIT_SPLIT_INSTS 1000
#define EMIT_PART_INSTS 500

static const char *const ig_dtype_enum[] = {
    [DT_BOOL] = "IG_BOOL",       [DT_INT32] = "IG_INT32",     [DT_INT64] = "IG_INT64",
    [DT_FLOAT32] = "IG_FLOAT32", [DT_FLOAT64] = "IG_FLOAT64", [DT_STRING] = "IG_STRING",
};

static const char *const c_elem_type[] = {
    [DT_BOOL] = "bool",     [DT_INT32] = "int32_t", [DT_INT64] = "int64_t",
    [DT_FLOAT32] = "float", [DT_FLOAT64] = "double", [DT_STRING] = "char *",
};
_Static_assert(sizeof ig_dtype_enum / sizeof ig_dtype_enum[0] == DT__COUNT,
               "one IgDType name per DType");
_Static_assert(sizeof c_elem_type / sizeof c_elem_type[0] == DT__COUNT,
               "one C element type per DType");

/* ---- names and text --------------------------------------------------------------- */
/* A name short enough to append to a C name (t3_logits). */
static bool is_c_identifier(const char *s) {
    return c_identifier_spelling(s) && strlen(s) <= 40;
}

static ValueForm value_form(const Emitter *e, const IrValue *v) {
    return (ValueForm)e->plan.form[v->id];
}

/* IR %N becomes tN (a tensor) or vN (a C scalar), plus the Python name when it is a C
   identifier: t3_logits, v7_n. In a function emitted in parts, a value an earlier part
   made is read from the frame: fr->t3_logits. */
static const char *emit_c_name(const Emitter *e, const IrValue *v) {
    int n = e->numbers[v->id];
    IG_ASSERT(n >= 0);
    bool framed = e->part >= 0 && e->in_frame[v->id] && e->def_part[v->id] < e->part;
    const char *frame = framed ? "fr->" : "";
    char kind = value_form(e, v) == VALUE_SCALAR ? 'v' : 't';
    if (is_c_identifier(v->name_hint))
        return arena_printf(e->arena, "%s%c%d_%s", frame, kind, n, v->name_hint);
    return arena_printf(e->arena, "%s%c%d", frame, kind, n);
}

/* The value as a tensor: its variable, or for a C scalar the tensor it was boxed into
   for the instruction being written (box_scalar_inputs). */
static const char *emit_value_name(const Emitter *e, const IrValue *v) {
    if (value_form(e, v) == VALUE_SCALAR) {
        IG_ASSERT(e->boxed[v->id]);
        return e->boxed[v->id];
    }
    return emit_c_name(e, v);
}

/* A library's @main only sets variables (passes/library_init.c): named for that. */
static const char *emit_func_name(const Emitter *e, const Func *f) {
    if (f->kind != FUNC_PROGRAM) return f->name;
    return e->opt->lib_name ? EMIT_LIB_INIT_FUNC : "program";
}

/* How a site is declared: in a library, one per thread, as its cache (a oneDNN
 * primitive, a constant) is used by the thread's calls alone (emit_lib.h). */
static const char *site_storage(const Emitter *e) {
    return e->opt->lib_name ? "static _Thread_local" : "static";
}

/* Text inside a C comment: no comment delimiters, no trigraph or line-splice tricks. */
static void emit_comment_text(StrBuf *sb, const char *s) {
    for (; *s; s++) {
        if ((s[0] == '*' && s[1] == '/') || (s[0] == '/' && s[1] == '*') ||
            (s[0] == '?' && s[1] == '?')) {
            strbuf_putc(sb, s[0]);
            strbuf_putc(sb, ' ');
        } else if (*s == '\\' && s[1] == '\0') {
            strbuf_puts(sb, "\\ ");
        } else if ((unsigned char)*s >= 0x20 || *s == '\t') {
            strbuf_putc(sb, *s);
        }
    }
}

/* The text of the comment above a statement: "mnist.py:21  logits = tf.matmul(x, w)",
 * or just the place when the script line is unknown or blank. */
static const char *loc_comment(Emitter *e, const char *file, int line, const char *src_line) {
    StrBuf c;
    strbuf_init(&c, e->arena);
    strbuf_printf(&c, "%s:%d", irtext_basename(file), line);
    if (src_line && *src_line) {
        strbuf_puts(&c, "  ");
        emit_comment_text(&c, src_line);
    }
    return strbuf_cstr(&c);
}

/* A C string literal. */
static void emit_c_string(StrBuf *sb, const char *s) { irtext_quoted(sb, s, true); }

static const char *c_string(Emitter *e, const char *s) {
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    emit_c_string(&sb, s);
    return strbuf_cstr(&sb);
}

/* Exact literals: %.9g round-trips a float, %.17g a double. */
static void emit_float_literal(StrBuf *sb, double x, bool is_float32) {
    if (isnan(x)) {
        strbuf_puts(sb, is_float32 ? "(float)NAN" : "(double)NAN");
        return;
    }
    if (isinf(x)) {
        strbuf_puts(sb, x < 0 ? "-INFINITY" : "INFINITY");
        return;
    }
    char buf[40];
    snprintf(buf, sizeof buf, is_float32 ? "%.9g" : "%.17g", x);
    strbuf_puts(sb, buf);
    if (!strpbrk(buf, ".e")) strbuf_puts(sb, ".0");
    if (is_float32) strbuf_putc(sb, 'f');
}

static void emit_int_literal(StrBuf *sb, int64_t x, bool is_int64) {
    /* The most negative value has no literal: write it as an expression. */
    if (!is_int64 && x == INT32_MIN) strbuf_puts(sb, "(-2147483647 - 1)");
    else if (is_int64 && x == INT64_MIN) strbuf_puts(sb, "(-9223372036854775807LL - 1)");
    else
        strbuf_printf(sb, "%" PRId64 "%s", x,
                      is_int64 && (x > INT32_MAX || x < INT32_MIN) ? "LL" : "");
}

static void emit_element(StrBuf *sb, DType dt, const void *p) {
    switch (dt) {
    case DT_BOOL: strbuf_puts(sb, *(const bool *)p ? "true" : "false"); break;
    case DT_INT32: emit_int_literal(sb, *(const int32_t *)p, false); break;
    case DT_INT64: emit_int_literal(sb, *(const int64_t *)p, true); break;
    case DT_FLOAT32: emit_float_literal(sb, *(const float *)p, true); break;
    case DT_FLOAT64: emit_float_literal(sb, *(const double *)p, false); break;
    default: UNREACHABLE();
    }
}

/* The value as a C scalar: its variable, its literal, or a tensor's one element
   (ig_value_i64(t3)). */
static const char *emit_scalar_text(Emitter *e, const IrValue *v) {
    switch (value_form(e, v)) {
    case VALUE_SCALAR: return emit_c_name(e, v);
    case VALUE_LITERAL: {
        StrBuf sb;
        strbuf_init(&sb, e->arena);
        emit_element(&sb, v->type.dtype, attrs_get(&v->def->attrs, "value")->tensor->data);
        return strbuf_cstr(&sb);
    }
    case VALUE_TENSOR: break;
    }
    return arena_printf(e->arena, "ig_value_%s(%s)", scalar_suffix(v->type.dtype),
                        emit_c_name(e, v));
}

/* "2, (const int64_t[]){2, 3}" or "0, NULL": the rank and shape arguments. */
static const char *emit_shape_args(Emitter *e, const Shape *s) {
    if (s->rank == 0) return "0, NULL";
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    strbuf_printf(&sb, "%d, (const int64_t[]){", s->rank);
    for (int i = 0; i < s->rank; i++) strbuf_printf(&sb, "%s%" PRId64, i ? ", " : "", s->dims[i]);
    strbuf_putc(&sb, '}');
    return strbuf_cstr(&sb);
}

/* A variable's C name: "var_counter" for $counter (Global names are C-safe). */
static const char *emit_var_name(Emitter *e, const Global *g) {
    if (e->opt->lib_name) return arena_printf(e->arena, EMIT_LIB_MODEL "->var_%s", g->name);
    return arena_printf(e->arena, "var_%s", g->name);
}

/* ---- one instruction ------------------------------------------------------------ */
static void emit_indent(Emitter *e, int depth) {
    for (int i = 0; i < depth; i++) fputs("    ", e->out);
}

/* "IgTensor *t3_y = " for a one-output op, "" for none. */
static const char *emit_lhs(Emitter *e, const Inst *inst) {
    if (inst->noutputs != 1) return "";
    return arena_printf(e->arena, "IgTensor *%s = ", emit_value_name(e, inst->outputs[0]));
}

/* "static const float name[] = {...};" with c's elements, eight per line so big
   constants stay readable (the caller has written the indent). */
static void emit_const_array(Emitter *e, const char *name, const ConstData *c) {
    int64_t n = shape_num_elements(&c->shape);
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    for (int64_t i = 0; i < n; i++) {
        if (i > 0) strbuf_puts(&sb, i % 8 == 0 ? ",\n        " : ", ");
        emit_element(&sb, c->dtype, (const char *)c->data + (size_t)i * dtype_size(c->dtype));
    }
    fprintf(e->out, "static const %s %s[] = {%s%s};\n", c_elem_type[c->dtype], name,
            n > 8 ? "\n        " : "", strbuf_cstr(&sb));
}

static const char *emit_args(Emitter *e, const Inst *inst) {
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    for (int i = 0; i < inst->ninputs; i++)
        strbuf_printf(&sb, i == e->donated_input ? ", ig_donate(%s)" : ", %s",
                      emit_value_name(e, inst->inputs[i]));
    return strbuf_cstr(&sb);
}

/* ---- constants' data ----------------------------------------------------------------
 * A constant's elements are written into the C, at ~8 characters each: the 100 MB of a
 * tf.Variable(tf.zeros([5000, 5000])) made a 175 MB C file. Above EMIT_CONST_MAX_BYTES
 * of data, a constant made of few runs of equal elements (zeros, ones, an identity) is
 * written as its runs instead, and ig_constant_runs rebuilds it when the program runs.
 * Other large constants (no smaller form) are still written out whole. */
#define EMIT_CONST_MAX_BYTES ((int64_t)64 << 20)

/* How many runs of bitwise-equal elements c's data has, counting at most max + 1. */
static int64_t const_run_count(const ConstData *c, int64_t n, int64_t max) {
    size_t size = dtype_size(c->dtype);
    const char *d = c->data;
    int64_t runs = n > 0;
    for (int64_t i = 1; i < n && runs <= max; i++)
        if (memcmp(d + (size_t)i * size, d + (size_t)(i - 1) * size, size) != 0) runs++;
    return runs;
}

/* Writes the arrays c's call needs (indented by depth) and returns the call:
 * "ig_constant(site, dtype, shape, cNAME)", or ig_constant_runs over rNAME (run
 * lengths) and cNAME (one element per run) for a large constant of few runs. */
static const char *emit_const_call(Emitter *e, const char *site, const char *name,
                                   const ConstData *c, int depth) {
    int64_t n = shape_num_elements(&c->shape);
    const char *dt = ig_dtype_enum[c->dtype], *shape = emit_shape_args(e, &c->shape);
    size_t size = dtype_size(c->dtype);
    int64_t max_runs = EMIT_CONST_MAX_BYTES / (int64_t)(sizeof(int64_t) + size);
    int64_t nruns =
        n * (int64_t)size > EMIT_CONST_MAX_BYTES ? const_run_count(c, n, max_runs) : max_runs + 1;
    if (nruns <= max_runs) {
        int64_t *lengths = ARENA_ARRAY(e->arena, int64_t, nruns);
        char *values = arena_alloc(e->arena, (size_t)nruns * size);
        const char *d = c->data;
        for (int64_t i = 0, r = -1; i < n; i++) {
            if (i == 0 || memcmp(d + (size_t)i * size, d + (size_t)(i - 1) * size, size) != 0) {
                memcpy(values + (size_t)++r * size, d + (size_t)i * size, size);
                lengths[r] = 0;
            }
            lengths[r]++;
        }
        const char *rname = arena_printf(e->arena, "r%s", name),
                   *cname = arena_printf(e->arena, "c%s", name);
        ConstData lc = {.dtype = DT_INT64, .shape = shape_of(1, &nruns), .data = lengths};
        ConstData vc = {.dtype = c->dtype, .shape = shape_of(1, &nruns), .data = values};
        emit_indent(e, depth);
        emit_const_array(e, rname, &lc);
        emit_indent(e, depth);
        emit_const_array(e, cname, &vc);
        return arena_printf(e->arena, "ig_constant_runs(%s, %s, %s, %" PRId64 ", %s, %s)", site, dt,
                            shape, nruns, rname, cname);
    }
    const char *data = "NULL";
    if (n > 0) {
        emit_indent(e, depth);
        data = arena_printf(e->arena, "c%s", name);
        emit_const_array(e, data, c);
    }
    return arena_printf(e->arena, "ig_constant(%s, %s, %s, %s)", site, dt, shape, data);
}

static void emit_const(Emitter *e, const Inst *inst, int site, int depth) {
    const ConstData *c = attrs_get(&inst->attrs, "value")->tensor;
    const char *lhs = emit_lhs(e, inst);
    if (c->dtype == DT_STRING) {
        IG_ASSERT(c->shape.rank == 0);
        emit_indent(e, depth);
        fprintf(e->out, "%sig_string(&s%d, %s);\n", lhs, site,
                c_string(e, *(const char *const *)c->data));
        return;
    }
    const char *call = emit_const_call(e, arena_printf(e->arena, "&s%d", site),
                                       arena_printf(e->arena, "%d", site), c, depth);
    emit_indent(e, depth);
    fprintf(e->out, "%s%s;\n", lhs, call);
}

/* call, the C expression making inst's result, placed in its slot of the function's
 * arena when the memory plan has one for it: "IG_IN_SLOT(arena, 2, ig_matmul(...))". */
static const char *emit_placed(Emitter *e, const Inst *inst, const char *call) {
    int slot = inst->noutputs == 1 ? memplan_slot(&e->memplan, inst->outputs[0]) : -1;
    if (slot < 0) return call;
    return arena_printf(e->arena, "IG_IN_SLOT(arena, %d, %s)", slot, call);
}

static void emit_fill(Emitter *e, const Inst *inst, int site, int depth) {
    const Attr *dt = attrs_get(&inst->attrs, "dtype");
    const Attr *sh = attrs_get(&inst->attrs, "shape");
    const Attr *val = attrs_get(&inst->attrs, "value");
    StrBuf v;
    strbuf_init(&v, e->arena);
    emit_float_literal(&v, val->kind == ATTR_FLOAT ? val->f : (double)val->i, false);
    emit_indent(e, depth);
    fprintf(e->out, "%s%s;\n", emit_lhs(e, inst),
            emit_placed(e, inst, arena_printf(e->arena, "ig_fill(&s%d, %s, %s, %s)", site,
                                              ig_dtype_enum[dt->dtype],
                                              emit_shape_args(e, &sh->shape), strbuf_cstr(&v))));
}

static bool is_tensor(const void *ctx, const IrValue *v);

/* A fused elementwise op (compiler/passes/fuse_elementwise.c): its result, an input
 * written over when one dies here (ig_donate), then one loop over the elements:
 *     IgTensor *t12 = ig_elementwise_result(&s12, IG_FLOAT32, 1, (const int64_t[]){4},
 *                                           ig_donate(t8));
 *     {
 *         const float *x0 = t8->data;
 *         const float x2 = ig_value_f32(t5);
 *         float *y = t12->data;
 *         for (int64_t i = 0; i < 4; i++) y[i] = (x0[i] * 0.5f) + x2;
 *     }
 * The operands of the result's shape are read per element, 0-d ones once; with a row
 * operand (one value per last dim, x1[c]) the loop is two, over rows and columns. A
 * loop of IG_PARALLEL_MIN_ELEMENTS or more (ingot/size.h) is split across threads
 * (OpenMP), as the kernels' own loops are. */
static void emit_elementwise(Emitter *e, const Inst *inst, int site, int depth) {
    const IrValue *out = inst->outputs[0];
    const Shape *shape = &out->type.shape;
    const char *elem = c_elem_type[out->type.dtype];
    const char *name = emit_c_name(e, out);
    int donated = e->opt->donate ? donate_input(&e->donate, inst, e->inst_index - 1, is_tensor, e)
                                 : -1;
    const char *donation = donated >= 0 ? arena_printf(e->arena, "ig_donate(%s)",
                                                       emit_c_name(e, inst->inputs[donated]))
                                        : "NULL";
    const char *result = arena_printf(e->arena, "ig_elementwise_result(&s%d, %s, %s, %s)", site,
                                      ig_dtype_enum[out->type.dtype], emit_shape_args(e, shape),
                                      donation);
    emit_indent(e, depth);
    fprintf(e->out, "%s%s;\n", emit_lhs(e, inst), emit_placed(e, inst, result));
    emit_indent(e, depth);
    fputs("{\n", e->out);
    const char **operands = ARENA_ARRAY(e->arena, const char *, inst->ninputs);
    bool rows = false;
    for (int i = 0; i < inst->ninputs; i++) {
        const IrValue *v = inst->inputs[i];
        if (v->type.shape.rank == 0 && value_form(e, v) == VALUE_LITERAL) {
            operands[i] = emit_scalar_text(e, v);
            continue;
        }
        emit_indent(e, depth + 1);
        if (v->type.shape.rank == 0) {
            fprintf(e->out, "const %s x%d = %s;\n", elem, i, emit_scalar_text(e, v));
            operands[i] = arena_printf(e->arena, "x%d", i);
            continue;
        }
        fprintf(e->out, "const %s *x%d = %s->data;\n", elem, i, emit_c_name(e, v));
        bool row = !shape_equal(&v->type.shape, shape);
        rows |= row;
        operands[i] = arena_printf(e->arena, row ? "x%d[c]" : "x%d[i]", i);
    }
    emit_indent(e, depth + 1);
    fprintf(e->out, "%s *y = %s->data;\n", elem, name);
    const char *expr = scalar_elementwise_expr(e->arena, out->type.dtype,
                                               attrs_get(&inst->attrs, "expr")->s, operands,
                                               inst->ninputs);
    int64_t n = 1;
    for (int i = 0; i < shape->rank; i++) n *= shape->dims[i];
    /* Split across threads when large enough, vectorised always (rt.h). */
    const char *pragma = n >= IG_PARALLEL_MIN_ELEMENTS ? "IG_PARALLEL_LOOP"
                         : rows                         ? NULL /* on the loop over a row */
                                                        : "IG_SIMD_LOOP";
    if (pragma) {
        emit_indent(e, depth + 1);
        fprintf(e->out, "%s\n", pragma);
    }
    emit_indent(e, depth + 1);
    if (!rows) {
        fprintf(e->out, "for (int64_t i = 0; i < %" PRId64 "; i++) y[i] = %s;\n", n, expr);
    } else {
        int64_t cols = shape->dims[shape->rank - 1];
        fprintf(e->out, "for (int64_t r = 0; r < %" PRId64 "; r++) {\n", cols ? n / cols : 0);
        emit_indent(e, depth + 2);
        fputs("IG_SIMD_LOOP\n", e->out);
        emit_indent(e, depth + 2);
        fprintf(e->out, "for (int64_t c = 0; c < %" PRId64 "; c++) {\n", cols);
        emit_indent(e, depth + 3);
        fprintf(e->out, "int64_t i = r * %" PRId64 " + c;\n", cols);
        emit_indent(e, depth + 3);
        fprintf(e->out, "y[i] = %s;\n", expr);
        emit_indent(e, depth + 2);
        fputs("}\n", e->out);
        emit_indent(e, depth + 1);
        fputs("}\n", e->out);
    }
    emit_indent(e, depth);
    fputs("}\n", e->out);
}

/* "3, (const int[]){0, 2}" (or "0, NULL") for a kernel's int-list argument. */
static const char *emit_int_list(Emitter *e, int n, const int *v, bool with_count) {
    if (n == 0) return with_count ? "0, NULL" : "NULL";
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    if (with_count) strbuf_printf(&sb, "%d, ", n);
    strbuf_puts(&sb, "(const int[]){");
    for (int i = 0; i < n; i++) strbuf_printf(&sb, "%s%d", i ? ", " : "", v[i]);
    strbuf_putc(&sb, '}');
    return strbuf_cstr(&sb);
}

static const char *c_bool(bool b) { return b ? "true" : "false"; }

/* "(const char *const[]){"w", "b"}": the call's n names (SAVE, PROGRESS). */
static const char *emit_name_list(Emitter *e, const KernelCall *kc, int n) {
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    strbuf_puts(&sb, n ? "(const char *const[]){" : "NULL");
    const char **names = kernel_call_names(kc, e->arena, n);
    for (int i = 0; i < n; i++) strbuf_printf(&sb, "%s%s", i ? ", " : "", c_string(e, names[i]));
    if (n) strbuf_putc(&sb, '}');
    return strbuf_cstr(&sb);
}

/* "(const IgTensor *const[]){t3, t5}": inputs from..from+n-1. */
static const char *emit_value_list(Emitter *e, const Inst *inst, int from, int n) {
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    strbuf_puts(&sb, n ? "(const IgTensor *const[]){" : "NULL");
    for (int i = 0; i < n; i++)
        strbuf_printf(&sb, "%s%s", i ? ", " : "", emit_value_name(e, inst->inputs[from + i]));
    if (n) strbuf_putc(&sb, '}');
    return strbuf_cstr(&sb);
}

/* A fused product's activation as the runtime's enum: "IG_ACT_RELU". */
static const char *activation_enum(Emitter *e, int activation) {
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    strbuf_puts(&sb, "IG_ACT_");
    for (const char *c = activation_names[activation]; *c; c++)
        strbuf_putc(&sb, (char)toupper((unsigned char)*c));
    return strbuf_cstr(&sb);
}

/* The call of an op with a generic ABI (ops.def), its arguments decoded by
   kernel_call_decode as eager.c's call_by_abi passes them:
   "IgTensor *t4 = ig_reduce_max(&s4, t3_x, 1, (const int[]){1}, false, true);" */
static void emit_kernel_call(Emitter *e, const Inst *inst, const char *fn, int site, int depth) {
    KernelCall kc;
    kernel_call_decode(inst, &kc);
    const char *args = emit_args(e, inst);
    const char *extra = "";
    switch (kc.abi) {
    case ABI_INPUTS: break;
    case ABI_AXIS: extra = arena_printf(e->arena, ", %d", kc.axis); break;
    case ABI_REDUCE:
        extra = arena_printf(e->arena, ", %s, %s, %s", emit_int_list(e, kc.nints, kc.ints, true),
                             c_bool(kc.all_axes), c_bool(kc.keepdims));
        break;
    case ABI_AXES:
        extra = arena_printf(e->arena, ", %s", emit_int_list(e, kc.nints, kc.ints, true));
        break;
    case ABI_PERM:
        extra = arena_printf(e->arena, ", %s", emit_int_list(e, kc.nints, kc.ints, false));
        break;
    case ABI_LIST_AXIS: {
        /* "ig_concat(&s5, 2, (const IgTensor *const[]){t3_a, t4_b}, 0)" */
        StrBuf sb;
        strbuf_init(&sb, e->arena);
        strbuf_printf(&sb, ", %d, (const IgTensor *const[]){", inst->ninputs);
        for (int i = 0; i < inst->ninputs; i++)
            strbuf_printf(&sb, "%s%s", i ? ", " : "", emit_value_name(e, inst->inputs[i]));
        strbuf_printf(&sb, "}, %d", kc.axis);
        args = strbuf_cstr(&sb);
        break;
    }
    case ABI_MATMUL:
        extra = arena_printf(e->arena, ", %s, %s", c_bool(kc.transpose_a), c_bool(kc.transpose_b));
        break;
    case ABI_MATMUL_BIAS:
        extra = arena_printf(e->arena, ", %s, %s, %s", c_bool(kc.transpose_a),
                             c_bool(kc.transpose_b), activation_enum(e, kc.activation));
        break;
    case ABI_SLICE:
        extra = arena_printf(e->arena, ", %d, %d, %d, %d, %d", kc.masks[0], kc.masks[1],
                             kc.masks[2], kc.masks[3], kc.masks[4]);
        break;
    case ABI_CONV:
    case ABI_POOL:
        extra = arena_printf(e->arena, ", %d, %d, %d, %d, %s", kc.window[0], kc.window[1],
                             kc.window[2], kc.window[3], c_bool(kc.same_padding));
        break;
    case ABI_CONV_BIAS:
        extra = arena_printf(e->arena, ", %d, %d, %d, %d, %s, %s", kc.window[0], kc.window[1],
                             kc.window[2], kc.window[3], c_bool(kc.same_padding),
                             activation_enum(e, kc.activation));
        break;
    case ABI_EPSILON: {
        StrBuf v;
        strbuf_init(&v, e->arena);
        emit_float_literal(&v, kc.epsilon, false);
        extra = arena_printf(e->arena, ", %s", strbuf_cstr(&v));
        break;
    }
    case ABI_LOAD: {
        /* "&(IgLoadSpec){.dtype = IG_FLOAT32, .rank = 2, .dims = (const int64_t[]){-1, 64}}" */
        StrBuf sb;
        strbuf_init(&sb, e->arena);
        strbuf_printf(&sb, ", &(IgLoadSpec){.dtype = %s, .rank = %d", ig_dtype_enum[kc.dtype],
                      kc.rank);
        if (kc.rank > 0) {
            strbuf_puts(&sb, ", .dims = (const int64_t[]){");
            for (int i = 0; i < kc.rank; i++)
                strbuf_printf(&sb, "%s%lld", i ? ", " : "", (long long)kc.dims[i]);
            strbuf_putc(&sb, '}');
        }
        if (inst->op == OP_LOAD_CSV)
            strbuf_printf(&sb, ", .skip_header = %d, .delimiter = %s", kc.skip_header,
                          c_string(e, kc.delimiter));
        if (kc.name) strbuf_printf(&sb, ", .name = %s", c_string(e, kc.name));
        strbuf_putc(&sb, '}');
        extra = strbuf_cstr(&sb);
        break;
    }
    case ABI_SAVE: {
        /* "ig_save_tensors(&s7, t2, 2, (const char *const[]){"w", "b"}, (const IgTensor
           *const[]){t3, t5})" */
        int n = inst->ninputs - 1;
        args = arena_printf(e->arena, ", %s, %d, %s, %s", emit_value_name(e, inst->inputs[0]), n,
                            emit_name_list(e, &kc, n), emit_value_list(e, inst, 1, n));
        break;
    }
    case ABI_PROGRESS: {
        /* "ig_progress(&s9, t7, t8, 1, (const char *const[]){"loss"}, (const IgTensor
           *const[]){t6}, 1, false)" */
        int n = inst->ninputs - 2;
        args = arena_printf(e->arena, ", %s, %s, %d, %s, %s", emit_value_name(e, inst->inputs[0]),
                            emit_value_name(e, inst->inputs[1]), n,
                            emit_name_list(e, &kc, n),
                            emit_value_list(e, inst, 2, n));
        extra = arena_printf(e->arena, ", %d, %s", kc.verbose, c_bool(kc.final));
        break;
    }
    case ABI_SPECIAL: UNREACHABLE();
    }
    emit_indent(e, depth);
    fprintf(e->out, "%s%s;\n", emit_lhs(e, inst),
            emit_placed(e, inst, arena_printf(e->arena, "%s(&s%d%s%s)", fn, site, args, extra)));
}

static void emit_print(Emitter *e, const Inst *inst, int site, int depth) {
    const Attr *sep = attrs_get(&inst->attrs, "sep");
    const Attr *end = attrs_get(&inst->attrs, "end");
    const Attr *sum = attrs_get(&inst->attrs, "summarize");
    const Attr *stream = attrs_get(&inst->attrs, "output_stream");
    const char *args = "NULL";
    if (inst->ninputs > 0) {
        StrBuf sb;
        strbuf_init(&sb, e->arena);
        for (int i = 0; i < inst->ninputs; i++)
            strbuf_printf(&sb, "%s%s", i ? ", " : "", emit_value_name(e, inst->inputs[i]));
        emit_indent(e, depth);
        fprintf(e->out, "const IgTensor *p%d[] = {%s};\n", site, strbuf_cstr(&sb));
        args = arena_printf(e->arena, "p%d", site);
    }
    emit_indent(e, depth);
    fprintf(e->out, "ig_print(&s%d, %s, %d, %s, %s, %s, %" PRId64 ");\n", site,
            stream && strcmp(stream->s, "stderr") == 0 ? "stderr" : "stdout", inst->ninputs, args,
            c_string(e, sep ? sep->s : " "), c_string(e, end ? end->s : "\n"),
            sum ? sum->i : (int64_t)3);
}

/* "IgTensor *t0_epochs = ig_flag_value(&s0, 0);" with a comment naming --epochs:
 * the index is the flag's row in the flags[] table main() parsed. */
static void emit_flag(Emitter *e, const Inst *inst, int site, int depth) {
    const FlagDef *f = module_find_flag(e->m, attrs_get(&inst->attrs, "name")->s);
    IG_ASSERT(f);
    StrBuf name;
    strbuf_init(&name, e->arena);
    emit_comment_text(&name, f->name);
    emit_indent(e, depth);
    fprintf(e->out, "%sig_flag_value(&s%d, %d); /* --%s */\n", emit_lhs(e, inst), site, f->index,
            strbuf_cstr(&name));
}

/* "IgTensor *t5 = ig_random_normal(&s5, &var_rng, IG_FLOAT32, 2, (const int64_t[]){2, 3},
 * 0.0, 1.0);": the generator's state variable, the result's dtype and shape, then the two
 * parameters (minval, maxval or mean, stddev) as the kernel takes them. */
static void emit_random(Emitter *e, const Inst *inst, const char *fn, int site, int depth) {
    bool is_uniform = inst->op == OP_RANDOM_UNIFORM || inst->op == OP_RANDOM_UNIFORM_INT;
    const Attr *p[2] = {attrs_get(&inst->attrs, is_uniform ? "minval" : "mean"),
                        attrs_get(&inst->attrs, is_uniform ? "maxval" : "stddev")};
    StrBuf params;
    strbuf_init(&params, e->arena);
    for (int i = 0; i < 2; i++) {
        strbuf_puts(&params, ", ");
        if (p[i]->kind == ATTR_INT) emit_int_literal(&params, p[i]->i, true);
        else emit_float_literal(&params, p[i]->f, false);
    }
    const TensorType *t = &inst->outputs[0]->type;
    emit_indent(e, depth);
    fprintf(e->out, "%s%s(&s%d, &%s, %s, %s%s);\n", emit_lhs(e, inst), fn, site,
            emit_var_name(e, inst->global), ig_dtype_enum[t->dtype], emit_shape_args(e, &t->shape),
            strbuf_cstr(&params));
}

static void emit_call(Emitter *e, const Inst *inst, int depth) {
    StrBuf args;
    strbuf_init(&args, e->arena);
    for (int i = 0; i < inst->ninputs; i++)
        strbuf_printf(&args, "%s%s", i ? ", " : "", emit_value_name(e, inst->inputs[i]));
    if (inst->noutputs > 1) {
        /* Several results come back through out-parameters. */
        for (int i = 0; i < inst->noutputs; i++) {
            emit_indent(e, depth);
            fprintf(e->out, "IgTensor *%s;\n", emit_value_name(e, inst->outputs[i]));
            strbuf_printf(&args, "%s&%s", inst->ninputs || i ? ", " : "",
                          emit_value_name(e, inst->outputs[i]));
        }
    }
    emit_indent(e, depth);
    fprintf(e->out, "%s%s(%s);\n", emit_lhs(e, inst), emit_func_name(e, inst->callee),
            strbuf_cstr(&args));
}

/* The tensors whose last use was the index-th instruction (C scalars need no release;
 * a literal's constant is immortal). */
static void emit_releases(Emitter *e, int index, int depth) {
    const ReleaseList *rel = &e->live->after[index];
    for (int i = 0; i < rel->n; i++) {
        if (value_form(e, rel->vals[i]) != VALUE_TENSOR) continue;
        emit_indent(e, depth);
        fprintf(e->out, "ig_release(%s);\n", emit_c_name(e, rel->vals[i]));
    }
    if (!e->opt->donate) return;
    /* A loop's carried value read for the last time in this iteration: its variable lets
       go now, so the next op may write over it, and the swap at the end of the
       iteration has nothing to release. */
    const ReleaseList *carried = donate_carried_dying(&e->donate, index);
    for (int i = 0; i < carried->n; i++) {
        const IrValue *p = carried->vals[i];
        const Region *body = p->param_of;
        int slot = 0;
        while (body->params[slot] != p) slot++;
        const IrValue *var = body->parent->outputs[slot];
        if (value_form(e, var) != VALUE_TENSOR) continue;
        emit_indent(e, depth);
        fprintf(e->out, "ig_release(%s);\n", emit_c_name(e, var));
        emit_indent(e, depth);
        fprintf(e->out, "%s = NULL;\n", emit_c_name(e, var));
    }
}

/* ---- control flow ------------------------------------------------------------------ */
static void emit_inst(Emitter *e, const Inst *inst, int depth);

static bool region_is_empty(const Region *r) { return !r->first && r->nresults == 0; }

/* A region's instructions; their releases come with them. */
static void emit_region_insts(Emitter *e, const Region *r, int depth) {
    for (const Inst *x = r->first; x; x = x->next) emit_inst(e, x, depth);
}

static const char *emit_decl(Emitter *e, const IrValue *v);

/* "!x" of a C expression: "!v7", "!ig_truth(t3, &s4)", "!(x < 2)". */
static const char *emit_negation(Emitter *e, const char *x) {
    bool atom = is_c_identifier(x) || strncmp(x, "ig_truth(", 9) == 0; /* a name, a call */
    return arena_printf(e->arena, atom ? "!%s" : "!(%s)", x);
}

/* Region parameters are borrowed aliases of the values they stand for; one nobody
 * uses is not declared at all (it would be an unused variable). */
static void emit_region_params(Emitter *e, const Region *r, IrValue *const *from, int depth) {
    for (int i = 0; i < r->nparams; i++) {
        const IrValue *p = r->params[i];
        if (e->live->uses[p->id] == 0) continue;
        emit_indent(e, depth);
        fprintf(e->out, "%s = %s;\n", emit_decl(e, p), emit_c_name(e, from[i]));
    }
}

/* v declared: "IgTensor *t3_x" or, for a C scalar, "int64_t v3_x". */
static const char *emit_decl(Emitter *e, const IrValue *v) {
    if (value_form(e, v) == VALUE_SCALAR)
        return arena_printf(e->arena, "%s %s", scalar_c_type(v->type.dtype), emit_c_name(e, v));
    return arena_printf(e->arena, "IgTensor *%s", emit_c_name(e, v));
}

/* Whether C scalar slot i of a cond or while is never read: not after it, nor (a while's)
 * by its regions. Such a slot has no variable: one only ever set would be a warning. */
static bool scalar_slot_dead(const Emitter *e, const Inst *inst, int i) {
    if (e->live->uses[inst->outputs[i]->id] > 0) return false;
    for (int k = 0; inst->op == OP_WHILE && k < inst->nregions; k++)
        if (e->live->uses[inst->regions[k]->params[i]->id] > 0) return false;
    return true;
}

/* Result i of region r into C scalar slot i of inst (a cond's output, a while's carried
 * value): the value is copied, and a tensor result that r owns is released once read. */
static void emit_scalar_result(Emitter *e, const Inst *inst, const Region *r, int i,
                               int depth) {
    const IrValue *res = r->results[i];
    if (!scalar_slot_dead(e, inst, i)) {
        emit_indent(e, depth);
        fprintf(e->out, "%s = %s;\n", emit_c_name(e, inst->outputs[i]),
                emit_scalar_text(e, res));
    }
    if (value_form(e, res) == VALUE_TENSOR && !liveness_result_borrowed(r, i)) {
        emit_indent(e, depth);
        fprintf(e->out, "ig_release(%s);\n", emit_c_name(e, res));
    }
}

/* A branch: its instructions, then its results moved into the cond's outputs. */
static void emit_branch(Emitter *e, const Inst *cond, const Region *r, int depth) {
    emit_region_insts(e, r, depth);
    for (int i = 0; i < r->nresults; i++) {
        if (value_form(e, cond->outputs[i]) == VALUE_SCALAR) {
            emit_scalar_result(e, cond, r, i, depth);
            continue;
        }
        const char *out = emit_c_name(e, cond->outputs[i]);
        emit_indent(e, depth);
        fprintf(e->out, "%s = %s;\n", out, emit_value_name(e, r->results[i]));
        if (liveness_result_borrowed(r, i)) {
            emit_indent(e, depth);
            fprintf(e->out, "ig_retain(%s);\n", out);
        }
    }
}

/*     IgTensor *t6;
 *     if (ig_truth(t5, &s6)) {
 *         ...then...            t6 = <then result>;
 *     } else {
 *         ...else...            t6 = <else result>;
 *     }
 * An empty else is left out; an empty then turns the test around. */
static void emit_cond(Emitter *e, const Inst *inst, int site, int depth) {
    const Region *then_r = inst->regions[0], *else_r = inst->regions[1];
    for (int i = 0; i < inst->noutputs; i++) {
        if (value_form(e, inst->outputs[i]) == VALUE_SCALAR && scalar_slot_dead(e, inst, i))
            continue;
        emit_indent(e, depth);
        fprintf(e->out, "%s;\n", emit_decl(e, inst->outputs[i]));
    }
    /* A C scalar predicate is tested as it is; a tensor one through ig_truth. */
    const IrValue *p = inst->inputs[0];
    bool tensor_pred = value_form(e, p) == VALUE_TENSOR;
    const char *pred = tensor_pred
                           ? arena_printf(e->arena, "ig_truth(%s, &s%d)", emit_c_name(e, p), site)
                           : emit_scalar_text(e, p);
    bool then_empty = region_is_empty(then_r), else_empty = region_is_empty(else_r);
    emit_indent(e, depth);
    if (then_empty && else_empty) {
        /* Nothing to run, but the predicate is still checked, as TensorFlow does. */
        fprintf(e->out, "(void)%s;\n", pred);
        return;
    }
    if (then_empty) pred = emit_negation(e, pred);
    fprintf(e->out, "if (%s) {\n", pred);
    if (!then_empty) emit_branch(e, inst, then_r, depth + 1);
    if (!then_empty && !else_empty) {
        emit_indent(e, depth);
        fputs("} else {\n", e->out);
    }
    if (!else_empty) emit_branch(e, inst, else_r, depth + 1);
    emit_indent(e, depth);
    fputs("}\n", e->out);
}

/* The while's outputs are its carried variables: they own one reference each, from
 * the inputs on entry to the final values on exit. Each iteration evaluates the
 * condition region on them, then the body, then swaps in the body's results:
 *     IgTensor *t9 = t1;
 *     ig_retain(t9);
 *     while (true) {
 *         IgTensor *t11 = t9;             condition region, parameters aliased
 *         ...
 *         bool more9 = ig_truth(t13, &s9);
 *         ig_release(t13);
 *         if (!more9) break;
 *         IgTensor *t14 = t9;             body region
 *         ...
 *         ig_release(t9);
 *         t9 = t16;
 *     }
 * A result the body does not own (a parameter, a captured value) is retained before
 * the old values are released, so yielding a carried value unchanged is safe. */
static void emit_while(Emitter *e, const Inst *inst, int site, int depth) {
    const Region *cond_r = inst->regions[0], *body_r = inst->regions[1];
    for (int i = 0; i < inst->noutputs; i++) {
        const IrValue *out = inst->outputs[i];
        const char *var = emit_c_name(e, out);
        if (value_form(e, out) == VALUE_SCALAR) { /* a C loop variable */
            if (scalar_slot_dead(e, inst, i)) continue;
            emit_indent(e, depth);
            fprintf(e->out, "%s %s = %s;\n", scalar_c_type(out->type.dtype), var,
                    emit_scalar_text(e, inst->inputs[i]));
            continue;
        }
        emit_indent(e, depth);
        fprintf(e->out, "IgTensor *%s = %s;\n", var, emit_value_name(e, inst->inputs[i]));
        emit_indent(e, depth);
        fprintf(e->out, "ig_retain(%s);\n", var);
    }
    emit_indent(e, depth);
    fputs("while (true) {\n", e->out);
    emit_region_params(e, cond_r, inst->outputs, depth + 1);
    emit_region_insts(e, cond_r, depth + 1);
    const IrValue *pv = cond_r->results[0];
    const char *pred = emit_c_name(e, pv);
    emit_indent(e, depth + 1);
    if (value_form(e, pv) != VALUE_TENSOR) {
        fprintf(e->out, "if (%s) break;\n", emit_negation(e, emit_scalar_text(e, pv)));
    } else if (liveness_result_borrowed(cond_r, 0)) {
        fprintf(e->out, "if (!ig_truth(%s, &s%d)) break;\n", pred, site);
    } else {
        /* The condition's own predicate dies after the test, on both ways out. */
        fprintf(e->out, "bool more%d = ig_truth(%s, &s%d);\n", site, pred, site);
        emit_indent(e, depth + 1);
        fprintf(e->out, "ig_release(%s);\n", pred);
        emit_indent(e, depth + 1);
        fprintf(e->out, "if (!more%d) break;\n", site);
    }
    emit_region_params(e, body_r, inst->outputs, depth + 1);
    emit_region_insts(e, body_r, depth + 1);
    for (int i = 0; i < body_r->nresults; i++) {
        if (value_form(e, inst->outputs[i]) == VALUE_SCALAR ||
            !liveness_result_borrowed(body_r, i))
            continue;
        emit_indent(e, depth + 1);
        fprintf(e->out, "ig_retain(%s);\n", emit_value_name(e, body_r->results[i]));
    }
    /* Assigned in order: a result is never another slot's variable (the body reads the
       slots through its own parameters), so no assignment clobbers a later one's value. */
    for (int i = 0; i < body_r->nresults; i++) {
        if (value_form(e, inst->outputs[i]) == VALUE_SCALAR) {
            emit_scalar_result(e, inst, body_r, i, depth + 1);
            continue;
        }
        const char *var = emit_value_name(e, inst->outputs[i]);
        if (!donate_released_early(&e->donate, body_r->params[i])) {
            emit_indent(e, depth + 1);
            fprintf(e->out, "ig_release(%s);\n", var);
        }
        emit_indent(e, depth + 1);
        fprintf(e->out, "%s = %s;\n", var, emit_value_name(e, body_r->results[i]));
    }
    emit_indent(e, depth);
    fputs("}\n", e->out);
}

/* ---- C scalars ------------------------------------------------------------------- */
/* An op on C scalars: "int64_t v15 = ig_mod_i64(&s15, v13_n, 2);" */
static void emit_scalar_op(Emitter *e, const Inst *inst, int site, int depth) {
    const char **operands = ARENA_ARRAY(e->arena, const char *, inst->ninputs);
    for (int i = 0; i < inst->ninputs; i++) operands[i] = emit_scalar_text(e, inst->inputs[i]);
    const IrValue *out = inst->outputs[0];
    const char *expr =
        scalar_op_expr(e->arena, inst, operands, arena_printf(e->arena, "&s%d", site));
    emit_indent(e, depth);
    fprintf(e->out, "%s %s = %s;\n", scalar_c_type(out->type.dtype), emit_c_name(e, out), expr);
}

/* A kernel takes tensors: each C scalar input is boxed for the call, and the box is
 * released after it ("IgTensor *b7_0 = ig_box_i64(v5_n);"). Returns how many. */
static int box_scalar_inputs(Emitter *e, const Inst *inst, int site, int depth,
                             const IrValue **boxed) {
    int n = 0;
    /* A cond's or while's slots are scalars; a fused loop reads its 0-d operands as C. */
    if (inst->op == OP_COND || inst->op == OP_WHILE || inst->op == OP_ELEMENTWISE) return 0;
    for (int i = 0; i < inst->ninputs; i++) {
        const IrValue *v = inst->inputs[i];
        if (value_form(e, v) != VALUE_SCALAR || e->boxed[v->id]) continue;
        const char *name = arena_printf(e->arena, "b%d_%d", site, n);
        emit_indent(e, depth);
        fprintf(e->out, "IgTensor *%s = ig_box_%s(%s);\n", name, scalar_suffix(v->type.dtype),
                emit_c_name(e, v));
        e->boxed[v->id] = name;
        boxed[n++] = v;
    }
    return n;
}

/* For donate_input: whether v is a tensor in the emitted C (boxed scalars are not
 * offered: their box is the call's own). */
static bool is_tensor(const void *ctx, const IrValue *v) {
    return value_form(ctx, v) == VALUE_TENSOR;
}

/* Whether the instruction's code names its static site (declaring an unused one
 * would be a warning). */
static bool inst_uses_site(const Emitter *e, const Inst *inst) {
    if (inst->op == OP_CALL) return false;
    if (scalar_plan_computes(&e->plan, inst)) return scalar_op_needs_site(inst);
    if (inst->op == OP_COND) return value_form(e, inst->inputs[0]) == VALUE_TENSOR;
    if (inst->op == OP_WHILE) return value_form(e, inst->regions[0]->results[0]) == VALUE_TENSOR;
    return true;
}

/* ---- one instruction, in order -------------------------------------------------- */
/* "compute.py:5  y = x * 2" above the statement; the site struct right before it. */
static void emit_inst(Emitter *e, const Inst *inst, int depth) {
    int index = e->inst_index++;
    /* A 0-d constant no kernel takes as a tensor is only ever a C literal. */
    if (inst->op == OP_CONST && value_form(e, inst->outputs[0]) == VALUE_LITERAL &&
        !e->plan.tensor_use[inst->outputs[0]->id])
        return;
    int site = inst->noutputs ? e->numbers[inst->outputs[0]->id] : e->next_site++;
    const char *fn = op_info[inst->op].runtime_symbol;
    const char *file = inst->loc.file ? inst->loc.file->path : e->opt->script_name;
    bool new_line = inst->loc.file != e->commented_file || inst->loc.line != e->commented_line;
    if (inst->loc.file && new_line) {
        e->commented_file = inst->loc.file;
        e->commented_line = inst->loc.line;
        emit_indent(e, depth);
        fprintf(e->out, "/* %s */\n", loc_comment(e, file, inst->loc.line, inst->src_line));
        if (e->opt->line_directives)
            fprintf(e->out, "#line %d %s\n", inst->loc.line, c_string(e, file));
    }
    if (inst_uses_site(e, inst) && e->opt->lib_name && e->f == e->m->restore) {
        /* A library's weights are read by NAME_new, not by a line of the script: its
           errors name the file and tensor alone. */
        emit_indent(e, depth);
        fprintf(e->out, "%s IgSite s%d = IG_SITE(NULL, 0);\n", site_storage(e), site);
    } else if (inst_uses_site(e, inst)) {
        emit_indent(e, depth);
        fprintf(e->out, "%s IgSite s%d = IG_SITE(%s, %d);\n", site_storage(e), site,
                c_string(e, file ? file : ""), inst->loc.file ? inst->loc.line : 0);
    }
    if (scalar_plan_computes(&e->plan, inst)) {
        emit_scalar_op(e, inst, site, depth);
        emit_releases(e, index, depth);
        return;
    }
    const IrValue **boxed = ARENA_ARRAY(e->arena, const IrValue *, inst->ninputs + 1);
    int nboxed = box_scalar_inputs(e, inst, site, depth, boxed);
    switch (inst->op) {
    case OP_CONST: emit_const(e, inst, site, depth); break;
    case OP_FILL: emit_fill(e, inst, site, depth); break;
    case OP_RANGE:
        emit_indent(e, depth);
        fprintf(e->out, "%s%s(&s%d, %s%s);\n", emit_lhs(e, inst), fn, site,
                ig_dtype_enum[inst->outputs[0]->type.dtype], emit_args(e, inst));
        break;
    case OP_CAST:
        emit_indent(e, depth);
        fprintf(e->out, "%s%s;\n", emit_lhs(e, inst),
                emit_placed(e, inst, arena_printf(e->arena, "%s(&s%d%s, %s)", fn, site,
                                                  emit_args(e, inst),
                                                  ig_dtype_enum[inst->outputs[0]->type.dtype])));
        break;
    case OP_PRINT: emit_print(e, inst, site, depth); break;
    case OP_ELEMENTWISE: emit_elementwise(e, inst, site, depth); break;
    case OP_FLAG: emit_flag(e, inst, site, depth); break;
    case OP_READ_VAR:
    case OP_ASSIGN_VAR:
    case OP_ASSIGN_ADD_VAR:
    case OP_ASSIGN_SUB_VAR:
    case OP_INIT_VAR:
        /* "IgTensor *t3 = ig_var_read(&s3, &var_counter);", "ig_var_assign_add(&s5, &var_counter,
         * t4);" */
        emit_indent(e, depth);
        fprintf(e->out, "%s%s(&s%d, &%s%s);\n", emit_lhs(e, inst), fn, site,
                emit_var_name(e, inst->global), emit_args(e, inst));
        break;
    case OP_RANDOM_UNIFORM:
    case OP_RANDOM_UNIFORM_INT:
    case OP_RANDOM_NORMAL:
    case OP_RANDOM_TRUNCATED_NORMAL: emit_random(e, inst, fn, site, depth); break;
    case OP_RANDOM_PERMUTATION:
        /* "IgTensor *t6 = ig_random_permutation(&s6, &var_rng, t5, t2, 1024);" */
        emit_indent(e, depth);
        fprintf(e->out, "%s%s(&s%d, &%s, %s, %s, %lld);\n", emit_lhs(e, inst), fn, site,
                emit_var_name(e, inst->global), emit_value_name(e, inst->inputs[0]),
                emit_value_name(e, inst->inputs[1]),
                (long long)attrs_get(&inst->attrs, "buffer_size")->i);
        break;
    case OP_CALL: emit_call(e, inst, depth); break;
    case OP_COND: emit_cond(e, inst, site, depth); break;
    case OP_WHILE: emit_while(e, inst, site, depth); break;
    default:
        /* Every other op's arguments follow from its ABI (ops.def); the writers
           (save_npy, save_tensors) have no result. */
        IG_ASSERT(inst->nregions == 0 && inst->noutputs <= 1 &&
                  op_info[inst->op].abi != ABI_SPECIAL);
        if (e->opt->donate) e->donated_input = donate_input(&e->donate, inst, index, is_tensor, e);
        emit_kernel_call(e, inst, fn, site, depth);
        e->donated_input = -1;
        break;
    }
    for (int i = 0; i < nboxed; i++) {
        emit_indent(e, depth);
        fprintf(e->out, "ig_release(%s);\n", e->boxed[boxed[i]->id]);
        e->boxed[boxed[i]->id] = NULL;
    }
    emit_releases(e, index, depth);
}

/* ---- functions ------------------------------------------------------------------ */
/* "static IgTensor *compute__1(IgTensor *t0_x)" */
static const char *emit_prototype(Emitter *e, const Func *f) {
    const Region *r = f->body;
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    strbuf_printf(&sb, "static %s%s(", r->nresults == 1 ? "IgTensor *" : "void ",
                  emit_func_name(e, f));
    int n = 0;
    for (int i = 0; i < r->nparams; i++, n++)
        strbuf_printf(&sb, "%sIgTensor *%s", n ? ", " : "", emit_value_name(e, r->params[i]));
    if (r->nresults > 1)
        for (int i = 0; i < r->nresults; i++, n++)
            strbuf_printf(&sb, "%sIgTensor **ret%d", n ? ", " : "", i);
    strbuf_puts(&sb, n ? ")" : "void)");
    return strbuf_cstr(&sb);
}

/* How many top-level instructions f's body has: past EMIT_SPLIT_INSTS it goes in parts. */
static int body_length(const Func *f) {
    int n = 0;
    for (const Inst *x = f->body->first; x; x = x->next) n++;
    return n;
}

/* What naming f's values takes: their numbers and which are C scalars, all the
   prototypes need. Returns how many numbers f's values take. */
static int emit_func_names(Emitter *e, const Func *f) {
    e->f = f;
    int count = 0;
    e->numbers = irtext_number_values(e->arena, e->m, f, &count);
    /* Parts pass values through a frame of tensors: a long function keeps tensors. */
    e->plan = scalar_plan(e->arena, e->m, f,
                          e->opt->scalars && body_length(f) <= EMIT_SPLIT_INSTS);
    e->part = -1;
    return count;
}

static void emit_func_begin(Emitter *e, const Func *f) {
    int count = emit_func_names(e, f);
    e->live = liveness_func(e->arena, e->m, f);
    if (e->opt->donate) e->donate = donate_plan(e->arena, e->m, e->live, f);
    /* A long function leaves its tensors to the runtime's allocator (its parts would
       need the arena too). */
    e->memplan = (MemPlan){0};
    if (e->opt->plan_memory && body_length(f) <= EMIT_SPLIT_INSTS)
        e->memplan = memplan_func(e->arena, e->m, f, e->live, e->opt->donate ? &e->donate : NULL,
                                  is_tensor, e);
    int nvals = e->m->next_value_id > 0 ? e->m->next_value_id : 1;
    e->boxed = ARENA_ARRAY(e->arena, const char *, nvals);
    e->next_site = count;
    e->inst_index = 0;
    e->commented_file = NULL;
    e->commented_line = 0;
}

static const char *plan_value_name(const void *ctx, const IrValue *v) {
    return emit_value_name(ctx, v);
}

/* "    static const size_t NAME[] = {0, 192};" */
static void emit_size_array(Emitter *e, const char *name, const int64_t *v, int n) {
    fprintf(e->out, "    static const size_t %s[] = {", name);
    for (int i = 0; i < n; i++) fprintf(e->out, "%s%lld", i ? ", " : "", (long long)v[i]);
    fputs("};\n", e->out);
}

/* "static const IgArenaPlan memory_plan = ...; IgArena *arena = ig_arena_enter(...);"
 * under the plan as a comment, when the function has one. */
static void emit_arena_enter(Emitter *e) {
    const MemPlan *p = &e->memplan;
    if (p->nslots == 0) return;
    const char *comment = memplan_comment(e->arena, p, e->f, plan_value_name, e);
    for (const char *line = comment; *line;) {
        size_t n = strcspn(line, "\n");
        fprintf(e->out, "    %.*s\n", (int)n, line);
        line += n + (line[n] == '\n');
    }
    emit_size_array(e, "slot_offsets", p->offsets, p->nslots);
    emit_size_array(e, "slot_capacity", p->capacity, p->nslots);
    fprintf(e->out, "    static const IgArenaPlan memory_plan = {%d, slot_offsets, "
                    "slot_capacity, %lld};\n",
            p->nslots, (long long)p->bytes);
    fputs("    IgArena *arena = ig_arena_enter(&memory_plan);\n", e->out);
}

/* The signature comment and the prototype, up to the opening brace. */
static void emit_func_head(Emitter *e, const Func *f) {
    StrBuf sig;
    strbuf_init(&sig, e->arena);
    strbuf_printf(&sig, "func @%s", f->name);
    irtext_signature(&sig, f, e->numbers);
    StrBuf head;
    strbuf_init(&head, e->arena);
    emit_comment_text(&head, strbuf_cstr(&sig));
    fprintf(e->out, "/* %s", strbuf_cstr(&head));
    if (f->kind == FUNC_TRACED) {
        StrBuf py;
        strbuf_init(&py, e->arena);
        strbuf_printf(&py, "%s%s", f->py_name, f->signature ? f->signature : "");
        if (f->loc.file)
            strbuf_printf(&py, " at %s:%d", irtext_basename(f->loc.file->path), f->loc.line);
        StrBuf esc;
        strbuf_init(&esc, e->arena);
        emit_comment_text(&esc, strbuf_cstr(&py));
        fprintf(e->out, "\n * traced from %s", strbuf_cstr(&esc));
    } else if (e->opt->lib_name) {
        fputs("\n * the script's top level, where it computes the variables' initial values "
              "(a library\n * runs nothing else of it)", e->out);
    } else {
        fputs("\n * the script's top level", e->out);
    }
    fprintf(e->out, " */\n%s {\n", emit_prototype(e, f));
    /* Parameters are borrowed; one nobody uses still has to be mentioned for -Wextra. */
    for (int i = 0; i < f->body->nparams; i++)
        if (e->live->uses[f->body->params[i]->id] == 0)
            fprintf(e->out, "    (void)%s;\n", emit_value_name(e, f->body->params[i]));
    emit_arena_enter(e);
}

/* The results handed back, and the closing brace. */
static void emit_func_tail(Emitter *e, const Region *r) {
    /* Results go to the caller, who releases them: a borrowed parameter, or a value
     * returned twice, needs a reference of its own; a C scalar goes in a new tensor. */
    const char **results = ARENA_ARRAY(e->arena, const char *, r->nresults + 1);
    for (int i = 0; i < r->nresults; i++) {
        const IrValue *v = r->results[i];
        if (value_form(e, v) == VALUE_SCALAR) {
            results[i] = arena_printf(e->arena, "ig_box_%s(%s)", scalar_suffix(v->type.dtype),
                                      emit_c_name(e, v));
            continue;
        }
        results[i] = emit_value_name(e, v);
        if (liveness_result_borrowed(r, i)) fprintf(e->out, "    ig_retain(%s);\n", results[i]);
    }
    if (e->memplan.nslots > 0) fputs("    ig_arena_leave(arena);\n", e->out);
    if (r->nresults == 1) fprintf(e->out, "    return %s;\n", results[0]);
    for (int i = 0; r->nresults > 1 && i < r->nresults; i++)
        fprintf(e->out, "    *ret%d = %s;\n", i, results[i]);
    fputs("}\n", e->out);
}

/* ---- long functions in parts ------------------------------------------------------ */
/* A function of more than EMIT_SPLIT_INSTS top-level instructions is emitted as parts
 * of EMIT_PART_INSTS each: GCC's register allocation takes time quadratic in a
 * function's length (8000 ops in one function: 28 s of the 52 s it took to compile;
 * a 20,000-op unrolled loop took minutes). The values a part makes and a later part
 * (or the results) uses live in a frame struct; each part reads them as fr->tN and
 * stores its own there right after making them:
 *     typedef struct program__Frame { IgTensor *t998_x; ... } program__Frame;
 *     static __attribute__((noinline)) void program__part2(program__Frame *fr) {
 *         ... IgTensor *t1000_x = ig_mul(&s1000, fr->t998_x, t999); ...
 *         fr->t1996_x = t1996_x;
 *     }
 *     static void program(void) {
 *         program__Frame frame;
 *         program__Frame *fr = &frame;
 *         program__part1(fr);
 *         program__part2(fr);
 *     }
 * noinline: inlined back (each is called once) they would be one long function again. */

typedef struct Parts {
    int n;
    bool *uses_frame;     /* part -> reads or writes a frame slot */
    int nframe;
} Parts;

/* v is used in part p (p == n: by the results): from the frame if made earlier. */
static void parts_use(Emitter *e, Parts *ps, const IrValue *v, int p) {
    int d = e->def_part[v->id];
    if (d >= p) return; /* made in this part, or inside a region */
    if (!e->in_frame[v->id]) ps->nframe++;
    e->in_frame[v->id] = true;
    if (p < ps->n) ps->uses_frame[p] = true;
    if (d >= 0) ps->uses_frame[d] = true;
}

static void parts_use_inst(Emitter *e, Parts *ps, const Inst *x, int p) {
    for (int i = 0; i < x->ninputs; i++) parts_use(e, ps, x->inputs[i], p);
    for (int k = 0; k < x->nregions; k++) {
        const Region *r = x->regions[k];
        for (const Inst *y = r->first; y; y = y->next) parts_use_inst(e, ps, y, p);
        for (int i = 0; i < r->nresults; i++) parts_use(e, ps, r->results[i], p);
    }
}

/* Which part makes each value and which values go in the frame. */
static Parts parts_plan(Emitter *e, const Region *r, int nparts) {
    Parts ps = {.n = nparts, .uses_frame = ARENA_ARRAY(e->arena, bool, nparts)};
    int nvalues = e->m->next_value_id > 0 ? e->m->next_value_id : 1;
    e->def_part = ARENA_ARRAY(e->arena, int, nvalues);
    e->in_frame = ARENA_ARRAY(e->arena, bool, nvalues);
    for (int i = 0; i < nvalues; i++) e->def_part[i] = INT_MAX;
    for (int i = 0; i < r->nparams; i++) e->def_part[r->params[i]->id] = -1;
    int index = 0;
    for (const Inst *x = r->first; x; x = x->next, index++)
        for (int i = 0; i < x->noutputs; i++)
            e->def_part[x->outputs[i]->id] = index / EMIT_PART_INSTS;
    index = 0;
    for (const Inst *x = r->first; x; x = x->next, index++)
        parts_use_inst(e, &ps, x, index / EMIT_PART_INSTS);
    for (int i = 0; i < r->nresults; i++) parts_use(e, &ps, r->results[i], nparts);
    return ps;
}

/* typedef struct NAME__Frame { IgTensor *t998_x; ... } NAME__Frame; in value order. */
static void emit_frame_struct(Emitter *e, const Func *f) {
    const char *name = emit_func_name(e, f);
    const Region *r = f->body;
    fprintf(e->out, "/* The values of %s() that one of its parts makes and a later one uses. */\n",
            name);
    fprintf(e->out, "typedef struct %s__Frame {\n", name);
    for (int i = 0; i < r->nparams; i++)
        if (e->in_frame[r->params[i]->id])
            fprintf(e->out, "    IgTensor *%s;\n", emit_value_name(e, r->params[i]));
    for (const Inst *x = r->first; x; x = x->next)
        for (int i = 0; i < x->noutputs; i++)
            if (e->in_frame[x->outputs[i]->id])
                fprintf(e->out, "    IgTensor *%s;\n", emit_value_name(e, x->outputs[i]));
    fprintf(e->out, "} %s__Frame;\n\n", name);
}

static void emit_func_in_parts(Emitter *e, const Func *f, int nparts) {
    const Region *r = f->body;
    const char *name = emit_func_name(e, f);
    Parts ps = parts_plan(e, r, nparts);
    if (ps.nframe) emit_frame_struct(e, f);
    const Inst *x = r->first;
    for (int p = 0; p < nparts; p++) {
        e->part = p;
        e->commented_file = NULL; /* each part starts with its script line */
        fprintf(e->out, "/* %s(), part %d of %d */\n", name, p + 1, nparts);
        fprintf(e->out, "static __attribute__((noinline)) void %s__part%d(", name, p + 1);
        if (ps.nframe) fprintf(e->out, "%s__Frame *fr) {\n", name);
        else fputs("void) {\n", e->out);
        if (ps.nframe && !ps.uses_frame[p]) fputs("    (void)fr;\n", e->out);
        for (int k = 0; k < EMIT_PART_INSTS && x; k++, x = x->next) {
            emit_inst(e, x, 1);
            for (int i = 0; i < x->noutputs; i++)
                if (e->in_frame[x->outputs[i]->id]) {
                    const char *v = emit_value_name(e, x->outputs[i]);
                    fprintf(e->out, "    fr->%s = %s;\n", v, v);
                }
        }
        fputs("}\n\n", e->out);
    }
    e->part = -1;
    emit_func_head(e, f);
    if (ps.nframe) {
        fprintf(e->out, "    %s__Frame frame;\n    %s__Frame *fr = &frame;\n", name, name);
        for (int i = 0; i < r->nparams; i++)
            if (e->in_frame[r->params[i]->id]) {
                const char *v = emit_value_name(e, r->params[i]);
                fprintf(e->out, "    fr->%s = %s;\n", v, v);
            }
    }
    for (int p = 0; p < nparts; p++)
        fprintf(e->out, "    %s__part%d(%s);\n", name, p + 1, ps.nframe ? "fr" : "");
    e->part = nparts;
    emit_func_tail(e, r);
    e->part = -1;
}

static void emit_func(Emitter *e, const Func *f) {
    emit_func_begin(e, f);
    int ninsts = body_length(f);
    if (ninsts > EMIT_SPLIT_INSTS) {
        emit_func_in_parts(e, f, (ninsts + EMIT_PART_INSTS - 1) / EMIT_PART_INSTS);
        return;
    }
    emit_func_head(e, f);
    for (const Inst *inst = f->body->first; inst; inst = inst->next) emit_inst(e, inst, 1);
    emit_func_tail(e, f->body);
}

/* Only functions the program can reach are emitted: an unused static function would
 * not compile under -Werror. */
static void mark_reachable(const Region *r, bool *reach) {
    for (const Inst *x = r->first; x; x = x->next) {
        if (x->op == OP_CALL && x->callee && !reach[x->callee->index]) {
            reach[x->callee->index] = true;
            mark_reachable(x->callee->body, reach);
        }
        for (int i = 0; i < x->nregions; i++) mark_reachable(x->regions[i], reach);
    }
}

static bool module_uses_math(const Module *m, const bool *reach);

/* ---- variables ---------------------------------------------------------------------- */
/* One variable's initial value, set by init():
 *     (the script line as a comment)
 *     static const int32_t c_counter[] = {0};
 *     static IgSite s_counter = IG_SITE("seed.py", 3);
 *     ig_var_init(&var_counter, ig_constant(&s_counter, IG_INT32, 0, NULL, c_counter));
 *     ig_site_release(&s_counter); */
static void emit_global_init(Emitter *e, const Global *g) {
    const ConstData *c = g->init;
    if (!c) return; /* computed: the program sets it where the script makes it */
    const char *file = g->loc.file ? g->loc.file->path : e->opt->script_name;
    fprintf(e->out, "    /* %s */\n", loc_comment(e, file, g->loc.line, g->src_line));
    fprintf(e->out, "    %s IgSite s_%s = IG_SITE(%s, %d);\n", site_storage(e), g->name,
            c_string(e, file ? file : ""), g->loc.file ? g->loc.line : 0);
    const char *value;
    if (c->dtype == DT_STRING) {
        value = arena_printf(e->arena, "ig_string(&s_%s, %s)", g->name,
                             c_string(e, *(const char *const *)c->data));
    } else {
        value = emit_const_call(e, arena_printf(e->arena, "&s_%s", g->name),
                                arena_printf(e->arena, "_%s", g->name), c, 1);
    }
    fprintf(e->out, "    ig_var_init(&%s, %s);\n", emit_var_name(e, g), value);
    /* The variable holds a copy of its site's constant (ig_var_init): not kept twice. */
    fprintf(e->out, "    ig_site_release(&s_%s);\n", g->name);
}

/* The variables (static IgVars, each holding its current value) and init(), which
 * main() runs before the program: the initialisers TensorFlow lifts out of traces. */
static void emit_globals(Emitter *e) {
    const char *lib = e->opt->lib_name;
    if (lib) {
        fputs("/* A model: its variables (tf.Variable), each holding its current value, and "
              "what its\n   last call left for the caller (ingot/lib.h). */\n", e->out);
        fprintf(e->out, "struct %s {\n", lib);
    } else if (e->m->nglobals == 0) {
        return;
    } else {
        fputs("/* The program's variables (tf.Variable): each holds its current value. */\n",
              e->out);
    }
    for (int i = 0; i < e->m->nglobals; i++) {
        const Global *g = e->m->globals[i];
        StrBuf text;
        strbuf_init(&text, e->arena);
        irtext_global(&text, g);
        StrBuf com;
        strbuf_init(&com, e->arena);
        emit_comment_text(&com, strbuf_cstr(&text));
        if (lib)
            fprintf(e->out, "    IgVar var_%s; /* %s */\n", g->name, strbuf_cstr(&com));
        else
            fprintf(e->out, "static IgVar %s = IG_VAR(%s); /* %s */\n", emit_var_name(e, g),
                    c_string(e, g->name), strbuf_cstr(&com));
    }
    if (lib) {
        fputs("    IgLibState lib;\n};\n\n", e->out);
        fprintf(e->out, "/* The model the calling thread runs: each entry point below sets it. */\n"
                        "static _Thread_local %s *" EMIT_LIB_MODEL ";\n\n", lib);
        if (e->m->nglobals == 0) return;
    }
    bool computed = false;
    for (int i = 0; i < e->m->nglobals; i++) computed |= e->m->globals[i]->init == NULL;
    if (lib)
        fputs(computed ? "/* Sets the variables whose initial value is known at build time; "
                         EMIT_LIB_INIT_FUNC "()\n   computes the others'. */\n"
                       : "/* Sets every variable to its initial value. */\n",
              e->out);
    else
        fputs(computed ? "\n/* Sets the variables whose initial value is known at build time; "
                         "main() runs it\n   before the program, which computes the others' "
                         "(ig_var_initialize). */\n"
                       : "\n/* Sets every variable to its initial value; main() runs it before "
                         "the program. */\n",
              e->out);
    fputs("static void init(void) {\n", e->out);
    for (int i = 0; i < e->m->nglobals; i++) emit_global_init(e, e->m->globals[i]);
    fputs("}\n\n", e->out);
}

/* The default as a user would type it on the command line: the runtime parses it
 * with the same code as the arguments (a float32 as the shortest text strtof reads
 * back exactly, so it arrives bit for bit). */
static const char *flag_default_text(Emitter *e, const FlagDef *f) {
    const ConstData *c = f->value;
    if (c->dtype == DT_STRING) return *(const char *const *)c->data;
    StrBuf sb;
    strbuf_init(&sb, e->arena);
    irtext_element(&sb, c->dtype, c->data);
    return strbuf_cstr(&sb);
}

/*     static const IgFlagSpec flags[] = {
 *         {"epochs", IG_INT32, "5", "number of passes"},
 *     };                                                   one row per ingot.flag */
static void emit_flag_table(Emitter *e) {
    if (e->m->nflags == 0) return;
    fputs("/* The program's flags (ingot.flag): name, dtype, default, help for --help. */\n",
          e->out);
    fputs("static const IgFlagSpec flags[] = {\n", e->out);
    for (int i = 0; i < e->m->nflags; i++) {
        const FlagDef *f = e->m->flags[i];
        fprintf(e->out, "    {%s, %s, %s, %s},\n", c_string(e, f->name),
                ig_dtype_enum[f->value->dtype], c_string(e, flag_default_text(e, f)),
                c_string(e, f->help));
    }
    fputs("};\n\n", e->out);
}

void emit_c_module(FILE *out, Arena *scratch, const Module *m, const EmitOptions *opt) {
    Emitter e = {.out = out, .arena = scratch, .m = m, .opt = opt, .part = -1,
                 .donated_input = -1};
    const Func *program = NULL;
    bool *reach = ARENA_ARRAY(scratch, bool, m->nfuncs > 0 ? m->nfuncs : 1);
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->kind == FUNC_PROGRAM) {
            program = m->funcs[i];
            reach[i] = true;
            mark_reachable(program->body, reach);
        }
    IG_ASSERT(program && program->body->nresults <= 1);
    if (opt->lib_name) {
        /* A library's entry points call its exports and the weights' restore. */
        for (int i = 0; i <= m->nexports; i++) {
            const Func *f = i < m->nexports ? m->exports[i].func : m->restore;
            if (!f || reach[f->index]) continue;
            reach[f->index] = true;
            mark_reachable(f->body, reach);
        }
    }

    StrBuf head;
    strbuf_init(&head, scratch);
    emit_comment_text(&head, irtext_basename(opt->script_name ? opt->script_name : m->source_path));
    fprintf(out, "/* generated by ingot %s from %s \xe2\x80\x94 do not edit */\n", INGOT_VERSION,
            strbuf_cstr(&head));
    fputs("#include <ingot/rt.h>\n", out);
    if (opt->lib_name) emit_lib_includes(out, opt->lib_name);
    if (m->replicas > 0) fputs("#include <ingot/mpi.h>\n", out);
    if (module_uses_math(m, reach)) fputs("#include <math.h> /* INFINITY, NAN */\n", out);
    fputc('\n', out);

    emit_flag_table(&e);
    emit_globals(&e);
    /* Prototypes first, so definitions can follow graph_print's order. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *f = m->funcs[i];
            if (!reach[i] || (f->kind == FUNC_PROGRAM) != (pass == 0)) continue;
            emit_func_names(&e, f);
            fprintf(out, "%s;\n", emit_prototype(&e, f));
        }
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *f = m->funcs[i];
            if (!reach[i] || (f->kind == FUNC_PROGRAM) != (pass == 0)) continue;
            fputc('\n', out);
            emit_func(&e, f);
        }

    if (opt->lib_name) {
        emit_lib_entry_points(out, scratch, m, opt->lib_name);
        return;
    }
    fputs("\nint main(int argc, char **argv) {\n", out);
    fputs("    ig_runtime_init(argc, argv);\n", out);
    /* Flags are parsed before anything runs: --help and bad values exit here. */
    if (m->nflags > 0) fprintf(out, "    ig_flags_parse(argc, argv, flags, %d);\n", m->nflags);
    else fputs("    ig_flags_parse(argc, argv, NULL, 0);\n", out);
    if (m->replicas > 0) {
        fprintf(out, "    /* tf.distribute (%s:%d): this process is one of %d replicas, which\n"
                     "       start together under mpirun (ingot/mpi.h) */\n",
                irtext_basename(m->distribute_loc.file ? m->distribute_loc.file->path
                                                       : m->source_path),
                m->distribute_loc.line, m->replicas);
        fprintf(out, "    ig_mpi_start(argc, argv, %d, \"%s\");\n", m->replicas,
                opt->build_id ? opt->build_id : "");
    }
    if (m->nglobals > 0) fputs("    init();\n", out);
    fputs(program->body->nresults ? "    ig_release(program());\n" : "    program();\n", out);
    for (int i = 0; i < m->nglobals; i++)
        fprintf(out, "    ig_var_release(&%s);\n", emit_var_name(&e, m->globals[i]));
    if (m->replicas > 0) fputs("    ig_mpi_finish();\n", out);
    fputs("    ig_runtime_shutdown();\n", out);
    fputs("    return 0;\n", out);
    fputs("}\n", out);
}

/* ---- does any literal need <math.h>? -------------------------------------------- */
static bool const_has_nonfinite(const Inst *x) {
    const Attr *a = NULL;
    if (x->op == OP_CONST) {
        a = attrs_get(&x->attrs, "value");
        const ConstData *c = a->tensor;
        int64_t n = shape_num_elements(&c->shape);
        for (int64_t i = 0; i < n; i++) {
            double v = c->dtype == DT_FLOAT32   ? ((const float *)c->data)[i]
                       : c->dtype == DT_FLOAT64 ? ((const double *)c->data)[i]
                                                : 0.0;
            if (!isfinite(v)) return true;
        }
    } else if (x->op == OP_FILL) {
        a = attrs_get(&x->attrs, "value");
        if (a->kind == ATTR_FLOAT && !isfinite(a->f)) return true;
    } else if (op_is_random(x->op)) {
        for (int i = 0; i < x->attrs.len; i++)
            if (x->attrs.items[i].kind == ATTR_FLOAT && !isfinite(x->attrs.items[i].f)) return true;
    }
    return false;
}

static bool region_uses_math(const Region *r) {
    for (const Inst *x = r->first; x; x = x->next) {
        if (const_has_nonfinite(x)) return true;
        for (int i = 0; i < x->nregions; i++)
            if (region_uses_math(x->regions[i])) return true;
    }
    return false;
}

static bool const_data_has_nonfinite(const ConstData *c) {
    if (!dtype_is_float(c->dtype)) return false;
    int64_t n = shape_num_elements(&c->shape);
    for (int64_t i = 0; i < n; i++)
        if (!isfinite(c->dtype == DT_FLOAT32 ? ((const float *)c->data)[i]
                                             : ((const double *)c->data)[i]))
            return true;
    return false;
}

static bool module_uses_math(const Module *m, const bool *reach) {
    for (int i = 0; i < m->nglobals; i++)
        if (m->globals[i]->init && const_data_has_nonfinite(m->globals[i]->init)) return true;
    for (int i = 0; i < m->nfuncs; i++)
        if (reach[i] && region_uses_math(m->funcs[i]->body)) return true;
    return false;
}
