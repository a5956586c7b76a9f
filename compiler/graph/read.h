/* read.h — the IR's text form (graph_print's output) read back into a Module, so a
 * pass can be tested on a .ir file without a Python script (STYLE.md "IR text format").
 * Entry points: ir_read, ir_read_file.
 * Memory owner: the Module and everything in it live in the Arena the caller passes. */
#ifndef INGOT_READ_H
#define INGOT_READ_H

#include "ir.h"

/* The module src->text spells, built op by op through the builder (shape rules check
 * every line's types) and checked with graph_verify. Malformed text is reported as
 * "<path>:<line>:<col>: error: ..." into d; the first error stops the reading and NULL
 * is returned. Location comments ("# f.py:3") become the instructions' SrcLocs, in
 * SourceFiles of the reader's own that have no text. */
Module *ir_read(Arena *a, Diag *d, const SourceFile *src);
/* ir_read of the file at path; a file that cannot be read is an error too. */
Module *ir_read_file(Arena *a, Diag *d, const char *path);

#endif
