/* lexer_string.c — string literals: prefixes, the four quote styles, escape decoding
 * into Token.str (UTF-8 for str, bytes for b''), raw f-string bodies for the parser.
 * Entry point: lexer_scan_string (from lexer.re). Memory owner: values in the Arena. */
#include <ctype.h>
#include <string.h>

#include "lexer_internal.h"

int lexer_utf8_encode(char *buf, uint32_t cp) {
    if (cp < 0x80) {
        buf[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        buf[0] = (char)(0xC0 | cp >> 6);
        buf[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        buf[0] = (char)(0xE0 | cp >> 12);
        buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        buf[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    buf[0] = (char)(0xF0 | cp >> 18);
    buf[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    buf[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    buf[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

typedef struct {
    Lexer *lx;
    StrBuf value;
    bool is_bytes;
} Decoder;

/* A str escape names a code point (stored as UTF-8); a bytes escape names a byte. */
static void put_code(Decoder *dec, uint32_t cp) {
    if (dec->is_bytes) {
        strbuf_putc(&dec->value, (char)(cp & 0xFF));
        return;
    }
    char buf[4];
    strbuf_putn(&dec->value, buf, (size_t)lexer_utf8_encode(buf, cp));
}

/* p is just past a newline inside the literal: keep line bookkeeping right. */
static void note_newline(Lexer *lx, const char *p) {
    lx->line++;
    lx->line_start = p;
}

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Bytes in the UTF-8 sequence that starts with c (1 for ASCII and stray bytes). */
static int utf8_length(unsigned char c) {
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

/* Decodes the escape at esc (a backslash with at least one byte after it, before the
 * NUL sentinel); returns where scanning resumes. */
static const char *decode_escape(Decoder *dec, const char *esc) {
    Lexer *lx = dec->lx;
    const char *p = esc + 2;
    char c = esc[1];
    switch (c) {
    case '\n': /* backslash-newline joins the lines: nothing is stored */
        note_newline(lx, p);
        return p;
    case '\r':
        if (*p == '\n') {
            note_newline(lx, ++p);
            return p;
        }
        break;
    case '\\': case '\'': case '"':
        strbuf_putc(&dec->value, c);
        return p;
    case 'a': strbuf_putc(&dec->value, '\a'); return p;
    case 'b': strbuf_putc(&dec->value, '\b'); return p;
    case 'f': strbuf_putc(&dec->value, '\f'); return p;
    case 'n': strbuf_putc(&dec->value, '\n'); return p;
    case 'r': strbuf_putc(&dec->value, '\r'); return p;
    case 't': strbuf_putc(&dec->value, '\t'); return p;
    case 'v': strbuf_putc(&dec->value, '\v'); return p;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = (uint32_t)(c - '0');
        for (int i = 0; i < 2 && *p >= '0' && *p <= '7'; i++) v = v * 8 + (uint32_t)(*p++ - '0');
        if (v > 0377)
            diag_warning(lx->diag, lexer_loc_at(lx, esc, (int)(p - esc)),
                         "invalid octal escape sequence '%.*s'", (int)(p - esc), esc);
        put_code(dec, v);
        return p;
    }
    case 'x': case 'u': case 'U': {
        if (c != 'x' && dec->is_bytes) break; /* \u means nothing in bytes */
        int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        uint32_t v = 0;
        int got = 0;
        for (; got < want && hex_value((unsigned char)*p) >= 0; got++)
            v = v * 16 + (uint32_t)hex_value((unsigned char)*p++);
        SrcLoc loc = lexer_loc_at(lx, esc, (int)(p - esc));
        if (got < want)
            diag_error(lx->diag, loc, "truncated \\%s escape",
                       c == 'x' ? "xXX" : c == 'u' ? "uXXXX" : "UXXXXXXXX");
        else if (v > 0x10FFFF)
            diag_error(lx->diag, loc, "illegal unicode character in '%.*s'", (int)(p - esc), esc);
        else
            put_code(dec, v);
        return p;
    }
    case 'N':
        if (dec->is_bytes) break;
        /* Swallow the {name} as well, so the error covers the whole escape. */
        if (*p == '{') {
            const char *q = p + 1;
            while (*q && *q != '}' && *q != '\n' && *q != '\'' && *q != '"') q++;
            if (*q == '}') p = q + 1;
        }
        diag_error(lx->diag, lexer_loc_at(lx, esc, (int)(p - esc)),
                   "'\\N{...}' escapes are not supported");
        return p;
    default:
        break;
    }
    /* Unknown escape: Python keeps the backslash (and warns since 3.12). The next
     * character is scanned normally, so a newline or non-ASCII byte is handled there. */
    int n = utf8_length((unsigned char)c);
    diag_warning(lx->diag, lexer_loc_at(lx, esc, 1 + n), "invalid escape sequence '\\%.*s'", n,
                 esc + 1);
    strbuf_putc(&dec->value, '\\');
    return esc + 1;
}

Token lexer_scan_string(Lexer *lx, const char *start, int quotes) {
    const char *body = lx->cur;
    char quote = body[-1];
    bool is_raw = false, is_f = false;
    Decoder dec = {.lx = lx};
    strbuf_init(&dec.value, lx->arena);
    for (const char *p = start; p < body - quotes; p++) {
        char c = (char)tolower((unsigned char)*p);
        is_raw |= c == 'r';
        is_f |= c == 'f';
        dec.is_bytes |= c == 'b';
    }
    SrcLoc body_loc = {lx->file, lx->line, (int)(body - lx->line_start) + 1, 1};
    /* f-string bodies and raw strings are copied, not decoded, but a backslash still
     * keeps the next character from closing the literal. */
    bool verbatim = is_raw || is_f;
    bool terminated = false, reported_non_ascii = false;
    const char *p = body, *body_end;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (p >= lx->lim) {
            body_end = p;
            break;
        }
        if (c == (unsigned char)quote && (quotes == 1 || (p[1] == quote && p[2] == quote))) {
            body_end = p;
            p += quotes;
            terminated = true;
            break;
        }
        if (c == '\n' || (c == '\r' && p[1] == '\n')) {
            if (quotes == 1) {
                body_end = p;
                break;
            }
            p += c == '\r' ? 2 : 1; /* universal newlines: the value holds '\n' */
            strbuf_putc(&dec.value, '\n');
            note_newline(lx, p);
            continue;
        }
        if (c == '\\' && p + 1 < lx->lim) {
            if (!verbatim) {
                p = decode_escape(&dec, p);
                continue;
            }
            strbuf_putc(&dec.value, '\\');
            p++;
            if (*p == '\n' || (*p == '\r' && p[1] == '\n')) {
                p += *p == '\r' ? 2 : 1;
                strbuf_putc(&dec.value, '\n');
                note_newline(lx, p);
            } else {
                strbuf_putc(&dec.value, *p++);
            }
            continue;
        }
        if (c >= 0x80 && dec.is_bytes && !reported_non_ascii) {
            diag_error(lx->diag, lexer_loc_at(lx, p, utf8_length(c)),
                       "bytes can only contain ASCII literal characters");
            reported_non_ascii = true;
        }
        strbuf_putc(&dec.value, (char)c);
        p++;
    }
    lx->cur = p;
    Token t = lexer_make_token(lx, is_f ? TOK_FSTRING : TOK_STRING, start, p);
    if (!terminated)
        diag_error(lx->diag, t.loc, quotes == 3 ? "unterminated triple-quoted string literal"
                                                : "unterminated string literal");
    t.is_raw = is_raw;
    t.is_bytes = dec.is_bytes;
    if (is_f) {
        t.str = arena_strndup(lx->arena, body, (size_t)(body_end - body));
        t.str_len = (size_t)(body_end - body);
        t.body_loc = body_loc;
    } else {
        t.str = strbuf_cstr(&dec.value);
        t.str_len = dec.value.len;
    }
    return t;
}
