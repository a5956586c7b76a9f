/* Criterion tests for text_lines.c: splitting, the links of AutoGraph's and the C's
 * lines to script lines, and the line diff behind explain --run. */
#include <criterion/criterion.h>
#include <string.h>

#include "text_lines.h"

static Arena *arena;
static void setup(void) { arena = arena_new(); }
static void teardown(void) { arena_free(arena); }
TestSuite(text_lines, .init = setup, .fini = teardown);

static TextLines split(const char *text) { return text_lines_split(arena, text); }

static bool line_is(const TextLine *l, const char *text) {
    return l->len == strlen(text) && memcmp(l->text, text, l->len) == 0;
}

Test(text_lines, split_keeps_empty_lines_and_a_last_line_without_newline) {
    TextLines t = split("a\n\nb");
    cr_assert_eq(t.n, 3);
    cr_assert(line_is(&t.lines[0], "a") && line_is(&t.lines[1], "") && line_is(&t.lines[2], "b"));
    cr_assert_eq(split("a\n").n, 1);
    cr_assert_eq(split("").n, 0);
}

Test(text_lines, marks_link_each_line_to_its_statement) {
    const char *text = "def f(x):\n    y = 1\n    return y\n";
    AstLineMark marks[] = {{0, 3}, {10, 4}, {20, 9}};
    TextLines t = split(text);
    text_lines_link_marks(&t, marks, 3);
    cr_assert_eq(t.lines[0].src_line, 3);
    cr_assert_eq(t.lines[1].src_line, 4);
    cr_assert_eq(t.lines[2].src_line, 9);
}

Test(text_lines, c_lines_follow_emit_c_comments) {
    TextLines t = split("static void program(void) {\n"
                        "    /* f.py:3  x = 1 */\n"
                        "    IgTensor *t0 = 0;\n"
                        "}\n"
                        "\n"
                        "/* func @g__1(%0:f32[]) -> (f32[])\n"
                        " * traced from g(x: f32[]) at f.py:7 */\n"
                        "static IgTensor *g__1(IgTensor *t0_x) {\n"
                        "    /* other.py:9  y */\n"
                        "}\n");
    text_lines_link_c(&t, "f.py");
    int want[] = {0, 3, 3, 3, 0, 7, 7, 7, 7, 7};
    for (int i = 0; i < t.n; i++) cr_assert_eq(t.lines[i].src_line, want[i], "line %d", i);
}

Test(text_lines, diff_keeps_the_common_lines) {
    TextLines l = split("a\nb\nc\n"), r = split("a\nx\nc\nd\n");
    int n;
    DiffRow *rows = text_lines_diff(arena, &l, &r, &n);
    cr_assert_eq(n, 5);
    cr_assert(rows[0].left == 0 && rows[0].right == 0);
    cr_assert(rows[1].left == 1 && rows[1].right == -1);
    cr_assert(rows[2].left == -1 && rows[2].right == 1);
    cr_assert(rows[3].left == 2 && rows[3].right == 2);
    cr_assert(rows[4].left == -1 && rows[4].right == 3);
}

Test(text_lines, diff_of_equal_texts_is_all_equal_rows) {
    TextLines l = split("p\nq\n");
    int n;
    DiffRow *rows = text_lines_diff(arena, &l, &l, &n);
    cr_assert_eq(n, 2);
    for (int i = 0; i < n; i++) cr_assert(rows[i].left == i && rows[i].right == i);
}

Test(text_lines, mentions_of_the_script_link_free_text) {
    TextLines t = split("  traced at f.py:12: first call\n"
                        "total: 2 traces\n"
                        "  calls: elf.py:4, f.py:7 and f.py:9\n");
    text_lines_link_mentions(&t, "f.py");
    cr_assert_eq(t.lines[0].src_line, 12);
    cr_assert_eq(t.lines[1].src_line, 0);
    cr_assert_eq(t.lines[2].src_line, 7); /* not elf.py's 4; the first mention wins */
}
