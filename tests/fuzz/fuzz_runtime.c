/* fuzz_runtime.c — libFuzzer harness for the runtime: every kernel called as eager
 * mode calls it (graph/builder.c with an EagerContext: the op's shape rule first, then
 * exec/eager.c's call of its ig_ kernel), on tensors of fuzzed dtypes, shapes and
 * values, with fuzzed attributes; also variables, random draws, tf.print's formatter
 * and bool(t). One input byte in eight selects the flags half instead
 * (fuzz_runtime_flags.c). Entry point: LLVMFuzzerTestOneInput.
 * Memory owner: one Arena (and one EagerContext) per input; eager_finish releases
 * every tensor at the end. Leaks are not checked here: a run-time error leaks what
 * was alive (the program would have ended there), which LeakSanitizer cannot tell
 * from a real leak, so scripts/fuzz runs this harness with detect_leaks=0 (the
 * runtime's leaks are tests/leak's and the sanitized e2e tests' to find).
 *
 * The input is a little program: each step reads an opcode byte and then what that
 * op needs (which values of the pool it takes, its attributes); a constant adds a
 * tensor to the pool, an op's result joins it. A shape rule's refusal or a run-time
 * error (ig_fatal, caught: fuzz_common.h) is an answer; a sanitizer report, an
 * internal error or an eager/shape-rule disagreement (eager.c's asserts) is a crash.
 *
 * Input space left out on purpose (tests/fuzz/README.md): results of more than
 * FUZZ_MAX_ELEMENTS elements, which only cost time. Shape operands with huge dims
 * (1<<31, 1<<62, INT64_MAX) and window attributes of any int64 do run: the shape
 * rules must refuse what overflows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ingot/rt.h>

#include "eager.h"
#include "fuzz_common.h"
#include "fuzz_runtime.h"
#include "ir.h"
#include "kernel_call.h"

#define FUZZ_MAX_ELEMENTS (1 << 16)
#define FUZZ_CONST_ELEMENTS 512
#define FUZZ_POOL 16
#define FUZZ_STEPS 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Program {
    FuzzReader r;
    Arena *a;
    Module *m;
    Builder b;
    EagerContext *ec; /* b's executor */
    SrcLoc loc;
    IrValue *pool[FUZZ_POOL];
    int npool;
    int errors; /* shape-rule refusals and run-time errors seen (not crashes) */
} Program;

static void on_error(void *ctx, BuildErrorKind kind, SrcLoc loc, const char *msg) {
    (void)kind, (void)loc, (void)msg;
    ((Program *)ctx)->errors++;
}

static int8_t s8(Program *p) { return (int8_t)fuzz_u8(&p->r); }

/* ---- values --------------------------------------------------------------------- */
static const double float_specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e-45, 1e-300, 3.4e38,
                                        1.7976931348623157e308, INFINITY, -INFINITY, NAN,
                                        1e10, -1e10, 2.0, 0.1};
static const char *const string_values[] = {"", "a", "hello", "two words", "\n", "\xc3\xa9",
                                            "a much longer string of text, forty chars"};

/* Mostly a signed byte; four bytes give the extremes, where sizes overflow. */
static int64_t int_value(uint8_t b, DType dt) {
    bool i32 = dt == DT_INT32;
    if (b == 0x7d) return i32 ? INT32_MAX : (int64_t)1 << 31;
    if (b == 0x7e) return i32 ? INT32_MAX : INT64_MAX;
    if (b == 0x81) return i32 ? INT32_MIN : INT64_MIN;
    if (b == 0x82) return i32 ? INT32_MIN + 1 : (int64_t)1 << 62;
    return (int8_t)b;
}

/* One element of dtype dt from the next byte into dst. */
static void element(Program *p, DType dt, void *dst) {
    uint8_t b = fuzz_u8(&p->r);
    double f = b < 16 ? float_specials[b] : (int8_t)b / 4.0;
    switch (dt) {
    case DT_BOOL: *(uint8_t *)dst = b & 1; break;
    case DT_INT32: *(int32_t *)dst = (int32_t)int_value(b, dt); break;
    case DT_INT64: *(int64_t *)dst = int_value(b, dt); break;
    case DT_FLOAT32: *(float *)dst = (float)f; break;
    case DT_FLOAT64: *(double *)dst = f; break;
    case DT_STRING:
        *(const char **)dst = string_values[b % (sizeof string_values / sizeof string_values[0])];
        break;
    case DT__COUNT: abort();
    }
}

/* A small shape: rank 0..4, dims mostly 0..4, now and then up to 40. */
static Shape small_shape(Program *p, int64_t max_elements) {
    Shape s = shape_scalar();
    s.rank = fuzz_u8(&p->r) % 5;
    int64_t n = 1;
    for (int i = 0; i < s.rank; i++) {
        uint8_t b = fuzz_u8(&p->r);
        int64_t d = b >= 240 ? b - 200 : b % 5;
        if (n * (d ? d : 1) > max_elements) d = 1;
        s.dims[i] = d;
        n *= d ? d : 1;
    }
    return s;
}

static void pool_add(Program *p, IrValue *v) {
    if (!v) return;
    if (p->npool < FUZZ_POOL) p->pool[p->npool++] = v;
    else p->pool[fuzz_u8(&p->r) % FUZZ_POOL] = v;
}

static IrValue *pool_pick(Program *p) {
    return p->npool ? p->pool[fuzz_u8(&p->r) % p->npool] : NULL;
}

static ConstData *const_data(Program *p, DType dt, Shape s) {
    ConstData *c = ARENA_NEW(p->a, ConstData);
    int64_t n = shape_num_elements(&s);
    size_t esize = dt == DT_STRING ? sizeof(const char *) : dtype_size(dt);
    char *d = arena_alloc(p->a, (size_t)n * esize + 1);
    for (int64_t i = 0; i < n; i++) element(p, dt, d + (size_t)i * esize);
    *c = (ConstData){dt, s, d};
    return c;
}

static void make_const(Program *p) {
    DType dt = (DType)(fuzz_u8(&p->r) % DT__COUNT);
    Shape s = small_shape(p, FUZZ_CONST_ELEMENTS);
    pool_add(p, build_const(&p->b, const_data(p, dt, s), p->loc));
}

/* A constant int vector of n entries (shapes, multiples, slice bounds). */
static IrValue *int_vector(Program *p, int n) {
    DType dt = fuzz_u8(&p->r) & 1 ? DT_INT64 : DT_INT32;
    int64_t dims[1] = {n};
    return build_const(&p->b, const_data(p, dt, shape_of(1, dims)), p->loc);
}

/* ---- attributes ----------------------------------------------------------------- */
static void ints_attr(Program *p, Attrs *at, const char *key, int maxlen) {
    int n = fuzz_u8(&p->r) % (maxlen + 1);
    int64_t v[IR_MAX_RANK + 1];
    for (int i = 0; i < n; i++) v[i] = s8(p) % 6;
    attrs_set_ints(p->a, at, key, v, n);
}

/* A window attribute (strides, ksize, dilations): any int64, as the interpreter
   passes a script's ints on, so 1<<62 must be refused rather than cut to 32 bits. */
static void pair_attr(Program *p, Attrs *at, const char *key) {
    int64_t v[2] = {int_value(fuzz_u8(&p->r), DT_INT64), int_value(fuzz_u8(&p->r), DT_INT64)};
    if (fuzz_u8(&p->r) & 1) v[0] = v[0] % 4, v[1] = v[1] % 4; /* mostly plausible */
    attrs_set_ints(p->a, at, key, v, 2);
}

static void padding_attr(Program *p, Attrs *at) {
    static const char *const pads[] = {"SAME", "VALID", "same", ""};
    attrs_set_string(p->a, at, "padding", pads[fuzz_u8(&p->r) % 4]);
}

/* The attributes of op, of the kinds the interpreter gives them, with fuzzed values. */
static void op_attrs(Program *p, Opcode op, Attrs *at) {
    switch (op_info[op].abi) {
    case ABI_AXIS:
    case ABI_LIST_AXIS: attrs_set_int(p->a, at, "axis", s8(p) % 6); break;
    case ABI_REDUCE:
        if (fuzz_u8(&p->r) & 1) ints_attr(p, at, "axis", 4);
        if (fuzz_u8(&p->r) & 1) attrs_set_bool(p->a, at, "keepdims", fuzz_u8(&p->r) & 1);
        break;
    case ABI_AXES: ints_attr(p, at, "axis", 4); break;
    case ABI_PERM: ints_attr(p, at, "perm", 5); break;
    case ABI_MATMUL:
        attrs_set_bool(p->a, at, "transpose_a", fuzz_u8(&p->r) & 1);
        attrs_set_bool(p->a, at, "transpose_b", fuzz_u8(&p->r) & 1);
        break;
    case ABI_SLICE:
        for (int i = 0; i < SLICE_MASKS; i++)
            attrs_set_int(p->a, at, slice_mask_names[i], fuzz_u8(&p->r) % 32);
        break;
    case ABI_CONV:
        pair_attr(p, at, "strides");
        pair_attr(p, at, "dilations");
        padding_attr(p, at);
        break;
    case ABI_POOL:
        pair_attr(p, at, "ksize");
        pair_attr(p, at, "strides");
        padding_attr(p, at);
        break;
    case ABI_EPSILON: {
        uint8_t b = fuzz_u8(&p->r);
        attrs_set_float(p->a, at, "epsilon", b < 16 ? float_specials[b] : 1e-3);
        break;
    }
    case ABI_INPUTS:
    case ABI_LOAD:
    case ABI_SAVE:
    case ABI_PROGRESS:
    case ABI_SPECIAL: break;
    }
}

/* ---- steps ---------------------------------------------------------------------- */
/* Whether op applied to in would make a result small enough to run (see the top). */
static bool small_result(Opcode op, IrValue **in, int nin, const Attrs *at) {
    TensorType out[2];
    int nout = 0;
    ShapeError err;
    /* (Refused: build_op reports it, an answer.) */
    if (!shape_infer(op, in, nin, at, NULL, out, &nout, &err)) return true;
    for (int i = 0; i < nout; i++) {
        int64_t n = shape_num_elements(&out[i].shape);
        if (n < 0 || n > FUZZ_MAX_ELEMENTS) return false;
    }
    return true;
}

/* A generic op (any ABI but SPECIAL), or cast/range/fill. */
static void run_op(Program *p, Opcode op) {
    Attrs at = {0};
    IrValue *in[8];
    int nin = op_info[op].ninputs;
    if (nin < 0) nin = 1 + fuzz_u8(&p->r) % 4;
    for (int i = 0; i < nin; i++) {
        /* Shape-like second operands are often fresh int vectors. */
        uint8_t how = fuzz_u8(&p->r);
        in[i] = how >= 200 ? int_vector(p, how % 5) : pool_pick(p);
        if (!in[i]) return;
    }
    if (op == OP_CAST) attrs_set_dtype(p->a, &at, "dtype", (DType)(fuzz_u8(&p->r) % DT__COUNT));
    if (op == OP_FILL) {
        attrs_set_dtype(p->a, &at, "dtype", (DType)(fuzz_u8(&p->r) % DT__COUNT));
        attrs_set_shape(p->a, &at, "shape", small_shape(p, FUZZ_MAX_ELEMENTS));
        uint8_t b = fuzz_u8(&p->r);
        if (b & 1) attrs_set_float(p->a, &at, "value", float_specials[(b >> 1) % 16]);
        else attrs_set_int(p->a, &at, "value", int_value(b >> 1, DT_INT64));
    }
    op_attrs(p, op, &at);
    if (!small_result(op, in, nin, &at)) return;
    if (getenv("INGOT_FUZZ_VERBOSE")) { /* reproducing by hand: what runs */
        fprintf(stderr, "%s", op_info[op].name);
        for (int i = 0; i < nin; i++) {
            char b[128];
            fprintf(stderr, " %s", type_str(&in[i]->type, b, sizeof b));
        }
        for (int i = 0; i < at.len; i++)
            if (at.items[i].kind == ATTR_INT || at.items[i].kind == ATTR_BOOL)
                fprintf(stderr, " %s=%lld", at.items[i].key, (long long)at.items[i].i);
        fputc('\n', stderr);
    }
    pool_add(p, build_op(&p->b, op, in, nin, &at, p->loc));
}

/* A variable made from a pool value, then read or assigned (eager.c's variables). */
static void run_var(Program *p) {
    IrValue *v = pool_pick(p);
    const IgTensor *t = v ? eager_tensor(p->ec, v) : NULL;
    if (!t || v->type.dtype == DT_STRING) return;
    ConstData *init = ARENA_NEW(p->a, ConstData);
    size_t bytes = (size_t)t->size * ig_dtype_size(t->dtype);
    void *d = arena_alloc(p->a, bytes + 1);
    memcpy(d, t->data, bytes);
    *init = (ConstData){v->type.dtype, v->type.shape, d};
    Global *g = module_add_global(p->m, "v", init, true, p->loc);
    static const Opcode assigns[] = {OP_ASSIGN_VAR, OP_ASSIGN_ADD_VAR, OP_ASSIGN_SUB_VAR};
    for (int k = fuzz_u8(&p->r) % 3; k >= 0; k--) {
        uint8_t b = fuzz_u8(&p->r);
        IrValue *x = pool_pick(p);
        if (b % 4 == 3 || !x) pool_add(p, build_read_var(&p->b, g, p->loc));
        else build_assign_var(&p->b, assigns[b % 4], g, x, p->loc);
    }
}

/* A random draw from a generator state of fuzzed words (eager.c's random ops). */
static void run_random(Program *p) {
    static const Opcode ops[] = {OP_RANDOM_UNIFORM, OP_RANDOM_UNIFORM_INT, OP_RANDOM_NORMAL,
                                 OP_RANDOM_TRUNCATED_NORMAL};
    Opcode op = ops[fuzz_u8(&p->r) % 4];
    int64_t three[1] = {3};
    ConstData *words = const_data(p, DT_INT64, shape_of(1, three));
    Global *state = module_add_global(p->m, "generator", words, false, p->loc);
    Attrs at = {0};
    attrs_set_dtype(p->a, &at, "dtype", (DType)(fuzz_u8(&p->r) % DT__COUNT));
    attrs_set_shape(p->a, &at, "shape", small_shape(p, FUZZ_MAX_ELEMENTS));
    bool is_uniform = op == OP_RANDOM_UNIFORM || op == OP_RANDOM_UNIFORM_INT;
    const char *k0 = is_uniform ? "minval" : "mean", *k1 = is_uniform ? "maxval" : "stddev";
    if (op == OP_RANDOM_UNIFORM_INT) {
        uint8_t b0 = fuzz_u8(&p->r), b1 = fuzz_u8(&p->r);
        attrs_set_int(p->a, &at, k0, int_value(b0, DT_INT64));
        attrs_set_int(p->a, &at, k1, int_value(b1, DT_INT64));
    } else {
        attrs_set_float(p->a, &at, k0, float_specials[fuzz_u8(&p->r) % 16]);
        attrs_set_float(p->a, &at, k1, float_specials[fuzz_u8(&p->r) % 16]);
    }
    Inst *inst = build_random(&p->b, op, NULL, 0, &at, state, p->loc);
    if (inst && inst->noutputs == 1) pool_add(p, inst->outputs[0]);
}

/* tf.print's formatting (to /dev/null) and bool(t) on pool values. */
static void run_print(Program *p) {
    const IgTensor *args[3];
    int n = 0;
    for (int k = fuzz_u8(&p->r) % 4; k > 0; k--) {
        IrValue *v = pool_pick(p);
        if (v && eager_tensor(p->ec, v)) args[n++] = eager_tensor(p->ec, v);
    }
    IgSite site = IG_SITE("fuzz.py", 1);
    ig_print(&site, fuzz_sink(), n, n ? args : NULL, " ", "\n", (int)(s8(p) % 8));
    if (n) {
        bool value;
        char err[256];
        eager_truth(args[0], &value, err, sizeof err);
    }
}

/* The ops the harness runs: every op with a generic kernel ABI, and the special ones
   eager mode runs itself (const, variables, random and print have steps of their own).
   Not the file ops: they would read and write the file system (tests/e2e/data); nor
   the progress bar, which would only fill the log. */
static Opcode step_ops[OP__COUNT];
static int nstep_ops;

static void init_step_ops(void) {
    if (nstep_ops) return;
    for (int op = 0; op < OP__COUNT; op++)
        if ((op_info[op].abi != ABI_SPECIAL && !op_touches_files((Opcode)op) &&
             op != OP_PROGRESS) || op == OP_CAST ||
            op == OP_RANGE || op == OP_FILL)
            step_ops[nstep_ops++] = (Opcode)op;
}

static void run_program(void *ctx) {
    Program *p = ctx;
    for (int step = 0; step < FUZZ_STEPS && fuzz_left(&p->r); step++) {
        uint8_t what = fuzz_u8(&p->r);
        if (what < 48 || p->npool == 0) make_const(p);
        else if (what < 52) run_var(p);
        else if (what < 56) run_random(p);
        else if (what < 60) run_print(p);
        else run_op(p, step_ops[(what - 60) % nstep_ops]);
        eager_safe_point(p->ec);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    init_step_ops();
    FuzzReader r = {data, size, 0};
    if (fuzz_u8(&r) % 8 == 7) {
        fuzz_flags_one(&r);
        return 0;
    }
    Arena *a = arena_new();
    /* In collected memory, so the collector sees the pool's values (and their tensors
       stay owned); reachable from this frame until the end. */
    Program *p = ARENA_NEW(a, Program);
    p->r = r;
    p->a = a;
    SourceFile *file = fuzz_source(a, (const uint8_t *)"x\n", 2);
    p->loc = (SrcLoc){file, 1, 1, 1};
    p->m = module_new(a, file->path);
    Func *f = func_new(p->m, "main", FUNC_PROGRAM, p->loc);
    static char *argv[] = {(char *)"prog", NULL};
    p->ec = eager_new(p->m, 1, argv);
    p->b = (Builder){.module = p->m, .region = f->body, .exec = eager_executor(p->ec),
                     .on_error = on_error, .on_error_ctx = p};
    if (!fuzz_run_trapped(run_program, p, false)) p->errors++;
    eager_finish(p->ec);
    arena_free(a);
    return 0;
}
