/* program_fixture.h — for graph tests that check the C back end end to end: the
 * fixture module's emitted C as text, and that C compiled (as the end-to-end tests
 * compile it, with this build's sanitizers) and run.
 * Entry points: pf_emit_c, pf_compile, pf_run, pf_compile_and_run.
 * Memory owner: the graph fixture's Arena. */
#ifndef PROGRAM_FIXTURE_H
#define PROGRAM_FIXTURE_H

#include "graph_fixture.h"

/* What print (graph_print, graph_print_dot) writes for gf.m, in gf.arena. */
const char *pf_capture(void (*print)(FILE *, const Module *));
/* gf.m passes graph_verify (a Criterion assertion). */
void pf_verify_ok(void);
/* Whether pf_emit_c (and so pf_compile) keeps 0-d values as C scalars (emit_scalar.h);
 * false unless a test sets it. */
extern bool pf_scalars;
/* The emitted C of gf.m (script name "tests/loop.py"), or with the given options. */
const char *pf_emit_c(void);
const char *pf_emit_c_with(const EmitOptions *opt);
/* A finished child process: its exit status (128 + signal when killed), what it
 * printed, and its own peak resident set. */
typedef struct PfRun {
    int status;
    const char *out, *err;
    long maxrss_kb;
} PfRun;

/* Runs argv (argv[0] looked up in PATH) with stdout and stderr captured. */
PfRun pf_run(char *const *argv);
/* Compiles gf.m's C with -Wall -Wextra -Werror (and this build's sanitizers) into a
 * fresh directory as an executable called name (its name in the program's messages);
 * the compile must succeed. pf_remove deletes the executable and its directory. */
const char *pf_compile(const char *name);
void pf_remove(const char *exe);
/* Verifies gf.m, compiles it, runs the program and returns its stdout+stderr; the
 * compile and the run must succeed (Criterion asserts). */
const char *pf_compile_and_run(void);

#endif
