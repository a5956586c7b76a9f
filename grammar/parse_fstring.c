/* parse_fstring.c — an f-string's raw body split into literal pieces (escapes and
 * {{ }} processed) and replacement fields {expr!r:spec}, whose expressions are
 * parsed by re-entering the grammar (parse_fstring_expr) at their exact location.
 * Entry point: parse_fstring_body.  Memory owner: nodes live in ctx->arena. */
#include <string.h>

#include "parse_internal.h"

typedef struct FScan {
    ParseCtx *ctx;
    const Token *tok;
    const char *s;
    size_t n, i;
    int line, col;  /* position of s[i] in the script */
} FScan;

static SrcLoc scan_loc(const FScan *fs) { return (SrcLoc){fs->ctx->file, fs->line, fs->col, 1}; }

static void scan_advance(FScan *fs, size_t k) {
    for (; k > 0 && fs->i < fs->n; k--, fs->i++) {
        if (fs->s[fs->i] == '\n') {
            fs->line++;
            fs->col = 1;
        } else {
            fs->col++;
        }
    }
}

static int peek(const FScan *fs, size_t ahead) {
    return fs->i + ahead < fs->n ? (unsigned char)fs->s[fs->i + ahead] : -1;
}

static void put_utf8(StrBuf *sb, unsigned long cp) {
    if (cp < 0x80) {
        strbuf_putc(sb, (char)cp);
    } else if (cp < 0x800) {
        strbuf_putc(sb, (char)(0xC0 | (cp >> 6)));
        strbuf_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        strbuf_putc(sb, (char)(0xE0 | (cp >> 12)));
        strbuf_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_putc(sb, (char)(0x80 | (cp & 0x3F)));
    } else {
        strbuf_putc(sb, (char)(0xF0 | (cp >> 18)));
        strbuf_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3F)));
        strbuf_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3F)));
        strbuf_putc(sb, (char)(0x80 | (cp & 0x3F)));
    }
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* One backslash escape of a literal piece (fs->i at the backslash), as in a
 * plain string literal. An unknown escape keeps its backslash, like Python. */
static bool scan_escape(FScan *fs, StrBuf *lit) {
    SrcLoc at = scan_loc(fs);
    int c = peek(fs, 1);
    const char *simple = strchr("\\'\"abfnrtv", c > 0 ? c : 'X');
    if (c > 0 && simple) {
        static const char from[] = "\\'\"abfnrtv", to[] = "\\'\"\a\b\f\n\r\t\v";
        strbuf_putc(lit, to[strchr(from, c) - from]);
        scan_advance(fs, 2);
        return true;
    }
    if (c == '\n') {
        scan_advance(fs, 2);
        return true;
    }
    if (c >= '0' && c <= '7') {
        unsigned v = 0;
        size_t k = 1;
        while (k <= 3 && peek(fs, k) >= '0' && peek(fs, k) <= '7')
            v = v * 8 + (unsigned)(peek(fs, k++) - '0');
        put_utf8(lit, v);
        scan_advance(fs, k);
        return true;
    }
    int digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
    if (digits) {
        unsigned long v = 0;
        for (int k = 0; k < digits; k++) {
            int h = hex_value(peek(fs, 2 + (size_t)k));
            if (h < 0) {
                parse_error(fs->ctx, at, "(unicode error) truncated \\%cXX escape", c);
                return false;
            }
            v = v * 16 + (unsigned long)h;
        }
        if (v > 0x10FFFF) {
            parse_error(fs->ctx, at, "(unicode error) illegal Unicode character");
            return false;
        }
        put_utf8(lit, v);
        scan_advance(fs, 2 + (size_t)digits);
        return true;
    }
    if (c == 'N') {
        parse_error(fs->ctx, at, "'\\N{...}' escapes are not supported by ingot");
        return false;
    }
    strbuf_putc(lit, '\\');
    scan_advance(fs, 1);
    return true;
}

static void flush_literal(FScan *fs, StrBuf *lit, SrcLoc loc, NodeList *out) {
    if (lit->len == 0) return;
    Node *n = ast_new(fs->ctx->arena, AST_STR, loc);
    n->str.value = strbuf_cstr(lit);
    n->str.len = lit->len;
    nodelist_push(fs->ctx->arena, out, n);
    strbuf_init(lit, fs->ctx->arena);
}

static bool scan_pieces(FScan *fs, NodeList *out, bool in_spec);

/* The expression of a field: up to a top-level '}', '!' (not '!='), ':' or a
 * debugging '=', skipping brackets and string literals. */
static bool scan_field_expr(FScan *fs, SrcLoc open, bool *debug) {
    int depth = 0;
    char quote = 0;
    *debug = false;
    for (;;) {
        int c = peek(fs, 0);
        if (c < 0) {
            parse_error(fs->ctx, open, "f-string: expecting '}'");
            return false;
        }
        if (quote) {
            if (c == '\\') scan_advance(fs, 1);
            else if (c == quote) quote = 0;
            scan_advance(fs, 1);
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = (char)c;
        } else if (c == '#') {
            parse_error(fs->ctx, scan_loc(fs), "f-string expression part cannot include '#'");
            return false;
        } else if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0 && c == '}') return true;
            if (depth > 0) depth--;
        } else if (depth == 0) {
            int next = peek(fs, 1);
            if (c == '!' && next != '=') return true;
            if (c == ':') return true;
            if (c == '=' && next != '=') {
                int prev = fs->i > 0 ? (unsigned char)fs->s[fs->i - 1] : 0;
                if (!strchr("=!<>", prev ? prev : 'x')) {
                    size_t k = 1;
                    while (peek(fs, k) == ' ') k++;
                    int after = peek(fs, k);
                    if (after == '}' || after == '!' || after == ':') {
                        *debug = true;
                        return true;
                    }
                }
            }
        }
        scan_advance(fs, 1);
    }
}

static bool is_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strchr(" \t\n\r\f", s[i])) return false;
    return true;
}

/* A replacement field; fs->i is at its '{'. */
static bool scan_field(FScan *fs, NodeList *out) {
    ParseCtx *ctx = fs->ctx;
    SrcLoc open = scan_loc(fs);
    scan_advance(fs, 1);
    size_t start = fs->i;
    int line = fs->line, col = fs->col;
    bool debug;
    if (!scan_field_expr(fs, open, &debug)) return false;
    size_t len = fs->i - start;
    const char *text = fs->s + start;
    if (is_blank(text, len)) {
        parse_error(ctx, open, "f-string: empty expression not allowed");
        return false;
    }
    Node *value = parse_fstring_expr(ctx, line, col, text, len);
    if (!value) return false;
    Node *field = ast_new(ctx->arena, AST_FORMATTED, value->loc);
    field->formatted.value = value;
    field->formatted.expr_text = arena_strndup(ctx->arena, text, len);
    if (debug) {
        /* {x = } prints "x = " and then repr(x), as Python does. */
        scan_advance(fs, 1);
        while (peek(fs, 0) == ' ') scan_advance(fs, 1);
        Node *lit = ast_new(ctx->arena, AST_STR, open);
        lit->str.len = fs->i - start;
        lit->str.value = arena_strndup(ctx->arena, text, lit->str.len);
        nodelist_push(ctx->arena, out, lit);
    }
    if (peek(fs, 0) == '!') {
        int c = peek(fs, 1);
        if (c != 's' && c != 'r' && c != 'a') {
            scan_advance(fs, 1);
            parse_error(ctx, scan_loc(fs),
                        "f-string: invalid conversion character: expected 's', 'r', or 'a'");
            return false;
        }
        field->formatted.conversion = (Conversion)c;
        scan_advance(fs, 2);
    }
    if (peek(fs, 0) == ':') {
        Node *spec = ast_new(ctx->arena, AST_FSTRING, scan_loc(fs));
        scan_advance(fs, 1);
        if (!scan_pieces(fs, &spec->fstring.values, true)) return false;
        field->formatted.format_spec = spec;
    }
    if (peek(fs, 0) != '}') {
        parse_error(ctx, peek(fs, 0) < 0 ? open : scan_loc(fs), "f-string: expecting '}'");
        return false;
    }
    scan_advance(fs, 1);
    if (debug && !field->formatted.conversion && !field->formatted.format_spec)
        field->formatted.conversion = CONV_REPR;
    nodelist_push(ctx->arena, out, field);
    return true;
}

/* Literal text and fields up to the end of the body (or, in a format spec, up to
 * the '}' closing the field, which is left for the caller). */
static bool scan_pieces(FScan *fs, NodeList *out, bool in_spec) {
    StrBuf lit;
    strbuf_init(&lit, fs->ctx->arena);
    SrcLoc lit_loc = scan_loc(fs);
    while (fs->i < fs->n) {
        int c = peek(fs, 0);
        if (lit.len == 0) lit_loc = scan_loc(fs);
        if (c == '}' && in_spec) break;
        if (c == '{' && peek(fs, 1) == '{' && !in_spec) {
            strbuf_putc(&lit, '{');
            scan_advance(fs, 2);
        } else if (c == '{') {
            flush_literal(fs, &lit, lit_loc, out);
            if (!scan_field(fs, out)) return false;
        } else if (c == '}' && peek(fs, 1) == '}') {
            strbuf_putc(&lit, '}');
            scan_advance(fs, 2);
        } else if (c == '}') {
            parse_error(fs->ctx, scan_loc(fs), "f-string: single '}' is not allowed");
            return false;
        } else if (c == '\\' && !fs->tok->is_raw) {
            if (!scan_escape(fs, &lit)) return false;
        } else {
            strbuf_putc(&lit, (char)c);
            scan_advance(fs, 1);
        }
    }
    flush_literal(fs, &lit, lit_loc, out);
    return true;
}

void parse_fstring_body(ParseCtx *ctx, const Token *tok, NodeList *out) {
    FScan fs = {
        ctx, tok, tok->str ? tok->str : "", tok->str_len, 0, tok->body_loc.line, tok->body_loc.col};
    scan_pieces(&fs, out, false);
}
