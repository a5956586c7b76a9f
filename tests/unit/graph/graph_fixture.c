/* graph_fixture.c — the shared fixture for the graph unit tests (graph_fixture.h). */
#include "graph_fixture.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

GraphFixture gf;
char gf_err[512];
ShapeError gf_shape;

const char *const gf_script =
    "import tensorflow as tf\n"          /* 1 */
    "\n"                                 /* 2 */
    "@tf.function\n"                     /* 3 */
    "def compute(x):\n"                  /* 4 */
    "    y = x * 2.0   \n"               /* 5 (trailing blanks on purpose) */
    "    return y + 1.0\n"               /* 6 */
    "\n"                                 /* 7 */
    "a = tf.constant(3.0)\n"             /* 8 */
    "b = compute(a)\n"                   /* 9 */
    "tf.print(a, b)\n"                   /* 10 */
    "w = tf.ones([2, 3]) /* odd */ ?\?/\n" /* 11 */
    "s = tf.reduce_sum(tf.matmul(w, tf.transpose(w)), axis=1)\n"; /* 12 */

static Func *scratch_func;

void gf_setup(void) {
    memset(&gf, 0, sizeof gf);
    gf.arena = arena_new();
    gf.diag_out = open_memstream(&gf.diag_text, &gf.diag_len);
    diag_init(&gf.diag, gf.diag_out);
    gf.src = diag_source_from_string(gf.arena, "tests/compute.py", gf_script);
    gf.m = module_new(gf.arena, "tests/compute.py");
    gf.program = func_new(gf.m, NULL, FUNC_PROGRAM, gf_at(1, 1));
    gf.b = (Builder){.module = gf.m, .region = gf.program->body, .diag = &gf.diag};
    scratch_func = NULL;
    gf_err[0] = '\0';
}

void gf_teardown(void) {
    fclose(gf.diag_out);
    free(gf.diag_text);
    arena_free(gf.arena);
}

const char *gf_diag(void) {
    fflush(gf.diag_out);
    return gf.diag_text ? gf.diag_text : "";
}

SrcLoc gf_at(int line, int col) {
    return (SrcLoc){.file = gf.src, .line = line, .col = col, .len = 1};
}

static TensorType type_va(DType dt, int rank, va_list ap) {
    TensorType t;
    memset(&t, 0, sizeof t);
    t.dtype = dt;
    t.shape.rank = rank;
    for (int i = 0; i < rank; i++) t.shape.dims[i] = va_arg(ap, int);
    return t;
}

TensorType gf_type(DType dt, int rank, ...) {
    va_list ap;
    va_start(ap, rank);
    TensorType t = type_va(dt, rank, ap);
    va_end(ap);
    return t;
}

IrValue *gf_param(Func *f, DType dt, int rank, ...) {
    va_list ap;
    va_start(ap, rank);
    TensorType t = type_va(dt, rank, ap);
    va_end(ap);
    return region_add_param(gf.m, f->body, t, NULL);
}

IrValue *gf_input(DType dt, int rank, ...) {
    if (!scratch_func) scratch_func = func_new(gf.m, "scratch", FUNC_TRACED, gf_at(1, 1));
    va_list ap;
    va_start(ap, rank);
    TensorType t = type_va(dt, rank, ap);
    va_end(ap);
    return region_add_param(gf.m, scratch_func->body, t, NULL);
}

const ConstData *gf_data(DType dt, int rank, const int64_t *dims, const void *elements) {
    ConstData *c = ARENA_NEW(gf.arena, ConstData);
    c->dtype = dt;
    c->shape = shape_of(rank, dims);
    size_t bytes = dtype_size(dt) * (size_t)shape_num_elements(&c->shape);
    void *copy = arena_alloc(gf.arena, bytes);
    if (bytes) memcpy(copy, elements, bytes);
    c->data = copy;
    return c;
}

IrValue *gf_const_f32(Builder *b, float x, int line) {
    return build_const(b, gf_data(DT_FLOAT32, 0, NULL, &x), gf_at(line, 1));
}

IrValue *gf_const_i32(Builder *b, int32_t x, int line) {
    return build_const(b, gf_data(DT_INT32, 0, NULL, &x), gf_at(line, 1));
}

bool gf_infer(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
              TensorType *out, int *nout) {
    bool ok = shape_infer(op, in, nin, attrs, callee, out, nout, &gf_shape);
    snprintf(gf_err, sizeof gf_err, "%s", gf_shape.msg);
    return ok;
}

const char *gf_type_str(TensorType t) {
    static char buf[8][64];
    static int next;
    char *b = buf[next++ % 8];
    return type_str(&t, b, 64);
}

GfSmall gf_build_small(void) {
    GfSmall s;
    CallChain *chain = ARENA_NEW(gf.arena, CallChain);
    chain->call_loc = gf_at(9, 5);
    chain->callee_name = "compute";
    s.compute = func_new(gf.m, "compute", FUNC_TRACED, gf_at(4, 1));
    s.x = gf_param(s.compute, DT_FLOAT32, 0);
    s.x->name_hint = "x";
    Builder fb = {.module = gf.m, .region = s.compute->body, .diag = &gf.diag, .chain = chain};
    s.two = gf_const_f32(&fb, 2.0f, 5);
    s.y = build_op(&fb, OP_MUL, (IrValue *[]){s.x, s.two}, 2, NULL, gf_at(5, 9));
    s.y->name_hint = "y";
    s.one = gf_const_f32(&fb, 1.0f, 6);
    s.r = build_op(&fb, OP_ADD, (IrValue *[]){s.y, s.one}, 2, NULL, gf_at(6, 12));
    region_set_results(gf.m, s.compute->body, &s.r, 1);

    s.a = gf_const_f32(&gf.b, 3.0f, 8);
    s.a->name_hint = "a";
    s.call = build_inst(&gf.b, OP_CALL, &s.a, 1, NULL, s.compute, gf_at(9, 5));
    s.b = s.call->outputs[0];
    s.b->name_hint = "b";
    s.print = build_inst(&gf.b, OP_PRINT, (IrValue *[]){s.a, s.b}, 2, NULL, NULL, gf_at(10, 1));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    IG_ASSERT(gf.diag.errors == 0);
    return s;
}

