/* eager.h — eager mode (ingot run --eager): each op runs the moment the builder makes
 * it, on concrete tensors, through the very ig_ kernel the emitted C calls for that
 * node with the same arguments (DESIGN.md "The op layer"), so both modes agree bitwise.
 * The IR holds no run-time state: the tensors are in the EagerContext, by value.
 * Entry points: eager_new, eager_executor (the builder's BuildExecutor), eager_tensor,
 * eager_truth, eager_finish.
 * Memory owner: each value's tensor is the EagerContext's, released when the collector
 * finds the IrValue unreachable (at a safe point) or at eager_finish; the EagerContext
 * owns each variable's value. */
#ifndef INGOT_EAGER_H
#define INGOT_EAGER_H

#include <stdbool.h>
#include <stddef.h>

#include <ingot/rt.h>

#include "ir.h"

typedef struct EagerContext EagerContext;

/* argv[0..argc) is the program's command line (argv[0] its name): flags are read
 * from it when the script declares them. */
EagerContext *eager_new(Module *m, int argc, char **argv);

/* What Builder.exec points at to run each op as it is built (eager_run_inst). */
const BuildExecutor *eager_executor(EagerContext *ec);

/* Runs inst at once: its inputs have concrete tensors (eager_tensor); each output
 * gets its tensor and its concrete shape. false (with a message in err) for an op
 * eager mode cannot run yet, or a bad index or label (TensorFlow's
 * InvalidArgumentError); other run-time errors exit as in the compiled program. */
bool eager_run_inst(EagerContext *ec, Inst *inst, char *err, size_t errsize);

/* v's tensor: every value an op made (and the interpreter still holds) has one. */
const IgTensor *eager_tensor(const EagerContext *ec, const IrValue *v);

/* A concrete tensor's value as build-time data (a copy in a). */
const ConstData *eager_const_data(Arena *a, const IgTensor *t);

/* A point where no C code holds a tensor without its IrValue: the tensors of
 * IrValues found unreachable are released here. The interpreter calls it before
 * each statement. */
void eager_safe_point(EagerContext *ec);

/* How many tensors are alive: made by an op and not yet released (tests). */
int eager_live_tensors(const EagerContext *ec);

/* g's runtime variable, set to its initial value on first use (the emitted init()
 * does it before the program runs). */
IgVar *eager_var(EagerContext *ec, Global *g);
/* g's runtime variable once it has a value, else NULL (a repr shows it). */
const IgVar *eager_var_if_used(const EagerContext *ec, const Global *g);

/* Checks the whole command line against the flags `declared` (a trace of the same
 * script) declares, before the script runs: -1 when it is fine; else the exit code,
 * 0 after --help (all the flags listed on stdout), 2 after an error on stderr. */
int eager_check_flags(EagerContext *ec, const Module *declared);

/* bool(t) as TensorFlow's eager tensors answer it: a tensor with exactly one element
 * is true when that element is non-zero (a non-empty string for strings); false for
 * any other size, with the text of TensorFlow's ValueError in err. */
bool eager_truth(const IgTensor *t, bool *value, char *err, size_t errsize);

/* The end of the run: checks the command line against every flag the script declared
 * (0, or 2 after an error written to stderr), then releases every tensor, variable and
 * site and shuts the runtime down. */
int eager_finish(EagerContext *ec);

#endif
