/* cf_fixture.h — control-flow graphs for the graph tests, built the way the
 * interpreter builds them: trace each branch or loop region into a detached region,
 * set its results, then build_cond / build_while. Locations point into cf_script.
 * Entry points: cf_setup (after gf_setup), the cf_build_* helpers.
 * Memory owner: everything lives in the graph fixture's Arena. */
#ifndef CF_FIXTURE_H
#define CF_FIXTURE_H

#include "graph_fixture.h"

extern const char *const cf_script;
void cf_setup(void); /* Criterion .init: gf_setup, then the script */
SrcLoc cf_at(int line);

/* Points the fixture's builder at r and returns the region it was appending to. */
Region *cf_enter(Region *r);
IrValue *cf_f32(float x, int line);
IrValue *cf_i32(int32_t x, int line);
IrValue *cf_bool(bool x, int line);
IrValue *cf_op(Opcode op, IrValue *a, IrValue *b, int line); /* b NULL: unary */
void cf_print(IrValue **vals, int n, int line);
void cf_print_text(const char *text, int line);

/* if x > 2.0: y = x * 2.0  else: tf.print("small"); y = x  (the else yields a
 * captured value). Returns the cond. */
Inst *cf_build_cond(IrValue *x);
/* while i < limit: x = x + 1.0; i = i + 1  (limit captured). Carried (x, i). */
Inst *cf_build_while(IrValue *x, IrValue *i, IrValue *limit);

#endif
