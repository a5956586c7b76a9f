/* grad.h — gradient rules: the backward of one op, built through the same Builder as
 * the forward ops, so the one rule serves both modes: tracing records the backward
 * ops into the graph, eager mode runs them at once. Which ops have a rule, have no
 * gradient, or lack a rule yet is grads.def, one row per op of ops.def.
 * Entry points: grad_kind, grad_op.
 * Memory owner: every op is the Builder's Module's. */
#ifndef INGOT_GRAD_H
#define INGOT_GRAD_H

#include "ir.h"

typedef enum {
    GRAD_UNLISTED, /* an op grads.def forgot (tests/unit/graph checks there is none) */
    GRAD_RULE,     /* differentiable: grad_op builds its backward */
    GRAD_NONE,     /* no gradient flows through it (comparisons, argmax, integer ops) */
    GRAD_MISSING,  /* differentiable in TensorFlow, no rule in Ingot yet */
} GradKind;

GradKind grad_kind(Opcode op);

/* One op as a tape recorded it: what its backward reads (eager mode forgets an
   instruction's inputs once it ran, so they are kept here). */
typedef struct GradOp {
    Opcode op;
    const Attrs *attrs;
    IrValue *const *inputs;
    int ninputs;
    IrValue *const *outputs;
    int noutputs;
    /* A cond, while or call (traced only): the instruction, which its backward rewrites to
       keep what it needs. Its inputs are then the instruction's own, followed by its
       sources: the values its regions capture (grad_control_sources) and the reads of
       watched variables inside them; wanted[i] says whether input i needs its
       gradient. NULL for every other op. */
    Inst *inst;
    const bool *wanted;
} GradOp;

/* The gradients of op's inputs from those of its outputs (dys[i] NULL: none reached
 * output i): dxs[i] for each input, NULL where none flows (an integer input, the
 * shape of a reshape). The ops go to b at loc. op must be GRAD_RULE. false after an
 * error, reported through b (a shape only known at run time that a rule cannot
 * handle yet is 'not supported yet'). */
bool grad_op(Builder *b, const GradOp *op, IrValue *const *dys, IrValue **dxs, SrcLoc loc);

/* The sources of control instruction inst (see GradOp.inst): its *ncaptures
 * captures, then the outputs of the READ_VAR instructions nested in it for which
 * is_read_wanted says yes (NULL: none); *n in all. */
IrValue **grad_control_sources(Arena *a, const Inst *inst,
                               bool (*is_read_wanted)(void *ctx, const Inst *read), void *ctx,
                               int *n, int *ncaptures);

/* A tensor of type (static) with every element value. */
IrValue *grad_fill(Builder *b, TensorType type, double value, SrcLoc loc);
/* The same shaped like x, whose shape may be known only at run time: ones seed a
   backward pass, zeros are an unconnected source's gradient. */
IrValue *grad_fill_like(Builder *b, const IrValue *x, double value, SrcLoc loc);
/* a + b, the two gradients of one value added up. */
IrValue *grad_accumulate(Builder *b, IrValue *a, IrValue *c, SrcLoc loc);

#endif
