/* cf_fixture.c — control-flow graphs for the graph tests (see cf_fixture.h). */
#include "cf_fixture.h"

#include <string.h>

const char *const cf_script =
    "import tensorflow as tf\n"   /* 1 */
    "x = tf.constant(3.0)\n"      /* 2 */
    "i = tf.constant(0)\n"        /* 3 */
    "if x > 2.0:\n"               /* 4 */
    "    x = x * 2.0\n"           /* 5 */
    "else:\n"                     /* 6 */
    "    tf.print('small')\n"     /* 7 */
    "while i < 10:\n"             /* 8 */
    "    x = x + 1.0\n"           /* 9 */
    "    i = i + 1\n"             /* 10 */
    "tf.print(x, i)\n";           /* 11 */

static SourceFile *cf_src;

void cf_setup(void) {
    gf_setup();
    cf_src = diag_source_from_string(gf.arena, "tests/loop.py", cf_script);
}

SrcLoc cf_at(int line) { return (SrcLoc){.file = cf_src, .line = line, .col = 1, .len = 1}; }

Region *cf_enter(Region *r) {
    Region *old = gf.b.region;
    gf.b.region = r;
    return old;
}

IrValue *cf_f32(float x, int line) {
    return build_const(&gf.b, gf_data(DT_FLOAT32, 0, NULL, &x), cf_at(line));
}
IrValue *cf_i32(int32_t x, int line) {
    return build_const(&gf.b, gf_data(DT_INT32, 0, NULL, &x), cf_at(line));
}
IrValue *cf_bool(bool x, int line) {
    return build_const(&gf.b, gf_data(DT_BOOL, 0, NULL, &x), cf_at(line));
}

IrValue *cf_op(Opcode op, IrValue *a, IrValue *b, int line) {
    IrValue *in[2] = {a, b};
    return build_op(&gf.b, op, in, b ? 2 : 1, NULL, cf_at(line));
}

void cf_print(IrValue **vals, int n, int line) {
    build_inst(&gf.b, OP_PRINT, vals, n, NULL, NULL, cf_at(line));
}

void cf_print_text(const char *text, int line) {
    IrValue *s = build_const(&gf.b, gf_data(DT_STRING, 0, NULL, &text), cf_at(line));
    cf_print(&s, 1, line);
}

Inst *cf_build_cond(IrValue *x) {
    IrValue *pred = cf_op(OP_GREATER, x, cf_f32(2.0f, 4), 4);
    Region *then_r = region_new(gf.m, gf.b.region->func);
    Region *outer = cf_enter(then_r);
    IrValue *y = cf_op(OP_MUL, x, cf_f32(2.0f, 5), 5);
    y->name_hint = "x";
    region_set_results(gf.m, then_r, &y, 1);
    Region *else_r = region_new(gf.m, outer->func);
    cf_enter(else_r);
    cf_print_text("small", 7);
    region_set_results(gf.m, else_r, &x, 1);
    cf_enter(outer);
    Inst *c = build_cond(&gf.b, pred, then_r, else_r, cf_at(4));
    IG_ASSERT(c);
    c->outputs[0]->name_hint = "x";
    return c;
}

Inst *cf_build_while(IrValue *x, IrValue *i, IrValue *limit) {
    Func *f = gf.b.region->func;
    Region *cond_r = region_new(gf.m, f), *body_r = region_new(gf.m, f);
    region_add_param(gf.m, cond_r, x->type, "x");
    IrValue *ci = region_add_param(gf.m, cond_r, i->type, "i");
    IrValue *bx = region_add_param(gf.m, body_r, x->type, "x");
    IrValue *bi = region_add_param(gf.m, body_r, i->type, "i");
    Region *outer = cf_enter(cond_r);
    IrValue *more = cf_op(OP_LESS, ci, limit, 8);
    region_set_results(gf.m, cond_r, &more, 1);
    cf_enter(body_r);
    IrValue *nx = cf_op(OP_ADD, bx, cf_f32(1.0f, 9), 9);
    IrValue *ni = cf_op(OP_ADD, bi, cf_i32(1, 10), 10);
    nx->name_hint = "x";
    ni->name_hint = "i";
    region_set_results(gf.m, body_r, (IrValue *[]){nx, ni}, 2);
    cf_enter(outer);
    Inst *w = build_while(&gf.b, (IrValue *[]){x, i}, 2, cond_r, body_r, cf_at(8));
    IG_ASSERT(w);
    w->outputs[0]->name_hint = "x";
    w->outputs[1]->name_hint = "i";
    return w;
}
