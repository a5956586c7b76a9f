/* lexer_number.c — numeric literals: Python's rules for '_' and leading zeros, the
 * int64 range, floats through strtod. Entry point: lexer_scan_number (from lexer.re).
 * Memory owner: token text and digit copies live in the Arena. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lexer_internal.h"

static bool is_name_byte(unsigned char c) { return isalnum(c) || c == '_' || c >= 0x80; }

static int base_of(NumberForm form) {
    switch (form) {
    case NUM_HEX: case NUM_BAD_HEX: return 16;
    case NUM_OCT: case NUM_BAD_OCT: return 8;
    case NUM_BIN: case NUM_BAD_BIN: return 2;
    default: return 10;
    }
}

static const char *base_name(int base) {
    switch (base) {
    case 16: return "hexadecimal";
    case 8: return "octal";
    case 2: return "binary";
    default: return "decimal";
    }
}

static int digit_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

/* Python 3.12 still accepts these keywords glued to a number ("1if x else 2"), with a
 * SyntaxWarning, so "0x1for" is 0x1f followed by 'or'. Returns the keyword or NULL. */
static const char *glued_keyword(const char *p) {
    static const char *const keywords[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        size_t n = strlen(keywords[i]);
        /* strncmp stops at the NUL after the text, so p[n] is still inside it. */
        if (strncmp(p, keywords[i], n) == 0 && !is_name_byte((unsigned char)p[n]))
            return keywords[i];
    }
    return NULL;
}

/* For "0x", "0o", "0b" literals that the exact rule rejected: the first byte that
 * breaks ("_"? digit)+ — as CPython reads it, one '_' then digits, repeatedly. */
static const char *prefixed_digits_end(const char *p, int base) {
    for (;;) {
        if (*p == '_') p++;
        if (digit_value((unsigned char)*p) >= base) return p;
        while (digit_value((unsigned char)*p) < base) p++;
        if (*p != '_') return p;
    }
}

/* The error token that replaces a bad literal: it swallows the rest of the word so
 * the parser sees one operand and reports nothing more. */
static Token bad_number(Lexer *lx, TokenKind kind, const char *start) {
    const char *p = lx->cur;
    while (is_name_byte((unsigned char)*p)) p++;
    lx->cur = p;
    return lexer_make_token(lx, kind, start, p);
}

static bool parse_int(const char *p, const char *end, int base, int64_t *out) {
    uint64_t v = 0;
    if (base != 10) p += 2;
    for (; p < end; p++) {
        if (*p == '_') continue;
        uint64_t d = (uint64_t)digit_value((unsigned char)*p);
        if (v > ((uint64_t)INT64_MAX - d) / (uint64_t)base) return false;
        v = v * (uint64_t)base + d;
    }
    *out = (int64_t)v;
    return true;
}

/* strtod on the literal without its '_' separators (the copy lives in the arena). */
static double parse_float(Arena *arena, const char *p, const char *end) {
    char *buf = arena_alloc(arena, (size_t)(end - p) + 1);
    size_t n = 0;
    for (; p < end; p++)
        if (*p != '_') buf[n++] = *p;
    buf[n] = '\0';
    return strtod(buf, NULL);
}

Token lexer_scan_number(Lexer *lx, NumberForm form, const char *start) {
    int base = base_of(form);
    const char *end = lx->cur;
    SrcLoc whole = lexer_loc_at(lx, start, (int)(end - start));

    if (form == NUM_BAD_HEX || form == NUM_BAD_OCT || form == NUM_BAD_BIN) {
        const char *bad = prefixed_digits_end(start + 2, base);
        if (bad > start + 2 && bad[-1] != '_' && glued_keyword(bad)) {
            end = lx->cur = bad; /* "0x1for": a good literal after all */
            form = form == NUM_BAD_HEX ? NUM_HEX : form == NUM_BAD_OCT ? NUM_OCT : NUM_BIN;
            whole.len = (int)(end - start);
        } else {
            if (isdigit((unsigned char)*bad))
                diag_error(lx->diag, lexer_loc_at(lx, bad, 1), "invalid digit '%c' in %s literal",
                           *bad, base_name(base));
            else
                diag_error(lx->diag, lexer_loc_at(lx, bad, 1), "invalid %s literal",
                           base_name(base));
            return bad_number(lx, TOK_INT, start);
        }
    }

    TokenKind kind = form == NUM_FLOAT || form == NUM_COMPLEX ? TOK_FLOAT : TOK_INT;
    if (is_name_byte((unsigned char)*end)) {
        const char *kw = glued_keyword(end);
        if (!kw) {
            diag_error(lx->diag, lexer_loc_at(lx, end, 1), "invalid %s literal", base_name(base));
            return bad_number(lx, kind, start);
        }
        diag_warning(lx->diag, lexer_loc_at(lx, end, (int)strlen(kw)),
                     "keyword '%s' right after a number; add a space", kw);
    }

    Token t = lexer_make_token(lx, kind, start, end);
    switch (form) {
    case NUM_COMPLEX:
        diag_error(lx->diag, whole, "complex numbers are not supported");
        break;
    case NUM_LEADING_ZERO:
        diag_error(lx->diag, whole,
                   "leading zeros in decimal integer literals are not permitted; "
                   "use an 0o prefix for octal integers");
        break;
    case NUM_FLOAT:
        t.float_value = parse_float(lx->arena, start, end);
        break;
    default:
        if (!parse_int(start, end, base, &t.int_value))
            diag_error(lx->diag, whole, "integer literal too large for ingot's 64-bit int");
        break;
    }
    return t;
}
