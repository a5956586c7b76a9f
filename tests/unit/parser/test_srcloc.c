/* test_srcloc.c — srcfile_line (srcloc.h), the one reader of a script's lines, and the
 * three places that show them: the line under a diagnostic, a traceback entry's line,
 * and the trimmed line emitted C shows above a statement (ir_src_line). */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <string.h>

#include "diag.h"
#include "diag_capture.h"
#include "ir.h"
#include "srcloc.h"

static DiagCapture cap;

static void setup(void) { diag_capture_open(&cap); }
static void teardown(void) { diag_capture_close(&cap); }

TestSuite(srcloc, .init = setup, .fini = teardown);

/* A SourceFile over text, which may hold bytes after a NUL (f->len counts them). */
static SourceFile file_of(const char *text, size_t len) {
    return (SourceFile){.path = "t.py", .text = text, .len = len};
}

/* Line `line` of f as a NUL-terminated copy in cap.arena, or NULL. */
static const char *line_of(const SourceFile *f, int line) {
    size_t len = 99;
    const char *p = srcfile_line(f, line, &len);
    if (!p) {
        cr_assert(eq(sz, len, 0));
        return NULL;
    }
    return arena_strndup(cap.arena, p, len);
}

Test(srcloc, finds_each_line) {
    SourceFile f = file_of("a = 1\n  b\n\nlast", 16);
    cr_assert(eq(str, (char *)line_of(&f, 1), "a = 1"));
    cr_assert(eq(str, (char *)line_of(&f, 2), "  b"));
    cr_assert(eq(str, (char *)line_of(&f, 3), ""));
    cr_assert(eq(str, (char *)line_of(&f, 4), "last")); /* no final newline */
    cr_assert(line_of(&f, 5) == NULL);
}

Test(srcloc, points_into_the_text) {
    SourceFile f = file_of("x\nyz\n", 5);
    size_t len;
    const char *p = srcfile_line(&f, 2, &len);
    cr_assert(p == f.text + 2);
    cr_assert(eq(sz, len, 2));
}

Test(srcloc, text_after_the_last_newline_is_an_empty_line) {
    SourceFile f = file_of("x\n", 2);
    cr_assert(eq(str, (char *)line_of(&f, 2), ""));
    cr_assert(line_of(&f, 3) == NULL);
    SourceFile empty = file_of("", 0);
    cr_assert(eq(str, (char *)line_of(&empty, 1), ""));
    cr_assert(line_of(&empty, 2) == NULL);
}

Test(srcloc, out_of_range_and_missing_files_give_null) {
    SourceFile f = file_of("x\n", 2);
    cr_assert(line_of(&f, 0) == NULL);
    cr_assert(line_of(&f, -3) == NULL);
    cr_assert(line_of(NULL, 1) == NULL);
    SourceFile no_text = {.path = "t.py"};
    cr_assert(line_of(&no_text, 1) == NULL);
}

Test(srcloc, drops_one_carriage_return_before_the_newline) {
    SourceFile f = file_of("a\r\nb\r\r\nc\r", 9);
    cr_assert(eq(str, (char *)line_of(&f, 1), "a"));
    cr_assert(eq(str, (char *)line_of(&f, 2), "b\r")); /* only the CRLF's own '\r' */
    cr_assert(eq(str, (char *)line_of(&f, 3), "c"));   /* a last line ending in '\r' */
    SourceFile lone = file_of("\r\n", 2);
    cr_assert(eq(str, (char *)line_of(&lone, 1), ""));
}

Test(srcloc, reads_past_nul_bytes_by_length) {
    SourceFile f = file_of("a\0b\nc", 5);
    size_t len;
    const char *p = srcfile_line(&f, 1, &len);
    cr_assert(eq(sz, len, 3));
    cr_assert(memcmp(p, "a\0b", 3) == 0);
    cr_assert(eq(str, (char *)line_of(&f, 2), "c"));
}

/* The callers keep their own trimming on top of the shared reader. */

Test(srcloc, diagnostic_shows_the_line_without_cr) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", "x = 1\r\n\ty = zz\r\n");
    size_t start = cap.len;
    diag_error(&cap.diag, (SrcLoc){f, 2, 6, 2}, "name 'zz' is not defined");
    const char *want = "t.py:2:6: error: name 'zz' is not defined\n"
                       "    2 | \ty = zz\n"
                       "      | \t    ^~\n";
    cr_assert(eq(str, (char *)diag_capture_since(&cap, start), (char *)want));
}

Test(srcloc, diagnostic_past_the_end_has_no_source_line) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", "x");
    size_t start = cap.len;
    diag_error(&cap.diag, (SrcLoc){f, 3, 1, 1}, "oops");
    cr_assert(eq(str, (char *)diag_capture_since(&cap, start), "t.py:3:1: error: oops\n"));
}

Test(srcloc, traceback_entry_trims_the_line) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", "def f():\n  \t raise E \t\r\n");
    size_t start = cap.len;
    diag_traceback_entry(&cap.diag, (SrcLoc){f, 2, 5, 5}, "f");
    diag_traceback_entry(&cap.diag, (SrcLoc){f, 3, 1, 1}, "<module>"); /* the empty line */
    diag_traceback_entry(&cap.diag, (SrcLoc){f, 9, 1, 1}, "<module>"); /* no such line */
    const char *want = "  File \"t.py\", line 2, in f\n"
                       "    raise E\n"
                       "  File \"t.py\", line 3, in <module>\n"
                       "  File \"t.py\", line 9, in <module>\n";
    cr_assert(eq(str, (char *)diag_capture_since(&cap, start), (char *)want));
}

Test(srcloc, emitted_c_line_is_trimmed_on_both_sides) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", "a\n\t  y = f(x) \t\r \r\n");
    cr_assert(eq(str, (char *)ir_src_line(cap.arena, (SrcLoc){f, 2, 1, 1}), "y = f(x)"));
    cr_assert(eq(str, (char *)ir_src_line(cap.arena, (SrcLoc){f, 3, 1, 1}), ""));
    cr_assert(ir_src_line(cap.arena, (SrcLoc){f, 4, 1, 1}) == NULL);
    cr_assert(ir_src_line(cap.arena, (SrcLoc){NULL, 1, 1, 1}) == NULL);
}
