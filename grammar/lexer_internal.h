/* lexer_internal.h — what the lexer's files share: the Lexer state and the raw scanner.
 * Entry points: lexer_scan (raw tokens, lexer.re), lexer_scan_number, lexer_scan_string;
 * indent.c filters the raw stream into lexer_next. Memory owner: the Lexer is in the Arena. */
#ifndef INGOT_LEXER_INTERNAL_H
#define INGOT_LEXER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "lexer.h"

/* CPython's limits (MAXINDENT, MAXLEVEL): deeper nesting is a user error, not a crash. */
#define LEXER_MAX_INDENT 100
#define LEXER_MAX_PARENS 200

typedef struct {
    TokenKind kind; /* TOK_LPAR, TOK_LSQB or TOK_LBRACE */
    SrcLoc loc;
} LexerParen;

struct Lexer {
    Arena *arena;
    Diag *diag;
    const SourceFile *file;

    /* Raw scanner (lexer.re). text[len] is NUL: re2c's sentinel, checked against lim. */
    const char *cur, *lim;
    int line;               /* line of cur */
    const char *line_start; /* first byte of cur's line */
    int tok_line;           /* where the token being scanned started */
    const char *tok_line_start;
    const char *tok_begin;  /* first byte of the last raw token */
    int tok_end_line, tok_end_col; /* just past the last raw token */

    /* Layout filter (indent.c). */
    const char *logical_begin; /* start of the physical line after the last raw newline */
    bool line_has_tokens;      /* the current logical line has produced a token */
    int end_line, end_col;     /* just past its last token: where NEWLINE is reported */
    bool at_eof;               /* the scanner hit EOF: drain closers, NEWLINE, DEDENTs */
    int indents[LEXER_MAX_INDENT];     /* columns with a tab to the next multiple of 8 */
    int alt_indents[LEXER_MAX_INDENT]; /* the same lines measured with a tab as 1 column */
    int n_indents;
    LexerParen parens[LEXER_MAX_PARENS];
    int n_parens;
    /* Layout tokens due before `held`, returned one per call: >0 INDENTs, <0 DEDENTs. */
    int pending;
    SrcLoc pending_loc;
    Token held;
    bool has_held;
    Token eof;
};

/* The next raw token: names, keywords, operators, literals, TOK_NEWLINE for every
 * physical newline (comments and continuations already skipped) and TOK_EOF. */
Token lexer_scan(Lexer *lx);

/* A token for [start, end) that began at lx->tok_line; records where it ends. */
Token lexer_make_token(Lexer *lx, TokenKind kind, const char *start, const char *end);
/* The location of p on the current line (lx->line), covering len bytes. */
SrcLoc lexer_loc_at(const Lexer *lx, const char *p, int len);

/* How the re2c rule classified a number; lexer_number.c validates and converts it. */
typedef enum {
    NUM_DEC,          /* decimal integer */
    NUM_HEX,
    NUM_OCT,
    NUM_BIN,
    NUM_FLOAT,
    NUM_COMPLEX,      /* ends in j: not supported */
    NUM_LEADING_ZERO, /* 012 */
    NUM_BAD_HEX,      /* 0x followed by something that is not a hex literal */
    NUM_BAD_OCT,
    NUM_BAD_BIN,
} NumberForm;

/* [start, lx->cur) was matched as form; may extend lx->cur over trailing junk. */
Token lexer_scan_number(Lexer *lx, NumberForm form, const char *start);

/* start: the prefix; lx->cur: just after the opening quote(s); quotes: 1 or 3.
 * Scans to the closing quote (or the error point) and leaves lx->cur after it. */
Token lexer_scan_string(Lexer *lx, const char *start, int quotes);

/* Appends code point cp to buf as UTF-8 (1 to 4 bytes); returns the count. */
int lexer_utf8_encode(char *buf, uint32_t cp);

#endif
