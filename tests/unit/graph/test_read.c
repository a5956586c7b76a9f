/* test_read.c — the IR text reader (compiler/graph/read.c): a module printed by
 * graph_print reads back to the same text; malformed text is one located error
 * (message and line:col checked), never a crash, even cut at any byte. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "diag_capture.h"
#include "read.h"

static DiagCapture dc;

static void read_setup(void) { diag_capture_open(&dc); }
static void read_teardown(void) { diag_capture_close(&dc); }

TestSuite(read, .init = read_setup, .fini = read_teardown);

static Module *read_text(const char *text) {
    return ir_read(dc.arena, &dc.diag, diag_source_from_string(dc.arena, "t.ir", text));
}

static char *print_text(const Module *m) {
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    graph_print(out, m);
    fclose(out);
    return buf;
}

/* text must fail with exactly one error whose first line is want. */
static void expect_error(const char *text, const char *want) {
    size_t start = dc.len;
    diag_init(&dc.diag, dc.out); /* a fresh count */
    Module *m = read_text(text);
    const char *got = diag_capture_since(&dc, start);
    cr_assert_null(m, "read should fail with '%s'", want);
    cr_assert_eq(dc.diag.errors, 1, "one error expected, got:\n%s", got);
    size_t n = strcspn(got, "\n");
    cr_assert(strlen(want) == n && strncmp(got, want, n) == 0, "want: %s\ngot:  %.*s", want, (int)n,
              got);
}

static const char small_module[] = "flag \"steps\": i32 = 3 {help=\"how many\"}  # s.py:1\n"
                                   "\n"
                                   "var $w:f32[2] = [0.5, -1.0]:f32  # s.py:2\n"
                                   "\n"
                                   "func @main() -> () {\n"
                                   "  %0:f32[2] = read $w               # s.py:4\n"
                                   "  %1:f32[2] = call @step__1 %0      # s.py:5\n"
                                   "  assign $w, %1                     # s.py:5\n"
                                   "  %2:i32[] = flag \"steps\"           # s.py:6\n"
                                   "  print %1, %2 {sep=\" \", end=\"\\n\"}  # s.py:7\n"
                                   "  ret\n"
                                   "}\n"
                                   "\n"
                                   "func @step__1(%0:f32[2]) -> (f32[2]) {\n"
                                   "  %1:f32[] = reduce_sum %0    # s.py:9\n"
                                   "  %2:f32[] = const 0.0:f32    # s.py:10\n"
                                   "  %3:bool[] = greater %1, %2  # s.py:10\n"
                                   "  %4:f32[2] = cond %3 {       # s.py:10\n"
                                   "    %5:f32[2] = neg %0        # s.py:11\n"
                                   "    yield %5\n"
                                   "  } else {\n"
                                   "    yield %0\n"
                                   "  }\n"
                                   "  ret %4\n"
                                   "}\n";

Test(read, prints_back_what_it_read) {
    Module *m = read_text(small_module);
    cr_assert_not_null(m, "%s", diag_capture_since(&dc, 0));
    char *got = print_text(m);
    cr_assert_str_eq(got, small_module);
    free(got);
    cr_assert_eq(m->nfuncs, 2);
    cr_assert_str_eq(m->funcs[1]->name, "step__1");
    cr_assert_eq(m->funcs[0]->body->first->loc.line, 4); /* from '# s.py:4' */
    cr_assert_str_eq(m->funcs[0]->body->first->loc.file->path, "s.py");
}

Test(read, ignores_indentation_and_alignment) {
    Module *m =
        read_text("func @main() -> () {\n%0:f32[] = const 1.0:f32 # a.py:1\n    print %0\nret\n}");
    cr_assert_not_null(m, "%s", diag_capture_since(&dc, 0));
    char *got = print_text(m);
    cr_assert_str_eq(
        got, "func @main() -> () {\n  %0:f32[] = const 1.0:f32  # a.py:1\n  print %0\n  ret\n}\n");
    free(got);
}

Test(read, unknown_op) {
    expect_error("func @main() -> () {\n  %0:f32[] = frobnicate\n  ret\n}\n",
                 "t.ir:2:14: error: unknown op 'frobnicate'");
}

Test(read, bad_dtype) {
    expect_error("func @main() -> () {\n  %0:f33[] = const 1.0:f32\n  ret\n}\n",
                 "t.ir:2:6: error: unknown dtype 'f33' (bool, i32, i64, f32, f64 or str)");
}

Test(read, bad_dimension) {
    expect_error("func @main() -> () {\n  ret\n}\n"
                 "func @f__1(%0:f32[2,x]) -> () {\n  ret\n}\n",
                 "t.ir:4:21: error: expected a dimension (a number or '?'), found 'x'");
}

Test(read, undefined_value) {
    expect_error("func @main() -> () {\n  %0:f32[] = const 1.0:f32\n  print %0, %7\n  ret\n}\n",
                 "t.ir:3:13: error: undefined value %7");
}

Test(read, value_of_an_ended_region) {
    expect_error(
        "func @main() -> () {\n"
        "  %0:bool[] = const true:bool\n"
        "  cond %0 {\n"
        "    %1:f32[] = const 1.0:f32\n"
        "    yield\n"
        "  } else {\n"
        "    yield\n"
        "  }\n"
        "  print %1\n"
        "  ret\n"
        "}\n",
        "t.ir:9:9: error: value %1 is out of scope here: the region that defines it has ended");
}

Test(read, unterminated_region) {
    /* Reported at the '{' that opens the region the input never closes. */
    expect_error("func @main() -> () {\n"
                 "  %0:bool[] = const true:bool\n"
                 "  cond %0 {\n"
                 "    %1:f32[] = const 1.0:f32\n",
                 "t.ir:3:11: error: unterminated region: the input ends before its 'yield'");
}

Test(read, unterminated_region_before_the_next_function) {
    expect_error("func @main() -> () {\n  %0:f32[] = const 1.0:f32\n\n"
                 "func @f__1() -> () {\n  ret\n}\n",
                 "t.ir:1:20: error: unterminated region: the next function starts before its "
                 "'ret' (line 4)");
}

Test(read, region_without_yield) {
    expect_error("func @main() -> () {\n  %0:bool[] = const true:bool\n"
                 "  cond %0 {\n  } else {\n    yield\n  }\n  ret\n}\n",
        "t.ir:4:3: error: the region ends without its 'yield'");
}

Test(read, truncated_input) {
    expect_error("func @main() -> () {\n  %0:f32[2",
                 "t.ir:2:11: error: expected ',' or ']', found the end of the input");
}

Test(read, truncated_header) {
    expect_error("func @main(",
                 "t.ir:1:12: error: expected a value (%N), found the end of the input");
}

Test(read, abbreviated_constant) {
    /* What the printer writes for a tensor of more than IRTEXT_MAX_ELEMENTS elements. */
    expect_error(
        "func @main() -> () {\n"
        "  %0:f32[20] = const [0.0, 1.0, 2.0, ..., 17.0, 18.0, 19.0]:f32\n"
        "  ret\n"
        "}\n",
        "t.ir:2:38: error: abbreviated constant: the text shows only some elements of a tensor of "
        "more than 16, so its data is not there to read");
}

Test(read, abbreviated_variable) {
    expect_error(
        "var $v:i32[4,5] = [[0, 0, 0, ..., 0, 0, 0], ..., [0, 0, 0, ..., 0, 0, 0]]:i32\n",
        "t.ir:1:30: error: abbreviated constant: the text shows only some elements of a tensor of "
        "more than 16, so its data is not there to read");
}

Test(read, constant_of_the_wrong_size) {
    expect_error("func @main() -> () {\n  %0:i32[3] = const [1, 2]:i32\n  ret\n}\n",
                 "t.ir:2:21: error: the constant has 2 entries in dimension 1, its type says 3");
}

Test(read, shape_rule_rejects_the_line) {
    /* The builder's message, at the op. */
    expect_error("func @main() -> () {\n  ret\n}\n"
                 "func @f__1(%0:f32[2], %1:f32[3]) -> () {\n  %2:f32[2] = add %0, %1\n  ret\n}\n",
                 "t.ir:5:15: error: add: shapes [2] and [3] cannot be broadcast");
}

Test(read, declared_type_differs) {
    expect_error("func @main() -> () {\n  ret\n}\n"
                 "func @f__1(%0:f32[2]) -> () {\n  %1:f32[3] = neg %0\n  ret\n}\n",
                 "t.ir:5:6: error: 'neg' output 1 is f32[2], the text declares f32[3]");
}

Test(read, undefined_function_and_variable) {
    expect_error("func @main() -> () {\n  call @nowhere__1\n  ret\n}\n",
                 "t.ir:2:8: error: undefined function @nowhere__1");
    expect_error("func @main() -> () {\n  %0:f32[] = read $nothing\n  ret\n}\n",
                 "t.ir:2:19: error: undefined variable $nothing");
}

Test(read, ret_in_a_nested_region) {
    expect_error("func @main() -> () {\n  %0:bool[] = const true:bool\n"
                 "  cond %0 {\n    ret\n  } else {\n    yield\n  }\n  ret\n}\n",
        "t.ir:4:5: error: 'ret' in a nested region: it ends with 'yield'");
}

Test(read, result_differs_from_the_signature) {
    expect_error(
        "func @main() -> () {\n  ret\n}\n"
        "func @f__1(%0:f32[2]) -> (i32[2]) {\n  ret %0\n}\n",
        "t.ir:4:27: error: @f__1 returns f32[2] as result 1, its signature declares i32[2]");
}

Test(read, value_defined_twice) {
    expect_error(
        "func @main() -> () {\n  %0:f32[] = const 1.0:f32\n  %0:f32[] = const 2.0:f32\n  ret\n}\n",
        "t.ir:3:6: error: value %0 is defined twice");
}

Test(read, unterminated_string) {
    expect_error("func @main() -> () {\n  %0:str[] = const \"abc\n",
                 "t.ir:2:20: error: unterminated string");
}

Test(read, unknown_top_level_line) {
    expect_error("\nfunction @main() -> () {\n",
                 "t.ir:2:1: error: expected 'flag', 'var' or 'func', found 'function'");
}

/* The reader's robustness: every prefix of a valid module, and the module with any one
   byte replaced by a character that matters to the syntax, reads or fails cleanly
   (with an error reported), never a crash (process isolation turns one into a failure). */
Test(read, never_crashes_on_cut_or_damaged_text) {
    size_t n = strlen(small_module);
    char *buf = malloc(n + 1);
    for (size_t cut = 0; cut < n; cut++) {
        memcpy(buf, small_module, cut);
        buf[cut] = '\0';
        int before = dc.diag.errors;
        Module *m = read_text(buf);
        cr_assert(m || dc.diag.errors > before, "cut at %zu: no module and no error", cut);
        dc.diag.errors = 0; /* stay below the cap */
        dc.diag.too_many = false;
    }
    static const char damage[] = "{}()[],:=%@$\"\n?.-#x0";
    for (size_t i = 0; i < n; i++) {
        for (const char *c = damage; *c; c++) {
            memcpy(buf, small_module, n + 1);
            buf[i] = *c;
            int before = dc.diag.errors;
            Module *m = read_text(buf);
            cr_assert(m || dc.diag.errors > before, "'%c' at %zu: no module and no error", *c, i);
            dc.diag.errors = 0;
            dc.diag.too_many = false;
        }
    }
    free(buf);
}
