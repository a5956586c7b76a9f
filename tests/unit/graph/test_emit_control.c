/* test_emit_control.c — cond and while in the C back end: the shape of the emitted C,
 * and programs built by hand, emitted, compiled with -Wall -Wextra -Werror, run and
 * checked by their output. Ownership is checked by running them: under the sanitizer
 * build LeakSanitizer fails a program that leaks, ASan one that over-releases; the
 * plain build bounds the memory of a million-iteration loop and, when valgrind is
 * installed, runs a program under it. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cf_fixture.h"
#include "program_fixture.h"
#include "config.h"

TestSuite(emit_control, .init = cf_setup, .fini = gf_teardown);

/* Compiles and runs the module, its 0-d values as tensors and then as C scalars; each
 * must exit 0 with exactly want on stdout. */
static PfRun expect_run(const char *want) {
    pf_verify_ok();
    PfRun r;
    for (int scalars = 0; scalars <= 1; scalars++) {
        pf_scalars = scalars;
        const char *exe = pf_compile("program");
        r = pf_run((char *[]){(char *)exe, NULL});
        pf_remove(exe);
        cr_assert_eq(r.status, 0, "status %d, stderr:\n%s\n--- C ---\n%s", r.status, r.err,
                     pf_emit_c());
        cr_assert_str_eq(r.out, want, "--- C ---\n%s", pf_emit_c());
    }
    pf_scalars = false;
    return r;
}

/* A computed value (c + 0): reference counted, unlike a constant, which is immortal
 * and so would hide a missing retain or an extra release. */
static IrValue *owned_i32(int32_t x, int line) {
    return cf_op(OP_ADD, cf_i32(x, line), cf_i32(0, line), line);
}
static IrValue *owned_f32(float x, int line) {
    return cf_op(OP_ADD, cf_f32(x, line), cf_f32(0.0f, line), line);
}

static void finish_program(void) {
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
}

/* ---- programs --------------------------------------------------------------------- */
/* x = x0; i = 0; if x > 2: x = x * 2 else: print("small"); while i < limit: x += 1;
 * i += 1; print(x, i) */
static void build_basic(float x0, int32_t limit, bool owned) {
    IrValue *x = owned ? owned_f32(x0, 2) : cf_f32(x0, 2),
            *i = owned ? owned_i32(0, 3) : cf_i32(0, 3);
    Inst *c = cf_build_cond(x);
    Inst *w = cf_build_while(c->outputs[0], i, cf_i32(limit, 8));
    cf_print(w->outputs, 2, 11);
    finish_program();
}

/* i = 0; acc = 0
 * while i < 6:
 *     if i % 2 == 0: print(i)          (a cond without outputs, holding a print)
 *     acc = acc + i if i > 2 else acc  (a branch yielding a carried param)
 *     i = i + 1
 * print(acc) */
static void build_cond_in_while(void) {
    IrValue *i0 = owned_i32(0, 2), *acc0 = owned_i32(0, 3);
    Func *f = gf.program;
    Region *cr = region_new(gf.m, f), *br = region_new(gf.m, f);
    region_add_param(gf.m, cr, i0->type, "i");
    IrValue *ci = cr->params[0];
    region_add_param(gf.m, cr, acc0->type, "acc");
    IrValue *bi = region_add_param(gf.m, br, i0->type, "i");
    IrValue *bacc = region_add_param(gf.m, br, acc0->type, "acc");
    Region *outer = cf_enter(cr);
    IrValue *more = cf_op(OP_LESS, ci, cf_i32(6, 8), 8);
    region_set_results(gf.m, cr, &more, 1);

    cf_enter(br);
    IrValue *even = cf_op(OP_EQUAL, cf_op(OP_MOD, bi, cf_i32(2, 9), 9), cf_i32(0, 9), 9);
    Region *pt = region_new(gf.m, f), *pe = region_new(gf.m, f);
    cf_enter(pt);
    cf_print(&bi, 1, 9);
    cf_enter(br);
    cr_assert_not_null(build_cond(&gf.b, even, pt, pe, cf_at(9)), "%s", gf_diag());

    IrValue *big = cf_op(OP_GREATER, bi, cf_i32(2, 10), 10);
    Region *at = region_new(gf.m, f), *ae = region_new(gf.m, f);
    cf_enter(at);
    IrValue *sum = cf_op(OP_ADD, bacc, bi, 10);
    region_set_results(gf.m, at, &sum, 1);
    cf_enter(ae);
    region_set_results(gf.m, ae, &bacc, 1);
    cf_enter(br);
    Inst *pick = build_cond(&gf.b, big, at, ae, cf_at(10));
    cr_assert_not_null(pick, "%s", gf_diag());
    IrValue *ni = cf_op(OP_ADD, bi, cf_i32(1, 10), 10);
    region_set_results(gf.m, br, (IrValue *[]){ni, pick->outputs[0]}, 2);
    cf_enter(outer);
    Inst *w = build_while(&gf.b, (IrValue *[]){i0, acc0}, 2, cr, br, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cf_print(&w->outputs[1], 1, 11);
    finish_program();
}

/* a = 1; b = 2; k = 0; c = 7
 * if p:
 *     d = k
 *     while k < n: a, b, k, d = b, a, k + 1, c   (swapped params, a captured yield)
 *     print(a, b, k, d); r = a
 * else: r = c                                     (a captured yield)
 * print(r) */
static void build_while_in_cond(bool p, int32_t n) {
    IrValue *a = owned_i32(1, 2), *b = owned_i32(2, 2), *k = owned_i32(0, 3), *c = owned_i32(7, 3);
    IrValue *limit = owned_i32(n, 3), *pred = cf_op(OP_LOGICAL_NOT, cf_bool(!p, 4), NULL, 4);
    Func *f = gf.program;
    Region *then_r = region_new(gf.m, f), *else_r = region_new(gf.m, f);
    Region *outer = cf_enter(then_r);
    Region *cr = region_new(gf.m, f), *br = region_new(gf.m, f);
    TensorType t = a->type;
    for (int j = 0; j < 4; j++) region_add_param(gf.m, cr, t, NULL);
    IrValue *ba = region_add_param(gf.m, br, t, "a"), *bb = region_add_param(gf.m, br, t, "b");
    IrValue *bk = region_add_param(gf.m, br, t, "k");
    region_add_param(gf.m, br, t, "d");
    cf_enter(cr);
    IrValue *more = cf_op(OP_LESS, cr->params[2], limit, 8);
    region_set_results(gf.m, cr, &more, 1);
    cf_enter(br);
    IrValue *k1 = cf_op(OP_ADD, bk, cf_i32(1, 10), 10);
    region_set_results(gf.m, br, (IrValue *[]){bb, ba, k1, c}, 4);
    cf_enter(then_r);
    Inst *w = build_while(&gf.b, (IrValue *[]){a, b, k, k}, 4, cr, br, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cf_print(w->outputs, 4, 11);
    region_set_results(gf.m, then_r, &w->outputs[0], 1);
    cf_enter(else_r);
    region_set_results(gf.m, else_r, &c, 1);
    cf_enter(outer);
    Inst *cond = build_cond(&gf.b, pred, then_r, else_r, cf_at(4));
    cr_assert_not_null(cond, "%s", gf_diag());
    cf_print(cond->outputs, 1, 11);
    finish_program();
}

/* flag = start < 5; x = start; y = 5; z = 9
 * while flag:                       (the condition yields a carried param)
 *     n = x + 1
 *     flag, x, y, z = n < 5, n, n, z  (one value yielded twice, z unchanged)
 * print(x, y, z) */
static void build_shared_yields(int32_t start) {
    IrValue *x = owned_i32(start, 2), *y = owned_i32(5, 2), *z = owned_i32(9, 2);
    IrValue *flag = cf_op(OP_LESS, x, cf_i32(5, 2), 2);
    Func *f = gf.program;
    Region *cr = region_new(gf.m, f), *br = region_new(gf.m, f);
    IrValue *init[4] = {flag, x, y, z};
    for (int j = 0; j < 4; j++) region_add_param(gf.m, cr, init[j]->type, NULL);
    IrValue *bp[4];
    for (int j = 0; j < 4; j++) bp[j] = region_add_param(gf.m, br, init[j]->type, NULL);
    region_set_results(gf.m, cr, &cr->params[0], 1);
    Region *outer = cf_enter(br);
    IrValue *n = cf_op(OP_ADD, bp[1], cf_i32(1, 9), 9);
    IrValue *nf = cf_op(OP_LESS, n, cf_i32(5, 9), 9);
    region_set_results(gf.m, br, (IrValue *[]){nf, n, n, bp[3]}, 4);
    cf_enter(outer);
    Inst *w = build_while(&gf.b, init, 4, cr, br, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cf_print(&w->outputs[1], 3, 11);
    finish_program();
}

/* i = 0; s = 0.0; while i < n: i = i + 1; s = s + 0.5; print(i, s) */
static void build_counter(int32_t n) {
    IrValue *i = owned_i32(0, 3), *s = owned_f32(0.0f, 2);
    Inst *w;
    Func *f = gf.program;
    Region *cr = region_new(gf.m, f), *br = region_new(gf.m, f);
    IrValue *ci = region_add_param(gf.m, cr, i->type, "i");
    region_add_param(gf.m, cr, s->type, "s");
    IrValue *bi = region_add_param(gf.m, br, i->type, "i"),
            *bs = region_add_param(gf.m, br, s->type, "s");
    Region *outer = cf_enter(cr);
    IrValue *more = cf_op(OP_LESS, ci, cf_i32(n, 8), 8);
    region_set_results(gf.m, cr, &more, 1);
    cf_enter(br);
    IrValue *ni = cf_op(OP_ADD, bi, cf_i32(1, 10), 10), *ns = cf_op(OP_ADD, bs, cf_f32(0.5f, 9), 9);
    region_set_results(gf.m, br, (IrValue *[]){ni, ns}, 2);
    cf_enter(outer);
    w = build_while(&gf.b, (IrValue *[]){i, s}, 2, cr, br, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cf_print(w->outputs, 2, 11);
    finish_program();
}

/* ---- the emitted text ------------------------------------------------------------- */
Test(emit_control, cond_is_an_if_else_with_outputs_declared_first) {
    build_basic(3.0f, 10, false);
    const char *text = pf_emit_c();
    const char *want =
        "    IgTensor *t4_x;\n"
        "    if (ig_truth(t3, &s4)) {\n"
        "        /* loop.py:5  x = x * 2.0 */\n"
        "        static IgSite s5 = IG_SITE(\"tests/loop.py\", 5);\n"
        "        static const float c5[] = {2.0f};\n"
        "        IgTensor *t5 = ig_constant(&s5, IG_FLOAT32, 0, NULL, c5);\n";
    cr_assert(strstr(text, want), "%s", text);
    /* The else-branch hands on the captured x: a reference of its own. */
    cr_assert(strstr(text, "    } else {\n"), "%s", text);
    cr_assert(strstr(text, "        t4_x = t0;\n        ig_retain(t4_x);\n    }\n"), "%s", text);
    cr_assert(strstr(text, "        t4_x = t6_x;\n    } else {\n"), "%s", text);
}

Test(emit_control, while_owns_its_carried_values) {
    build_basic(3.0f, 10, false);
    const char *text = pf_emit_c();
    const char *want =
        "    IgTensor *t9_x = t4_x;\n"
        "    ig_retain(t9_x);\n"
        "    IgTensor *t10_i = t1;\n"
        "    ig_retain(t10_i);\n"
        "    while (true) {\n"
        "        IgTensor *t12_i = t10_i;\n"
        "        static IgSite s13 = IG_SITE(\"tests/loop.py\", 8);\n"
        "        IgTensor *t13 = ig_less(&s13, t12_i, t8);\n"
        "        bool more9 = ig_truth(t13, &s9);\n"
        "        ig_release(t13);\n"
        "        if (!more9) break;\n"
        "        IgTensor *t14_x = t9_x;\n"
        "        IgTensor *t15_i = t10_i;\n";
    cr_assert(strstr(text, want), "%s", text);
    const char *swap =
        "        ig_release(t9_x);\n"
        "        t9_x = t17_x;\n"
        "        ig_release(t10_i);\n"
        "        t10_i = t19_i;\n"
        "    }\n";
    cr_assert(strstr(text, swap), "%s", text);
    /* Values from outside the loop die after it, never inside it. */
    const char *after = strstr(text, swap) + strlen(swap);
    cr_assert(strstr(after, "ig_release(t4_x);"), "%s", text);
    cr_assert(strstr(after, "ig_release(t8);"), "%s", text);
    cr_assert(strstr(after, "ig_release(t1);"), "%s", text);
    cr_assert_null(strstr(text, "goto"));
}

Test(emit_control, borrowed_yields_are_retained_before_the_swap) {
    build_shared_yields(0);
    const char *text = pf_emit_c();
    /* The condition yields a param: tested directly, not released. */
    cr_assert(strstr(text, "if (!ig_truth(t"), "%s", text);
    cr_assert_null(strstr(text, "bool more"), "%s", text);
    /* n goes to x (owned) and to y (retained); z yields its param (retained). */
    const char *swap = strstr(text, "ig_retain(t24);\n        ig_retain(t22);\n");
    cr_assert_not_null(swap, "%s", text);
}

/* The same program with its 0-d values as C scalars: the cond is a C if on a bool, the
 * while a C loop over int32_t and float; no tensor, no release, until print boxes them. */
Test(emit_control, scalars_make_c_control_flow) {
    build_basic(3.0f, 10, true);
    pf_scalars = true;
    const char *text = pf_emit_c();
    pf_scalars = false;
    const char *want =
        "    float v8_x;\n"
        "    if (v7) {\n";
    cr_assert(strstr(text, want), "%s", text);
    const char *loop =
        "    /* loop.py:8  while i < 10: */\n"
        "    float v13_x = v8_x;\n"
        "    int32_t v14_i = v5;\n"
        "    while (true) {\n"
        "        int32_t v16_i = v14_i;\n"
        "        bool v17 = v16_i < 10;\n"
        "        if (!v17) break;\n";
    cr_assert(strstr(text, loop), "%s", text);
    cr_assert(strstr(text, "IgTensor *b"), "%s", text); /* the print's boxes */
    cr_assert_null(strstr(text, "ig_truth"), "%s", text);
    cr_assert_null(strstr(text, "ig_retain"), "%s", text);
}

/* ---- running it ------------------------------------------------------------------- */
Test(emit_control, runs_cond_then_while) {
    build_basic(3.0f, 10, true);
    expect_run("16 10\n");
}

Test(emit_control, runs_the_else_branch) {
    build_basic(1.0f, 10, true);
    expect_run("small\n11 10\n");
}

Test(emit_control, runs_a_loop_zero_times) {
    build_basic(3.0f, 0, true);
    expect_run("6 0\n");
}

Test(emit_control, runs_a_cond_inside_a_while) {
    build_cond_in_while();
    expect_run("0\n2\n4\n12\n");
}

Test(emit_control, runs_a_while_inside_a_cond) {
    build_while_in_cond(true, 3);
    expect_run("2 1 3 7\n2\n");
}

Test(emit_control, runs_a_while_inside_the_untaken_branch) {
    build_while_in_cond(false, 3);
    expect_run("7\n");
}

Test(emit_control, runs_a_nested_loop_zero_times) {
    build_while_in_cond(true, 0);
    expect_run("1 2 0 0\n1\n");
}

Test(emit_control, runs_shared_and_unchanged_yields) {
    build_shared_yields(0);
    expect_run("5 5 9\n");
}

Test(emit_control, runs_shared_yields_zero_times) {
    build_shared_yields(7);
    expect_run("7 5 9\n");
}

/* The requirement: a million iterations in flat memory. A leaked scalar per
 * iteration would be at least 192 MB; the program's peak stays far below. */
Test(emit_control, a_million_iterations_in_flat_memory) {
    bool sanitized = INGOT_SANITIZE_FLAGS[0] != '\0';
    if (sanitized) {
        /* ASan holds freed blocks in a quarantine (256 MB by default) to catch uses
         * after free; a small one keeps the bound meaningful. */
        const char *old = getenv("ASAN_OPTIONS");
        setenv("ASAN_OPTIONS", arena_printf(gf.arena, "%s%squarantine_size_mb=8", old ? old : "",
                                            old && *old ? ":" : ""), 1);
    }
    build_counter(1000000);
    PfRun r = expect_run("1000000 500000\n");
    cr_assert_lt(r.maxrss_kb, 64 * 1024, "peak %ld KB", r.maxrss_kb);
}

/* valgrind, when installed (and not under ASan, which it cannot run with), on a
 * program with every ownership case: nested regions, captured and borrowed yields. */
Test(emit_control, clean_under_valgrind) {
    if (INGOT_SANITIZE_FLAGS[0] || system("valgrind --version >/dev/null 2>&1") != 0) {
        cr_skip_test("valgrind is not available in this build");
    }
    build_basic(1.0f, 3, true);
    build_while_in_cond(true, 3);
    build_while_in_cond(false, 3);
    build_while_in_cond(true, 0);
    build_cond_in_while();
    build_shared_yields(0);
    build_shared_yields(7);
    build_counter(100);
    pf_verify_ok();
    const char *exe = pf_compile("program");
    PfRun r = pf_run((char *[]){"valgrind", "-q", "--leak-check=full",
                                "--show-leak-kinds=definite,indirect,possible",
                                "--errors-for-leak-kinds=definite,indirect,possible",
                                "--error-exitcode=99", (char *)exe, NULL});
    pf_remove(exe);
    cr_assert_eq(r.status, 0, "valgrind status %d:\n%s\n--- C ---\n%s", r.status, r.err,
                 pf_emit_c());
    cr_assert_str_eq(r.out,
                     "small\n4 3\n2 1 3 7\n2\n7\n1 2 0 0\n1\n0\n2\n4\n12\n5 5 9\n7 5 9\n100 50\n");
}

/* ---- the new kernels through the back end ---------------------------------------- */
/* x = [[1, 2], [3, 4], [5, 6]]; print(gather(x, idx), shape(x), a and not b, a or b) */
static void build_gather_program(const int32_t idx[2]) {
    float xv[6] = {1, 2, 3, 4, 5, 6};
    IrValue *x = build_const(&gf.b, gf_data(DT_FLOAT32, 2, (int64_t[]){3, 2}, xv), cf_at(2));
    IrValue *ix = build_const(&gf.b, gf_data(DT_INT32, 1, (int64_t[]){2}, idx), cf_at(3));
    IrValue *g = cf_op(OP_GATHER, x, ix, 3);
    IrValue *sh = cf_op(OP_SHAPE, x, NULL, 3);
    bool av[2] = {true, false}, bv[2] = {true, true};
    IrValue *a = build_const(&gf.b, gf_data(DT_BOOL, 1, (int64_t[]){2}, av), cf_at(4));
    IrValue *b = build_const(&gf.b, gf_data(DT_BOOL, 0, NULL, bv), cf_at(4));
    IrValue *and_not = cf_op(OP_LOGICAL_AND, a, cf_op(OP_LOGICAL_NOT, b, NULL, 4), 4);
    IrValue *or_ = cf_op(OP_LOGICAL_OR, a, b, 4);
    cf_print((IrValue *[]){g, sh, and_not, or_}, 4, 5);
    finish_program();
}

Test(emit_control, runs_gather_shape_and_logical_ops) {
    build_gather_program((int32_t[]){2, 0});
    expect_run("[[5 6]\n [1 2]] [3 2] [0 0] [1 1]\n");
}

Test(emit_control, gather_out_of_range_names_the_line) {
    build_gather_program((int32_t[]){0, 5});
    const char *exe = pf_compile("program");
    PfRun r = pf_run((char *[]){(char *)exe, NULL});
    pf_remove(exe);
    cr_assert_eq(r.status, 1, "status %d: %s", r.status, r.err);
    cr_assert_str_eq(r.err, "tests/loop.py:3: error: indices[1] = 5 is not in [0, 3)\n");
    cr_assert_str_eq(r.out, "");
}
