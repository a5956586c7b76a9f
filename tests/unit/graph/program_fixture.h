/* program_fixture.h — for graph tests that check the C back end end to end: the
 * fixture module's emitted C as text, and that C compiled (as the end-to-end tests
 * compile it, with this build's sanitizers) and run.
 * Entry points: pf_emit_c, pf_compile_and_run. Memory owner: the graph fixture's Arena. */
#ifndef PROGRAM_FIXTURE_H
#define PROGRAM_FIXTURE_H

#include "graph_fixture.h"

/* What print (graph_print, graph_print_dot) writes for gf.m, in gf.arena. */
const char *pf_capture(void (*print)(FILE *, const Module *));
/* gf.m passes graph_verify (a Criterion assertion). */
void pf_verify_ok(void);
/* The emitted C of gf.m (script name "tests/loop.py"). */
const char *pf_emit_c(void);
/* Verifies gf.m, compiles its C with -Wall -Wextra -Werror, runs the program and
 * returns its stdout+stderr; the compile and the run must succeed (Criterion asserts). */
const char *pf_compile_and_run(void);

#endif
