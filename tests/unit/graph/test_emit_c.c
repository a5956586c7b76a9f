/* test_emit_c.c — the C back end: the text of one node, releases after last use
 * (checked for every value), out-parameters, literals and escapes, and that the
 * whole translation unit compiles with -std=c11 -Wall -Wextra -Werror -pedantic. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "program_fixture.h"

TestSuite(emit_c, .init = gf_setup, .fini = gf_teardown);

static const char *emit_to_string(bool line_directives) {
    EmitOptions opt = {.script_name = "tests/compute.py", .line_directives = line_directives};
    return pf_emit_c_with(&opt);
}

/* The text of one C function's body: from its definition line to the closing brace. */
static const char *func_body(const char *text, const char *def) {
    const char *start = strstr(text, def);
    cr_assert_not_null(start, "no '%s' in:\n%s", def, text);
    const char *end = strstr(start, "\n}\n");
    cr_assert_not_null(end);
    return arena_strndup(gf.arena, start, (size_t)(end - start + 3));
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* The last place name appears as a whole identifier before `limit`. */
static const char *last_mention(const char *body, const char *name, const char *limit) {
    const char *last = NULL;
    size_t n = strlen(name);
    for (const char *p = strstr(body, name); p && p < limit; p = strstr(p + 1, name)) {
        bool starts = p == body || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        bool ends = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (starts && ends) last = p;
    }
    return last;
}

/* Every tensor a function body declares is released exactly once, after its last
 * mention, unless it is returned (then never). Returns how many were released. */
static int check_releases(const char *body) {
    int released = 0;
    for (const char *p = strstr(body, "IgTensor *t"); p; p = strstr(p + 1, "IgTensor *t")) {
        const char *name_start = p + strlen("IgTensor *");
        size_t n = 0;
        while (isalnum((unsigned char)name_start[n]) || name_start[n] == '_') n++;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, name_start);
        if (name_start[n] == ')' || name_start[n] == ',') continue; /* a parameter: borrowed */
        char rel[80], ret[80];
        snprintf(rel, sizeof rel, "ig_release(%s);", name);
        snprintf(ret, sizeof ret, "= %s;\n", name);
        char ret1[80];
        snprintf(ret1, sizeof ret1, "return %s;", name);
        if (strstr(body, ret) || strstr(body, ret1)) {
            cr_assert_eq(count(body, rel), 0, "%s is returned but released", name);
            continue;
        }
        cr_assert_eq(count(body, rel), 1, "%s released %d times:\n%s", name, count(body, rel),
                     body);
        const char *at = strstr(body, rel);
        const char *after = last_mention(body, name, body + strlen(body));
        cr_assert_eq(after, at + strlen("ig_release("), "%s is used after its release:\n%s", name,
                     body);
        released++;
    }
    return released;
}

/* main:    a = 3.0; b = compute(a); print a, b (from gf_build_small); w = fill;
 *          wt = const; m = matmul; s = reduce_sum; print "label", a, b, s; (p, q) = pair(s, s, s);
 * print p, q to stderr; odds and ends compute: y = x * 2.0; return y + 1.0 pair:    (u, v, unused)
 * -> (v, u * u) */
static void build_module(void) {
    GfSmall small = gf_build_small();
    /* gf_build_small's print goes first; the rest follows it in main. */
    Builder *b = &gf.b;
    Func *pair = func_new(gf.m, "pair", FUNC_TRACED, gf_at(4, 1));
    IrValue *u = gf_param(pair, DT_FLOAT32, 1, 2);
    IrValue *v = gf_param(pair, DT_FLOAT32, 1, 2);
    gf_param(pair, DT_FLOAT32, 1, 2);
    Builder pb = {.module = gf.m, .region = pair->body, .diag = &gf.diag};
    IrValue *sq = build_op(&pb, OP_MUL, (IrValue *[]){u, u}, 2, NULL, gf_at(5, 9));
    region_set_results(gf.m, pair->body, (IrValue *[]){v, sq}, 2);

    Attrs fa = {0};
    attrs_set_dtype(gf.arena, &fa, "dtype", DT_FLOAT32);
    attrs_set_shape(gf.arena, &fa, "shape", shape_of(2, (int64_t[]){2, 3}));
    attrs_set_float(gf.arena, &fa, "value", 1.0);
    IrValue *w = build_op(b, OP_FILL, NULL, 0, &fa, gf_at(11, 5));
    w->name_hint = "w";
    float wt_data[6] = {0.5f, 1.0f, 0.1f, 3.0f, -2.0f, 16777217.0f};
    IrValue *wt = build_const(b, gf_data(DT_FLOAT32, 2, (int64_t[]){3, 2}, wt_data), gf_at(12, 5));
    IrValue *m = build_op(b, OP_MATMUL, (IrValue *[]){w, wt}, 2, NULL, gf_at(12, 19));
    Attrs ra = {0};
    attrs_set_ints(gf.arena, &ra, "axis", (int64_t[]){1}, 1);
    IrValue *s = build_op(b, OP_REDUCE_SUM, &m, 1, &ra, gf_at(12, 5));
    s->name_hint = "s";
    const char *label = "loss?? \"x\"";
    IrValue *lbl = build_const(b, gf_data(DT_STRING, 0, NULL, &label), gf_at(10, 1));
    Attrs pa = {0};
    attrs_set_string(gf.arena, &pa, "sep", ", ");
    attrs_set_string(gf.arena, &pa, "end", "!\n");
    attrs_set_int(gf.arena, &pa, "summarize", 2);
    build_inst(b, OP_PRINT, (IrValue *[]){lbl, small.a, small.b, s}, 4, &pa, NULL, gf_at(10, 1));
    Inst *pc = build_inst(b, OP_CALL, (IrValue *[]){s, s, s}, 3, NULL, pair, gf_at(9, 5));
    Attrs ea = {0};
    attrs_set_string(gf.arena, &ea, "output_stream", "stderr");
    build_inst(b, OP_PRINT, pc->outputs, 2, &ea, NULL, gf_at(10, 1));

    /* Odds and ends: every remaining op form, awkward literals, unused values. */
    IrValue *r0 = gf_const_i32(b, 0, 8), *r5 = gf_const_i32(b, 5, 8), *r1 = gf_const_i32(b, 1, 8);
    IrValue *rg = build_op(b, OP_RANGE, (IrValue *[]){r0, r5, r1}, 3, NULL, gf_at(8, 1));
    Attrs ca = {0};
    attrs_set_dtype(gf.arena, &ca, "dtype", DT_FLOAT64);
    IrValue *rf = build_op(b, OP_CAST, &rg, 1, &ca, gf_at(8, 1));
    IrValue *dv = build_op(b, OP_DIV, (IrValue *[]){rf, rf}, 2, NULL, gf_at(8, 1));
    IrValue *ng = build_op(b, OP_NEG, &dv, 1, NULL, gf_at(8, 1));
    IrValue *lt = build_op(b, OP_LESS, (IrValue *[]){ng, dv}, 2, NULL, gf_at(8, 1));
    build_op(b, OP_RELU, &ng, 1, NULL, gf_at(8, 1));
    build_inst(b, OP_PRINT, &lt, 1, NULL, NULL, gf_at(10, 1));
    float inf = INFINITY;
    build_const(b, gf_data(DT_FLOAT32, 0, NULL, &inf), gf_at(8, 1));
    int64_t i64min = INT64_MIN;
    build_const(b, gf_data(DT_INT64, 0, NULL, &i64min), gf_at(8, 1));
    int32_t i32[3] = {INT32_MIN, 7, -1};
    build_const(b, gf_data(DT_INT32, 1, (int64_t[]){3}, i32), gf_at(8, 1));
    bool flags[2] = {true, false};
    build_const(b, gf_data(DT_BOOL, 1, (int64_t[]){2}, flags), gf_at(8, 1));
    double d = 0.1;
    build_const(b, gf_data(DT_FLOAT64, 0, NULL, &d), gf_at(8, 1));
    build_inst(b, OP_PRINT, NULL, 0, NULL, NULL, gf_at(10, 1));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

Test(emit_c, header_and_main) {
    build_module();
    const char *text = emit_to_string(false);
    const char *head =
        "/* generated by ingot " INGOT_VERSION " from compute.py \xe2\x80\x94 do not edit */\n"
        "#include <ingot/rt.h>\n";
    cr_assert(strncmp(text, head, strlen(head)) == 0, "%s", text);
    cr_assert(strstr(text, "#include <math.h>"), "an infinite constant needs INFINITY");
    cr_assert_eq(count(text, "#include"), 2);
    const char *tail = "\nint main(int argc, char **argv) {\n"
                       "    ig_runtime_init(argc, argv);\n"
                       "    ig_flags_parse(argc, argv, NULL, 0);\n"
                       "    program();\n"
                       "    ig_runtime_shutdown();\n"
                       "    return 0;\n"
                       "}\n";
    size_t n = strlen(text), t = strlen(tail);
    cr_assert(n > t && strcmp(text + n - t, tail) == 0, "%s", text);
    cr_assert_null(strstr(text, "goto"));
}

/* Nodes traced from one script line share the comment that shows the line. */
Test(emit_c, one_statement_per_node_with_line_comment_and_site) {
    build_module();
    const char *text = emit_to_string(false);
    cr_assert(strstr(text, "static IgTensor *compute__1(IgTensor *t0_x);\n"), "%s", text);
    cr_assert(
        strstr(
            text,
            "/* func @compute__1(%0:f32[]) -> (f32[])\n * traced from compute at compute.py:4 */\n"
            "static IgTensor *compute__1(IgTensor *t0_x) {\n"),
        "%s", text);
    const char *body = func_body(text, "static IgTensor *compute__1(IgTensor *t0_x) {");
    const char *want = "    /* compute.py:5  y = x * 2.0 */\n"
                       "    static IgSite s1 = IG_SITE(\"tests/compute.py\", 5);\n"
                       "    static const float c1[] = {2.0f};\n"
                       "    IgTensor *t1 = ig_constant(&s1, IG_FLOAT32, 0, NULL, c1);\n"
                       "    static IgSite s2 = IG_SITE(\"tests/compute.py\", 5);\n"
                       "    IgTensor *t2_y = ig_mul(&s2, t0_x, t1);\n"
                       "    ig_release(t1);\n";
    cr_assert(strstr(body, want), "%s", body);
    cr_assert(strstr(body, "    IgTensor *t4 = ig_add(&s4, t2_y, t3);\n"
                           "    ig_release(t2_y);\n"
                           "    ig_release(t3);\n"
                           "    return t4;\n}\n"),
              "%s", body);
    cr_assert_eq(check_releases(body), 3);
}

Test(emit_c, runtime_calls_for_every_op_form) {
    build_module();
    const char *text = emit_to_string(false);
    const char *main_body = func_body(text, "static void program(void) {");
    const char *want[] = {
        "IgTensor *t2_w = ig_fill(&s2, IG_FLOAT32, 2, (const int64_t[]){2, 3}, 1.0);",
        "static const float c3[] = {0.5f, 1.0f, 0.100000001f, 3.0f, -2.0f, 16777216.0f};",
        "IgTensor *t3 = ig_constant(&s3, IG_FLOAT32, 2, (const int64_t[]){3, 2}, c3);",
        "IgTensor *t4 = ig_matmul(&s4, t2_w, t3, false, false);",
        "IgTensor *t5_s = ig_reduce_sum(&s5, t4, 1, (const int[]){1}, false, false);",
        "IgTensor *t0_a = ig_constant(&s0, IG_FLOAT32, 0, NULL, c0);",
        "IgTensor *t1_b = compute__1(t0_a);",
        "IgTensor *t6 = ig_string(&s6, \"loss\\?\\? \\\"x\\\"\");",
        "const IgTensor *p",
        "[] = {t6, t0_a, t1_b, t5_s};",
        ", stdout, 4, p",
        ", \", \", \"!\\n\", 2);",
        "    IgTensor *t7;\n    IgTensor *t8;\n    pair__1(t5_s, t5_s, t5_s, &t7, &t8);\n",
        "[] = {t7, t8};",
        ", stderr, 2, p",
        ", \" \", \"\\n\", 3);",
        "= ig_range(&s12, IG_INT32, t9, t10, t11);",
        "= ig_cast(&s13, t12, IG_FLOAT64);",
        "= ig_div(&s14, t13, t13);",
        "= ig_neg(&s15, t14);",
        "= ig_less(&s16, t15, t14);",
        "= ig_relu(&s17, t15);",
        "= ig_constant(&s18, IG_FLOAT32, 0, NULL, c18);",
        "static const float c18[] = {INFINITY};",
        "static const int64_t c19[] = {(-9223372036854775807LL - 1)};",
        "static const int32_t c20[] = {(-2147483647 - 1), 7, -1};",
        "static const bool c21[] = {true, false};",
        "static const double c22[] = {0.10000000000000001};",
        ", stdout, 0, NULL, \" \", \"\\n\", 3);",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(main_body, want[i]), "missing '%s' in:\n%s", want[i], main_body);
    /* main returns nothing, so every value it makes is released once, after last use. */
    cr_assert_eq(check_releases(main_body), 23);
    /* Sites are distinct per function. */
    for (const char *p = strstr(main_body, "static IgSite s"); p;
         p = strstr(p + 1, "static IgSite s")) {
        char site[32];
        sscanf(p + strlen("static IgSite "), "%31[a-z0-9]", site);
        char decl[48];
        snprintf(decl, sizeof decl, "static IgSite %s ", site);
        cr_assert_eq(count(main_body, decl), 1, "site %s declared twice", site);
    }
}

Test(emit_c, out_params_borrowed_params_and_unused_params) {
    build_module();
    const char *text = emit_to_string(false);
    const char *body =
        func_body(text, "static void pair__1(IgTensor *t0, IgTensor *t1, IgTensor *t2, "
                        "IgTensor **ret0, IgTensor **ret1) {");
    cr_assert(strstr(body, "    (void)t2;\n"), "an unused parameter is mentioned:\n%s", body);
    cr_assert(strstr(body, "    IgTensor *t3 = ig_mul(&s3, t0, t0);\n"), "%s", body);
    cr_assert(strstr(body, "    ig_retain(t1);\n    *ret0 = t1;\n    *ret1 = t3;\n}\n"), "%s",
              body);
    cr_assert_eq(count(body, "ig_release("), 0, "params are borrowed, results handed over:\n%s",
                 body);
}

Test(emit_c, comments_escape_comment_delimiters) {
    Attrs fa = {0};
    attrs_set_dtype(gf.arena, &fa, "dtype", DT_FLOAT32);
    attrs_set_shape(gf.arena, &fa, "shape", shape_scalar());
    attrs_set_float(gf.arena, &fa, "value", 0.0);
    build_op(&gf.b, OP_FILL, NULL, 0, &fa, gf_at(11, 5));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *text = emit_to_string(false);
    cr_assert(strstr(text, "/* compute.py:11  w = tf.ones([2, 3]) / * odd * / ? ?/ */\n"), "%s",
              text);
    cr_assert_null(strstr(text, "#include <math.h>"));
}

Test(emit_c, line_directives_behind_the_flag) {
    gf_build_small();
    cr_assert_null(strstr(emit_to_string(false), "#line"));
    const char *text = emit_to_string(true);
    cr_assert(strstr(text, "/* compute.py:5  y = x * 2.0 */\n#line 5 \"tests/compute.py\"\n"), "%s",
              text);
}

Test(emit_c, only_reachable_functions_are_emitted) {
    gf_build_small();
    Func *dead = func_new(gf.m, "unused", FUNC_TRACED, gf_at(4, 1));
    region_set_results(gf.m, dead->body, NULL, 0);
    const char *text = emit_to_string(false);
    cr_assert(strstr(text, "compute__1("));
    cr_assert_null(strstr(text, "unused__1"), "%s", text);
}

Test(emit_c, output_is_deterministic) {
    build_module();
    cr_assert_str_eq(emit_to_string(false), emit_to_string(false));
}

/* The acceptance test: the emitted translation unit compiles warning-free against
 * the runtime's header under the flags end-to-end tests use. */
Test(emit_c, compiles_with_strict_flags) {
    build_module();
    const char *text = emit_to_string(true);
    char path[] = "/tmp/ingot_emit_c_XXXXXX.c";
    int fd = mkstemps(path, 2);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char log[] = "/tmp/ingot_emit_c_XXXXXX.log";
    int lfd = mkstemps(log, 4);
    cr_assert(lfd >= 0);
    close(lfd);
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I'%s/runtime/include' "
             "'%s' >'%s' 2>&1",
             INGOT_SOURCE_ROOT, path, log);
    int status = system(cmd);
    char out[4096] = "";
    FILE *lf = fopen(log, "r");
    if (lf) {
        size_t n = fread(out, 1, sizeof out - 1, lf);
        out[n] = '\0';
        fclose(lf);
    }
    unlink(log);
    unlink(path);
    cr_assert_eq(status, 0, "cc failed:\n%s\n--- source ---\n%s", out, text);
}
