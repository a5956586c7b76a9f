/* test_lexer.c — unit tests for the lexer: tokens, layout, literals, errors.
 * Entry point: Criterion's runner (suite "lexer").
 * Memory owner: the suite fixture owns the Arena and the memstream diagnostics go to. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag_capture.h"
#include "lexer.h"

static DiagCapture cap;

static void setup(void) { diag_capture_open(&cap); }
static void teardown(void) { diag_capture_close(&cap); }

TestSuite(lexer, .init = setup, .fini = teardown);

#define MAX_TOKENS 4096

static Lexer *lex_source(const char *src) {
    return lexer_new(cap.arena, &cap.diag, diag_source_from_string(cap.arena, "t.py", src));
}

/* All tokens up to and including TOK_EOF; fails if the lexer never gets there. */
static Token *lex_all(const char *src, int *count) {
    Lexer *lx = lex_source(src);
    Token *toks = ARENA_ARRAY(cap.arena, Token, MAX_TOKENS);
    for (int i = 0; i < MAX_TOKENS; i++) {
        toks[i] = lexer_next(lx);
        if (toks[i].kind == TOK_EOF) {
            *count = i + 1;
            return toks;
        }
    }
    cr_fatal("no TOK_EOF after %d tokens", MAX_TOKENS);
}

/* The kinds of all tokens of src, compared with the expected list (ending in TOK_EOF). */
static void expect_kinds(const char *src, const TokenKind *want, int n_want) {
    int n;
    Token *toks = lex_all(src, &n);
    for (int i = 0; i < n && i < n_want; i++)
        cr_assert(eq(str, (char *)token_kind_name(toks[i].kind), (char *)token_kind_name(want[i])),
                  "token %d of %s", i, src);
    cr_assert(eq(int, n, n_want), "token count for %s", src);
}
#define EXPECT_KINDS(src, ...)                                                                  \
    expect_kinds(src, (const TokenKind[]){__VA_ARGS__},                                         \
                 (int)(sizeof((const TokenKind[]){__VA_ARGS__}) / sizeof(TokenKind)))

/* The single literal token of src (followed by NEWLINE and EOF), with no diagnostics. */
static Token lex_one(const char *src) {
    int n;
    Token *toks = lex_all(src, &n);
    cr_assert(eq(int, n, 3), "one token expected in %s", src);
    cr_assert(eq(int, cap.diag.errors, 0), "unexpected error for %s", src);
    return toks[0];
}

static void expect_loc(SrcLoc loc, int line, int col) {
    cr_assert(eq(int, loc.line, line));
    cr_assert(eq(int, loc.col, col));
}

static void expect_value(Token t, const char *bytes, size_t len) {
    cr_assert(eq(sz, t.str_len, len), "length of %s", t.text);
    cr_assert(eq(int, memcmp(t.str, bytes, len), 0), "value of %s", t.text);
}

/* The first line the lexer writes to diag while lexing src to the end. */
static const char *first_diag_line(const char *src) {
    fflush(cap.out);
    size_t before = cap.len;
    int n;
    lex_all(src, &n);
    const char *text = diag_capture_since(&cap, before);
    const char *nl = strchr(text, '\n');
    return arena_strndup(cap.arena, text, nl ? (size_t)(nl - text) : strlen(text));
}

#define EXPECT_ERROR(src, msg) cr_assert(eq(str, (char *)first_diag_line(src), msg))

/* ---- Every kind ---------------------------------------------------------------- */

Test(lexer, keyword_and_operator_spellings) {
    /* Each keyword and operator, alone on a line, is exactly its own kind. (Brackets
     * alone are unbalanced; the bracket tests cover them.) */
    for (int k = TOK_FALSE; k < TOK_ERROR; k++) {
        if (k >= TOK_LPAR && k <= TOK_RBRACE) continue;
        const char *spelling = token_kind_name((TokenKind)k);
        int n;
        Token *toks = lex_all(spelling, &n);
        cr_assert(eq(int, n, 3), "%s", spelling);
        cr_assert(eq(int, (int)toks[0].kind, k), "%s", spelling);
        cr_assert(eq(str, (char *)toks[0].text, (char *)spelling));
        cr_assert(eq(int, toks[0].loc.len, (int)strlen(spelling)));
    }
    cr_assert(eq(int, cap.diag.errors, 0));
}

Test(lexer, every_kind_appears) {
    const char *src = "@dec\n"
                      "def f(a, *b, **c) -> None:\n"
                      "    x = [1, 2.5, 'str', f'{a}', {True: False}]\n"
                      "    x[1:2] ... ; y := 3\n"
                      "    a.b += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a **= 1\n"
                      "    a @= 1; a &= 1; a |= 1; a ^= 1; a <<= 1; a >>= 1\n"
                      "    a + b - c * d / e // f % g ** h @ i & j | k ^ ~l << m >> n\n"
                      "    a < b > c <= d >= e == f != g\n"
                      "    and as assert async await break class continue del elif else\n"
                      "    except finally for from global if import in is lambda nonlocal\n"
                      "    not or pass raise return try while with yield\n"
                      ")\n";
    bool seen[TOK__COUNT] = {0};
    int n;
    Token *toks = lex_all(src, &n);
    for (int i = 0; i < n; i++) seen[toks[i].kind] = true;
    for (int k = 0; k < TOK__COUNT; k++)
        cr_assert(seen[k], "kind %s never produced", token_kind_name((TokenKind)k));
    /* The only error is the stray ')' on the last line, which became TOK_ERROR. */
    cr_assert(eq(int, cap.diag.errors, 1));
}

Test(lexer, names_and_keywords) {
    int n;
    Token *toks = lex_all("iffy _x1 if ifé été x", &n);
    cr_assert(eq(int, n, 8));
    cr_assert(eq(int, toks[0].kind, TOK_NAME));
    cr_assert(eq(str, (char *)toks[0].text, "iffy"));
    cr_assert(eq(int, toks[1].kind, TOK_NAME));
    cr_assert(eq(int, toks[2].kind, TOK_IF));
    cr_assert(eq(int, toks[3].kind, TOK_NAME));
    cr_assert(eq(str, (char *)toks[3].text, "ifé"));
    cr_assert(eq(str, (char *)toks[4].text, "été"));
    expect_loc(toks[5].loc, 1, 24); /* columns count bytes: é is two */
    /* Names are interned: the same spelling gives the same pointer. */
    Token *again = lex_all("iffy", &n);
    cr_assert(toks[0].text == again[0].text);
}

Test(lexer, operators_longest_match) {
    EXPECT_KINDS("a**=b//=c...d->e:=f<<=g>>=h!=i",
                 TOK_NAME, TOK_DSTAREQ, TOK_NAME, TOK_DSLASHEQ, TOK_NAME, TOK_ELLIPSIS, TOK_NAME,
                 TOK_ARROW, TOK_NAME, TOK_WALRUS, TOK_NAME, TOK_LSHIFTEQ, TOK_NAME, TOK_RSHIFTEQ,
                 TOK_NAME, TOK_NE, TOK_NAME, TOK_NEWLINE, TOK_EOF);
    EXPECT_KINDS("x.y..z", TOK_NAME, TOK_DOT, TOK_NAME, TOK_DOT, TOK_DOT, TOK_NAME, TOK_NEWLINE,
                 TOK_EOF);
}

/* ---- Layout -------------------------------------------------------------------- */

Test(lexer, nested_blocks) {
    EXPECT_KINDS("if a:\n  if b:\n    c\n  d\ne\n",
                 TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE,
                 TOK_INDENT, TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE,
                 TOK_INDENT, TOK_NAME, TOK_NEWLINE,
                 TOK_DEDENT, TOK_NAME, TOK_NEWLINE,
                 TOK_DEDENT, TOK_NAME, TOK_NEWLINE, TOK_EOF);
}

Test(lexer, dedent_several_levels_located_at_first_token) {
    int n;
    Token *toks = lex_all("if a:\n if b:\n  if c:\n   d\ne\n", &n);
    cr_assert(eq(int, n, 23));
    for (int i = 17; i < 20; i++) {
        cr_assert(eq(int, toks[i].kind, TOK_DEDENT));
        expect_loc(toks[i].loc, 5, 1);
    }
    cr_assert(eq(str, (char *)toks[20].text, "e"));
    /* INDENT sits on the first token of the deeper line. */
    cr_assert(eq(int, toks[14].kind, TOK_INDENT));
    expect_loc(toks[14].loc, 4, 4);
}

Test(lexer, blank_and_comment_lines_are_ignored) {
    EXPECT_KINDS("# head\n\nif a:\n\n      # deeper comment\n  \n  b\n# at col 1\n  c  # tail\n\n",
                 TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE, TOK_INDENT, TOK_NAME, TOK_NEWLINE,
                 TOK_NAME, TOK_NEWLINE, TOK_DEDENT, TOK_EOF);
}

Test(lexer, brackets_join_lines) {
    EXPECT_KINDS("x = (1,\n        2,\n  [3,\n\n # c\n4], {5:\n6})\ny\n",
                 TOK_NAME, TOK_EQ, TOK_LPAR, TOK_INT, TOK_COMMA, TOK_INT, TOK_COMMA, TOK_LSQB,
                 TOK_INT, TOK_COMMA, TOK_INT, TOK_RSQB, TOK_COMMA, TOK_LBRACE, TOK_INT, TOK_COLON,
                 TOK_INT, TOK_RBRACE, TOK_RPAR, TOK_NEWLINE, TOK_NAME, TOK_NEWLINE, TOK_EOF);
}

Test(lexer, backslash_continuation) {
    EXPECT_KINDS("x = 1 + \\\n        2\ny\n", TOK_NAME, TOK_EQ, TOK_INT, TOK_PLUS, TOK_INT,
                 TOK_NEWLINE, TOK_NAME, TOK_NEWLINE, TOK_EOF);
    /* Inside a block, and with CRLF line ends. */
    EXPECT_KINDS("if a:\r\n    b = \\\r\n1\r\n    c\r\n", TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE,
                 TOK_INDENT, TOK_NAME, TOK_EQ, TOK_INT, TOK_NEWLINE, TOK_NAME, TOK_NEWLINE,
                 TOK_DEDENT, TOK_EOF);
}

Test(lexer, tabs_advance_to_multiple_of_8) {
    /* "\t" and " \t" are both column 8; "\t\t" is 16, one level deeper. */
    EXPECT_KINDS("if a:\n\tif b:\n\t\tc\n\td\n", TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE,
                 TOK_INDENT, TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE, TOK_INDENT, TOK_NAME,
                 TOK_NEWLINE, TOK_DEDENT, TOK_NAME, TOK_NEWLINE, TOK_DEDENT, TOK_EOF);
    EXPECT_KINDS("if a:\n    \tb\n    \tc\n", TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE,
                 TOK_INDENT, TOK_NAME, TOK_NEWLINE, TOK_NAME, TOK_NEWLINE, TOK_DEDENT, TOK_EOF);
    cr_assert(eq(int, cap.diag.errors, 0));
    /* Column 7 is not column 8: the tab really went to 8, not 4 or 7. */
    EXPECT_ERROR("if a:\n\tb\n       c\n",
                 "t.py:3:8: error: unindent does not match any outer indentation level");
}

Test(lexer, no_trailing_newline) {
    int n;
    Token *toks = lex_all("if a:\n  b", &n);
    cr_assert(eq(int, n, 9));
    cr_assert(eq(int, toks[6].kind, TOK_NEWLINE));
    cr_assert(eq(str, (char *)toks[6].text, ""));
    expect_loc(toks[6].loc, 2, 4);
    cr_assert(eq(int, toks[7].kind, TOK_DEDENT));
    cr_assert(eq(int, toks[8].kind, TOK_EOF));
}

Test(lexer, newline_located_after_last_token) {
    int n;
    Token *toks = lex_all("def f(x)   # no colon\n", &n);
    cr_assert(eq(int, toks[5].kind, TOK_NEWLINE));
    expect_loc(toks[5].loc, 1, 9);
    toks = lex_all("s = '''a\nbc''' \n", &n);
    cr_assert(eq(int, toks[3].kind, TOK_NEWLINE));
    expect_loc(toks[3].loc, 2, 6);
}

Test(lexer, empty_and_blank_files) {
    EXPECT_KINDS("", TOK_EOF);
    EXPECT_KINDS("\n\n   \n# only a comment", TOK_EOF);
    EXPECT_KINDS("\xEF\xBB\xBFx\n", TOK_NAME, TOK_NEWLINE, TOK_EOF); /* BOM skipped */
}

Test(lexer, eof_forever) {
    Lexer *lx = lex_source("if a:\n  b\n");
    Token t;
    int n = 0;
    while ((t = lexer_next(lx)).kind != TOK_EOF) n++;
    cr_assert(eq(int, n, 8));
    for (int i = 0; i < 5; i++) cr_assert(eq(int, lexer_next(lx).kind, TOK_EOF));
}

/* ---- Numbers ------------------------------------------------------------------- */

static void expect_int(const char *src, int64_t value) {
    Token t = lex_one(src);
    cr_assert(eq(int, t.kind, TOK_INT), "%s", src);
    cr_assert(eq(i64, t.int_value, value), "%s", src);
}

static void expect_float(const char *src, double value) {
    Token t = lex_one(src);
    cr_assert(eq(int, t.kind, TOK_FLOAT), "%s", src);
    cr_assert(eq(dbl, t.float_value, value), "%s", src);
}

Test(lexer, integers) {
    expect_int("0", 0);
    expect_int("00", 0);
    expect_int("0_0", 0);
    expect_int("7", 7);
    expect_int("1_000_000", 1000000);
    expect_int("0xff", 255);
    expect_int("0X_DEAD_beef", 0xdeadbeef);
    expect_int("0o17", 15);
    expect_int("0O_7_7", 63);
    expect_int("0b1010", 10);
    expect_int("0B_1_1", 3);
    expect_int("9223372036854775807", INT64_MAX);
    expect_int("0x7fffffffffffffff", INT64_MAX);
}

Test(lexer, floats) {
    expect_float("1.5", 1.5);
    expect_float("1.", 1.0);
    expect_float(".5", 0.5);
    expect_float("1e10", 1e10);
    expect_float("1E-5", 1e-5);
    expect_float("2.5e+3", 2500.0);
    expect_float("1_000.5e-3", 1.0005);
    expect_float("1_0.2_5", 10.25);
    expect_float("012.5", 12.5); /* leading zeros are fine in floats */
    expect_float("0e0", 0.0);
    expect_float("1.e2", 100.0);
}

Test(lexer, keyword_glued_to_number) {
    /* Python accepts "1if" (with a warning): INT then 'if'. */
    EXPECT_KINDS("x = 1if y else 2", TOK_NAME, TOK_EQ, TOK_INT, TOK_IF, TOK_NAME, TOK_ELSE,
                 TOK_INT, TOK_NEWLINE, TOK_EOF);
    cr_assert(eq(int, cap.diag.errors, 0));
    cr_assert(eq(int, cap.diag.warnings, 1));
}

/* ---- Strings ------------------------------------------------------------------- */

Test(lexer, string_quotes) {
    expect_value(lex_one("'a\"b'"), "a\"b", 3);
    expect_value(lex_one("\"a'b\""), "a'b", 3);
    expect_value(lex_one("''"), "", 0);
    expect_value(lex_one("''''''"), "", 0);
    expect_value(lex_one("'''a\n'b'\n\"\"c'''"), "a\n'b'\n\"\"c", 9);
    expect_value(lex_one("\"\"\"x\r\ny\"\"\""), "x\ny", 3); /* CRLF read as \n */
    EXPECT_KINDS("'a' \"b\"", TOK_STRING, TOK_STRING, TOK_NEWLINE, TOK_EOF);
}

Test(lexer, string_escapes) {
    expect_value(lex_one("'\\\\ \\' \\\" \\a\\b\\f\\n\\r\\t\\v'"), "\\ ' \" \a\b\f\n\r\t\v", 13);
    expect_value(lex_one("'\\101\\0\\7x'"), "A\0\ax", 4);
    expect_value(lex_one("'\\x41\\xe9'"), "A\xc3\xa9", 3);     /* \xe9 is U+00E9 in a str */
    expect_value(lex_one("'\\u00e9\\u20ac'"), "\xc3\xa9\xe2\x82\xac", 5);
    expect_value(lex_one("'\\U0001F600'"), "\xf0\x9f\x98\x80", 4);
    expect_value(lex_one("'ab\\\ncd'"), "abcd", 4); /* backslash-newline */
    expect_value(lex_one("'été'"), "été", 5);
}

Test(lexer, unknown_escape_keeps_backslash) {
    Token t = lex_one("'\\d\\q'");
    expect_value(t, "\\d\\q", 4);
    cr_assert(eq(int, cap.diag.warnings, 2));
}

Test(lexer, raw_strings) {
    Token t = lex_one("r'\\d\\n\\''");
    expect_value(t, "\\d\\n\\'", 6);
    cr_assert(t.is_raw);
    expect_value(lex_one("R\"a\\\nb\""), "a\\\nb", 4);
    expect_value(lex_one("r'''x\\'''y'''"), "x\\'''y", 6);
}

Test(lexer, bytes_strings) {
    Token t = lex_one("b'\\xff\\x00a\\u1234'");
    cr_assert(t.is_bytes);
    cr_assert(eq(int, t.is_raw, false));
    expect_value(t, "\xff\0a\\u1234", 9); /* \u is not an escape in bytes */
    t = lex_one("Rb'\\x'");
    cr_assert(t.is_bytes && t.is_raw);
    expect_value(t, "\\x", 2);
    cr_assert(lex_one("bR''").is_bytes);
    cr_assert(lex_one("BR''").is_raw);
    cr_assert(eq(int, lex_one("u'x'").kind, TOK_STRING));
}

Test(lexer, fstrings_keep_raw_body) {
    int n;
    Token *toks = lex_all("x = f'{a!r:>{w}} \\n {{b}}'", &n);
    Token t = toks[2];
    cr_assert(eq(int, t.kind, TOK_FSTRING));
    expect_value(t, "{a!r:>{w}} \\n {{b}}", 19);
    cr_assert(eq(int, t.is_raw, false));
    expect_loc(t.loc, 1, 5);
    expect_loc(t.body_loc, 1, 7);
    t = lex_one("Rf\"\\d{x}\"");
    cr_assert(eq(int, t.kind, TOK_FSTRING));
    cr_assert(t.is_raw);
    expect_value(t, "\\d{x}", 5);
    t = lex_one("fR'''a\nb'''");
    expect_value(t, "a\nb", 3);
    expect_loc(t.body_loc, 1, 6);
    cr_assert(eq(int, lex_one("F'\\''").str_len, 2));
}

Test(lexer, string_prefix_needs_adjacent_quote) {
    EXPECT_KINDS("rb 'x'", TOK_NAME, TOK_STRING, TOK_NEWLINE, TOK_EOF);
    EXPECT_KINDS("fx'y'", TOK_NAME, TOK_STRING, TOK_NEWLINE, TOK_EOF);
}

/* ---- Errors -------------------------------------------------------------------- */

Test(lexer, error_unterminated_string) {
    EXPECT_ERROR("x = 'abc\ny = 1\n", "t.py:1:5: error: unterminated string literal");
    /* Recovery: the next line is still lexed normally. */
    cr_assert(eq(int, cap.diag.errors, 1));
}

Test(lexer, error_unterminated_string_at_eof) {
    EXPECT_ERROR("x = 1\nprint(b'abc\\", "t.py:2:7: error: unterminated string literal");
}

Test(lexer, error_unterminated_triple_quoted) {
    EXPECT_ERROR("x = 1\ns = '''abc\n\ndef\n",
                 "t.py:2:5: error: unterminated triple-quoted string literal");
}

Test(lexer, error_unmatched_closer) {
    EXPECT_ERROR("x = 1)\n", "t.py:1:6: error: unmatched ')'");
    int n;
    Token *toks = lex_all("]", &n);
    cr_assert(eq(int, toks[0].kind, TOK_ERROR));
}

Test(lexer, error_mismatched_closer) {
    EXPECT_ERROR("f(a]\n",
                 "t.py:1:4: error: closing parenthesis ']' does not match opening parenthesis '('");
}

Test(lexer, error_mismatched_closer_other_line) {
    EXPECT_ERROR("f(a,\n  {b)\n", "t.py:2:5: error: closing parenthesis ')' does not match "
                                  "opening parenthesis '{'");
    EXPECT_ERROR("x = [\n1)\n", "t.py:2:2: error: closing parenthesis ')' does not match "
                                "opening parenthesis '[' on line 1");
}

Test(lexer, error_never_closed) {
    EXPECT_ERROR("x = 1\ny = f([1,\n  2]\n", "t.py:2:6: error: '(' was never closed");
    /* The parser still gets a balanced stream: the closer is supplied at EOF. */
    int n;
    Token *toks = lex_all("f(", &n);
    cr_assert(eq(int, toks[2].kind, TOK_RPAR));
    cr_assert(eq(int, toks[3].kind, TOK_NEWLINE));
}

Test(lexer, error_invalid_character) {
    EXPECT_ERROR("a = b $ c\n", "t.py:1:7: error: invalid character '$' (U+0024)");
    cr_assert(eq(int, cap.diag.errors, 1));
}

Test(lexer, error_invalid_unicode_character) {
    EXPECT_ERROR("s = \xe2\x80\x9chi\xe2\x80\x9d\n",
                 "t.py:1:5: error: invalid character '\xe2\x80\x9c' (U+201C)");
}

Test(lexer, error_non_printable_character) {
    EXPECT_ERROR("a = 1\x07\n", "t.py:1:6: error: invalid non-printable character U+0007");
}

Test(lexer, error_non_breaking_space) {
    EXPECT_ERROR("x\xc2\xa0= 1\n", "t.py:1:2: error: invalid non-printable character U+00A0");
}

/* The diagnostics of the n bytes at src (which may hold NULs), lexed to the end; *count
 * receives the number of tokens before TOK_EOF. */
static const char *diag_of_bytes(const char *src, size_t n, int *count) {
    SourceFile *f = ARENA_NEW(cap.arena, SourceFile);
    f->path = "t.py";
    f->text = arena_strndup(cap.arena, src, n);
    f->len = n;
    fflush(cap.out);
    size_t before = cap.len;
    Lexer *lx = lexer_new(cap.arena, &cap.diag, f);
    *count = 0;
    while (lexer_next(lx).kind != TOK_EOF) ++*count;
    fflush(cap.out);
    return diag_capture_since(&cap, before);
}

/* As CPython, a NUL anywhere (a string literal or a comment too) rejects the file
 * before it is tokenized: one error, at the byte, and no tokens. */
Test(lexer, error_null_byte) {
    static const struct {
        const char *src;
        size_t len;
        const char *want;
    } cases[] = {
        {"a\0b\n", 4, "t.py:1:2: error: source code cannot contain null bytes\n"},
        {"x = 1\ns = 'a\0b'\n", 14, "t.py:2:7: error: source code cannot contain null bytes\n"},
        {"x = 1  # \0\n", 11, "t.py:1:10: error: source code cannot contain null bytes\n"},
        {"s = \"\"\"\n\0\"\"\"\n", 13, "t.py:2:1: error: source code cannot contain null bytes\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int n;
        const char *text = diag_of_bytes(cases[i].src, cases[i].len, &n);
        size_t want = strlen(cases[i].want);
        cr_assert(eq(int, strncmp(text, cases[i].want, want), 0), "case %zu: %s", i, text);
        cr_assert(eq(int, n, 0), "case %zu: tokens after the error", i);
        cr_assert(eq(ptr, (void *)strstr(text + want, "error:"), NULL), "case %zu: two errors", i);
    }
}

/* Malformed UTF-8 anywhere: CPython's decoder's rules (no overlong forms, surrogates,
 * or code points past U+10FFFF), located at the first bad byte. */
#define NON_UTF8(where, byte) \
    "t.py:" where ": error: non-UTF-8 code starting with '\\x" byte "': the source must be UTF-8"
Test(lexer, error_invalid_utf8) {
    static const struct {
        const char *src, *want;
    } cases[] = {
        {"s = 'a\xff" "b'\n", NON_UTF8("1:7", "ff")},
        {"x = 1\n# caf\xe9\n", NON_UTF8("2:6", "e9")},
        {"s = '\xed\xa0\x80'\n", NON_UTF8("1:6", "ed")},
        {"s = '\xc0\xaf'\n", NON_UTF8("1:6", "c0")},
        {"s = '\xe0\x80\xaf'\n", NON_UTF8("1:6", "e0")},
        {"s = '\xf4\x90\x80\x80'\n", NON_UTF8("1:6", "f4")},
        {"s = '\xe2\x82'\n", NON_UTF8("1:6", "e2")},
        {"y = 2 \xc3", NON_UTF8("1:7", "c3")},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int n;
        const char *text = diag_of_bytes(cases[i].src, strlen(cases[i].src), &n);
        size_t want = strlen(cases[i].want);
        cr_assert(eq(int, strncmp(text, cases[i].want, want), 0), "case %zu: %s", i, text);
        cr_assert(eq(int, n, 0), "case %zu: tokens after the error", i);
    }
}

/* Well-formed UTF-8 of every length is accepted in strings and comments. */
Test(lexer, valid_utf8_everywhere) {
    int n;
    const char *src =
        "s = '\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf'  # \xe2\x9c\x93\n";
    const char *text = diag_of_bytes(src, strlen(src), &n);
    cr_assert(eq(str, (char *)text, ""));
    cr_assert(eq(int, n, 4)); /* s = '...' NEWLINE */
}

Test(lexer, error_backslash_not_at_line_end) {
    EXPECT_ERROR("x = 1 \\ + 2\n",
                 "t.py:1:7: error: unexpected character after line continuation character");
}

Test(lexer, error_backslash_at_eof) {
    EXPECT_ERROR("x = 1 + \\",
                 "t.py:1:9: error: unexpected end of file after line continuation character");
}

Test(lexer, error_leading_zeros) {
    EXPECT_ERROR("x = 012\n", "t.py:1:5: error: leading zeros in decimal integer literals are "
                              "not permitted; use an 0o prefix for octal integers");
}

Test(lexer, error_integer_too_large) {
    EXPECT_ERROR("x = 9_223_372_036_854_775_808\n",
                 "t.py:1:5: error: integer literal too large for ingot's 64-bit int");
}

Test(lexer, error_hex_too_large) {
    EXPECT_ERROR("x = 0xffffffffffffffff\n",
                 "t.py:1:5: error: integer literal too large for ingot's 64-bit int");
}

Test(lexer, error_complex) {
    EXPECT_ERROR("z = 1.5j\n", "t.py:1:5: error: complex numbers are not supported");
}

Test(lexer, error_invalid_decimal_literal) {
    EXPECT_ERROR("x = 1__000\n", "t.py:1:6: error: invalid decimal literal");
    /* The whole bad literal is one operand: no second error from the rest. */
    cr_assert(eq(int, cap.diag.errors, 1));
}

Test(lexer, error_trailing_underscore) {
    EXPECT_ERROR("x = 1.5_\n", "t.py:1:8: error: invalid decimal literal");
}

Test(lexer, error_name_after_number) {
    EXPECT_ERROR("x = 3abc\n", "t.py:1:6: error: invalid decimal literal");
}

Test(lexer, error_invalid_octal_digit) {
    EXPECT_ERROR("x = 0o178\n", "t.py:1:9: error: invalid digit '8' in octal literal");
}

Test(lexer, error_invalid_binary_digit) {
    EXPECT_ERROR("x = 0b1_2\n", "t.py:1:9: error: invalid digit '2' in binary literal");
}

Test(lexer, error_invalid_hex_literal) {
    EXPECT_ERROR("x = 0x\n", "t.py:1:7: error: invalid hexadecimal literal");
    EXPECT_ERROR("x = 0x1g\n", "t.py:1:8: error: invalid hexadecimal literal");
}

Test(lexer, error_named_unicode_escape) {
    EXPECT_ERROR("s = 'a\\N{EM DASH}b'\n", "t.py:1:7: error: '\\N{...}' escapes are not supported");
}

Test(lexer, error_truncated_hex_escape) {
    EXPECT_ERROR("s = 'ab\\x4'\n", "t.py:1:8: error: truncated \\xXX escape");
}

Test(lexer, error_truncated_unicode_escape) {
    EXPECT_ERROR("s = '\\u12'\n", "t.py:1:6: error: truncated \\uXXXX escape");
}

Test(lexer, error_non_ascii_in_bytes) {
    EXPECT_ERROR("s = b'caf\xc3\xa9'\n",
                 "t.py:1:10: error: bytes can only contain ASCII literal characters");
}

Test(lexer, error_inconsistent_tabs) {
    /* A tab and eight spaces are both column 8, but not with a tab counted as 1. */
    EXPECT_ERROR("if a:\n\tb\n        c\n",
                 "t.py:3:9: error: inconsistent use of tabs and spaces in indentation");
}

Test(lexer, error_unindent_mismatch) {
    EXPECT_ERROR("if a:\n    b\n  c\nd\n",
                 "t.py:3:3: error: unindent does not match any outer indentation level");
    /* Recovery: 'c' stays in the block, so 'd' dedents once and nothing else is wrong. */
    cr_assert(eq(int, cap.diag.errors, 1));
    EXPECT_KINDS("if a:\n    b\n  c\nd\n", TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE, TOK_INDENT,
                 TOK_NAME, TOK_NEWLINE, TOK_NAME, TOK_NEWLINE, TOK_DEDENT, TOK_NAME, TOK_NEWLINE,
                 TOK_EOF);
}

Test(lexer, error_too_many_nested_parentheses) {
    /* CPython's limit is 200 open brackets; the 201st is refused, and nothing breaks. */
    StrBuf sb;
    strbuf_init(&sb, cap.arena);
    for (int i = 0; i < 201; i++) strbuf_putc(&sb, '(');
    for (int i = 0; i < 201; i++) strbuf_putc(&sb, ')');
    EXPECT_ERROR(strbuf_cstr(&sb), "t.py:1:201: error: too many nested parentheses");
}

Test(lexer, error_too_many_indentation_levels) {
    StrBuf sb;
    strbuf_init(&sb, cap.arena);
    /* As in CPython, the stack holds 100 columns: 99 levels above column 0. */
    for (int i = 0; i < 101; i++) {
        for (int j = 0; j < i; j++) strbuf_putc(&sb, ' ');
        strbuf_puts(&sb, "if a:\n");
    }
    EXPECT_ERROR(strbuf_cstr(&sb), "t.py:101:101: error: too many levels of indentation");
}

Test(lexer, form_feed_resets_indentation) {
    EXPECT_KINDS("if a:\n  b\n\fc\n", TOK_IF, TOK_NAME, TOK_COLON, TOK_NEWLINE, TOK_INDENT,
                 TOK_NAME, TOK_NEWLINE, TOK_DEDENT, TOK_NAME, TOK_NEWLINE, TOK_EOF);
}

Test(lexer, several_errors_reported) {
    int n;
    lex_all("a = $\nb = 012\nc = 'x\nd = 1)\ne = [\n", &n);
    cr_assert(eq(int, cap.diag.errors, 5));
}

/* ---- Robustness ---------------------------------------------------------------- */

Test(lexer, random_bytes_always_reach_eof) {
    /* Fuzz-style: garbage built from Python-ish pieces must end in TOK_EOF without
     * tripping the sanitizers, whatever errors it reports. */
    static const char *const pieces[] = {
        "'", "\"", "'''", "\\", "\n", "\r\n", " ", "\t", "(", ")", "]", "{", "0x", "0o9",
        "1_", "1e", ".", "#", "f'", "rb\"", "\\N{", "\\x", "\\u1", "if", "é", "\xff", "\xe2\x80",
        "\x01", ":", "    ", "1j", "9999999999999999999999",
    };
    unsigned seed = 12345;
    for (int round = 0; round < 300; round++) {
        char src[200];
        size_t len = 0;
        while (len < sizeof src - 30) {
            seed = seed * 1103515245u + 12345u;
            const char *p = pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])];
            memcpy(src + len, p, strlen(p));
            len += strlen(p);
        }
        src[len] = '\0';
        int n;
        lex_all(src, &n);
        cr_assert(n >= 1);
    }
}

/* ---- --emit=tokens -------------------------------------------------------------- */

Test(lexer, print_tokens_format) {
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", "if x:\n    s = 'it\\'s'\n");
    lexer_print_tokens(out, cap.arena, &cap.diag, f);
    fclose(out);
    cr_assert(eq(str, buf,
                 "1:1\tif\t'if'\n"
                 "1:4\tNAME\t'x'\n"
                 "1:5\t:\t':'\n"
                 "1:6\tNEWLINE\t'\\n'\n"
                 "2:5\tINDENT\t''\n"
                 "2:5\tNAME\t's'\n"
                 "2:7\t=\t'='\n"
                 "2:9\tSTRING\t\"'it\\\\'s'\"\n"
                 "2:16\tNEWLINE\t'\\n'\n"
                 "3:1\tDEDENT\t''\n"
                 "3:1\tENDMARKER\t''\n"));
    free(buf);
}
