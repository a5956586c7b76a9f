/* lexer.h — turns a script into tokens: re2c scanner (lexer.re) plus the
 * indentation filter (indent.c) that adds NEWLINE/INDENT/DEDENT by Python's rules.
 * Entry points: lexer_new, lexer_next, lexer_print_tokens.
 * Memory owner: the Lexer and its tokens live in the given Arena. */
#ifndef INGOT_LEXER_H
#define INGOT_LEXER_H

#include <stdio.h>

#include "arena.h"
#include "diag.h"
#include "token.h"

typedef struct Lexer Lexer;

Lexer *lexer_new(Arena *arena, Diag *diag, const SourceFile *file);

/* The next token with layout applied. After an error the lexer reports it through
 * Diag, returns TOK_ERROR or recovers, and always reaches TOK_EOF (never loops). */
Token lexer_next(Lexer *lx);

/* --emit=tokens: one line per token: "line:col KIND 'text'" (see token.c). */
void lexer_print_tokens(FILE *out, Arena *arena, Diag *diag, const SourceFile *file);

#endif
