/* irtext.h — pieces of the IR's text form shared by the printers and the C emitter:
 * dense per-function value numbers, literal and attribute text, signatures.
 * Entry points: irtext_number_values, irtext_const, irtext_attrs, irtext_signature,
 * irtext_region_name.
 * Memory owner: results live in the Arena the caller passes. */
#ifndef INGOT_IRTEXT_H
#define INGOT_IRTEXT_H

#include "ir.h"

/* Dense numbers for the values of f, in text order: body params, then each
 * instruction's outputs followed by its nested regions' values. Indexed by
 * IrValue.id (size m->next_value_id); -1 for values outside f. *count gets how many. */
int *irtext_number_values(Arena *a, const Module *m, const Func *f, int *count);

/* A literal as the IR shows it: "2.0", "true", "\"hi\"", "[[1, 2], [3, 4]]"; tensors
 * with more than IRTEXT_MAX_ELEMENTS elements show 3 entries at each end of a dim. */
#define IRTEXT_MAX_ELEMENTS 16
void irtext_const(StrBuf *sb, const ConstData *c);
/* One element of dtype dt at p, shortest text that reads back exactly. */
void irtext_element(StrBuf *sb, DType dt, const void *p);
void irtext_float(StrBuf *sb, double x, bool is_float32);
/* A quoted string: IR text (c_literal false) or a C string literal (true). */
void irtext_quoted(StrBuf *sb, const char *s, bool c_literal);
/* " {axis=[1], keepdims=false}" (with the leading space), or nothing when there are no
 * attributes; skip names one attribute to leave out (the const's inline value). */
void irtext_attrs(StrBuf *sb, const Attrs *attrs, const char *skip);
/* "(%0:f32[], %1:i32[2]) -> (f32[])" with the numbers from irtext_number_values. */
void irtext_signature(StrBuf *sb, const Func *f, const int *numbers);
/* The name of inst's i-th nested region: "then"/"else" (cond), "cond"/"body" (while). */
const char *irtext_region_name(const Inst *inst, int i);
/* "(%11:f32[], %12:i32[])": a nested region's parameters. */
void irtext_region_params(StrBuf *sb, const Region *r, const int *numbers);
/* "var $counter:i32[] = 0:i32  # seed.py:3" (" {trainable=false}" before the
 * location when it is not trainable): a variable as the module header lists it. */
void irtext_global(StrBuf *sb, const Global *g);
/* The last path component: location comments show "train.py", not the full path. */
const char *irtext_basename(const char *path);

#endif
