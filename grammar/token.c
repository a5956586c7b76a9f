/* token.c — token kind names and the --emit=tokens listing.
 * Entry points: token_kind_name, lexer_print_tokens.
 * Memory owner: names are static; the listing's tokens live in the given Arena. */
#include <string.h>

#include "lexer.h"

static const char *const kind_names[] = {
#define X(kind, spelling) [kind] = spelling,
    TOKEN_KINDS(X)
#undef X
};
_Static_assert(sizeof kind_names / sizeof kind_names[0] == TOK__COUNT, "one name per token kind");

const char *token_kind_name(TokenKind kind) {
    IG_ASSERT((int)kind >= 0 && kind < TOK__COUNT);
    return kind_names[kind];
}

/* Writes text as Python's repr() writes a str: single quotes unless the text has a
 * single quote and no double quote; \\, \n, \r, \t and the quote escaped; other
 * control bytes as \xhh; bytes >= 0x80 (UTF-8) as they are. */
static void print_repr(FILE *out, const char *text) {
    char quote = strchr(text, '\'') && !strchr(text, '"') ? '"' : '\'';
    fputc(quote, out);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p == (unsigned char)quote)
                fprintf(out, "\\%c", quote);
            else if (*p < 0x20 || *p == 0x7F)
                fprintf(out, "\\x%02x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc(quote, out);
}

/* The --emit=tokens format, one line per token the parser would receive (layout
 * applied), ending with ENDMARKER:
 *
 *     LINE:COL<TAB>KIND<TAB>TEXT
 *
 * LINE and COL are 1-based, COL counted in bytes. KIND is token_kind_name(): NAME,
 * INT, FLOAT, STRING, FSTRING, NEWLINE, INDENT, DEDENT, ENDMARKER, ERRORTOKEN, or the
 * spelling of a keyword or operator ("if", "("). TEXT is the token's source text as a
 * Python repr: 'x', '"hi"', '\n' for NEWLINE, '' for INDENT, DEDENT, ENDMARKER and the
 * NEWLINE added when the file does not end with one. Lexical errors go to diag as they
 * are found, interleaved with the listing when both go to the terminal. */
void lexer_print_tokens(FILE *out, Arena *arena, Diag *diag, const SourceFile *file) {
    Lexer *lx = lexer_new(arena, diag, file);
    for (;;) {
        Token t = lexer_next(lx);
        fprintf(out, "%d:%d\t%s\t", t.loc.line, t.loc.col, token_kind_name(t.kind));
        print_repr(out, t.text ? t.text : "");
        fputc('\n', out);
        if (t.kind == TOK_EOF) break;
    }
}
