/* ast_dump.h — the syntax tree as an indented S-expression (--emit=ast): how a script
 * parsed, every operator named ((neg (pow 2 2)) for -2 ** 2), where ast_print.c prints
 * source back. Entry point: ast_dump.
 * Memory owner: a scratch Arena of its own, dropped when the dump is written. */
#ifndef INGOT_AST_DUMP_H
#define INGOT_AST_DUMP_H

#include <stdio.h>

#include "ast.h"

/* Writes the tree under node (a module or any other node) to out: a node whose text
   fits in a line stays on one, a longer one or a compound statement puts each child
   on a line of its own, indented by two; leaves are written as Python writes them. */
void ast_dump(FILE *out, const Node *node);

#endif
