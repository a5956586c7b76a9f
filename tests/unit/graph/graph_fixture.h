/* graph_fixture.h — shared setup for the graph unit tests: an arena, a module with its
 * program function, a builder, a Diag writing to memory, and a small script so IR
 * nodes have real locations. Entry points: gf_setup/gf_teardown (Criterion .init/.fini).
 * Memory owner: the fixture's Arena, freed in gf_teardown. */
#ifndef GRAPH_FIXTURE_H
#define GRAPH_FIXTURE_H

#include <stdio.h>

#include "emit_c.h"
#include "ir.h"

typedef struct GraphFixture {
    Arena *arena;
    Module *m;
    Func *program;
    Builder b;      /* appends to the program function's body */
    Diag diag;
    FILE *diag_out; /* memstream behind diag */
    char *diag_text;
    size_t diag_len;
    SourceFile *src;
} GraphFixture;

extern GraphFixture gf;

/* The script every test's locations point into (see graph_fixture.c). */
extern const char *const gf_script;

void gf_setup(void);
void gf_teardown(void);

/* Everything diagnosed so far, NUL-terminated. */
const char *gf_diag(void);
SrcLoc gf_at(int line, int col);

TensorType gf_type(DType dt, int rank, ...); /* dims as int64_t-compatible ints; -1 = ? */
IrValue *gf_param(Func *f, DType dt, int rank, ...);         /* a new parameter of f */
IrValue *gf_input(DType dt, int rank,
                  ...); /* a value of any type (a param of a scratch function) */
IrValue *gf_const_f32(Builder *b, float x, int line);
IrValue *gf_const_i32(Builder *b, int32_t x, int line);
const ConstData *gf_data(DType dt, int rank, const int64_t *dims, const void *elements);
/* Runs shape inference alone; returns false and leaves the message in gf_err, the
   whole error (its kind too) in gf_shape. */
extern char gf_err[512];
extern ShapeError gf_shape;
bool gf_infer(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
              TensorType *out, int *nout);
/* "f32[2,3]" of a type, in a static buffer per call site (tests print one at a time). */
const char *gf_type_str(TensorType t);

/* main: a = 3.0; b = compute(a); print a, b
 * compute(x): y = x * 2.0; return y + 1.0 */
typedef struct GfSmall {
    Func *compute;
    IrValue *x, *two, *y, *one, *r;
    IrValue *a, *b;
    Inst *call, *print;
} GfSmall;

GfSmall gf_build_small(void);

#endif
