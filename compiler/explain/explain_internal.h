/* explain_internal.h — what explain.c gathers from the pipeline and page.c renders.
 * Memory owner: all in the explain Arena. */
#ifndef INGOT_EXPLAIN_INTERNAL_H
#define INGOT_EXPLAIN_INTERNAL_H

#include "explain.h"
#include "text_lines.h"
#include "tracer.h"

/* One diagnostic as diag printed it: its first line parsed, the rest (source line,
   caret) kept as printed. */
typedef struct ExplainDiag {
    int line;          /* 0: not about a line of this script */
    const char *kind;  /* "error", "warning", "note" */
    const char *text;  /* every line of it, as printed */
} ExplainDiag;

/* The ops of one function's backward that compute the gradient of one forward line
   (Inst.grad_of): a row of the Gradients tab. */
typedef struct ExplainGradient {
    const char *function;  /* the traced function's name ("train_step__1") */
    int forward_line;      /* the forward ops' script line */
    int tape_line;         /* the tape.gradient call's (0: outside the script) */
    const char *ops;       /* "matmul ×2, relu_grad": each op and how many, first made first */
    int nops;
} ExplainGradient;

/* A graph drawn: the function it shows (NULL: the whole module) and the SVG. */
typedef struct ExplainGraph {
    const char *title;
    const char *svg;
} ExplainGraph;

typedef struct ExplainParts {
    const char *script;       /* the path given */
    const char *script_name;  /* its base name */
    TextLines source;
    TextLines converted;      /* empty when parsing failed */
    const char *trace_report; /* --trace-report's text; NULL when tracing did not finish */
    TraceSummary traces;      /* the same as data: the Traces tab's tables */
    ExplainGraph *graphs;
    int ngraphs;
    const char *graphs_note;  /* why there are none (dot missing or failing), or NULL */
    ExplainGradient *gradients; /* the Gradients tab: none without a GradientTape */
    int ngradients;
    TextLines c;              /* empty when tracing failed */
    const char *build_output; /* what the script printed at build time */
    ExplainDiag *diags;
    int ndiags;
    const char *stage_failed; /* the first stage that stopped ("parsing", ...) or NULL */
    int opt_level;            /* the passes the graphs and the C went through (-O) */
    /* --run: what `ingot run` and `ingot run --eager` printed (stdout and stderr) and
       their exit codes; NULL when not run. */
    const char *run_compiled, *run_eager;
    int run_compiled_rc, run_eager_rc;
} ExplainParts;

/* Fills parts' gradients from m, after its passes (gradients.c). */
void explain_collect_gradients(Arena *a, const Module *m, ExplainParts *parts);

/* Writes the page (page.c). */
void explain_write_page(FILE *out, Arena *a, const ExplainParts *parts);

#endif
