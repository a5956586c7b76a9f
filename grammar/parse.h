/* parse.h — the parser's entry point: tokens (lexer.h) to an AST (ast.h) by
 * the Bison grammar in parser.y, with error recovery.
 * Entry point: parse_file.
 * Memory owner: the tree lives in the given Arena. */
#ifndef INGOT_PARSE_H
#define INGOT_PARSE_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Parses a whole script. Syntax errors are reported through diag (several per file
 * where the parser can recover, capped by Diag); the result is then NULL. */
Node *parse_file(Arena *arena, Diag *diag, const SourceFile *file);

#endif
