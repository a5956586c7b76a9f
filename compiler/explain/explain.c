/* explain.c — `ingot explain`: the pipeline run once with every stage's output kept
 * (explain.h). The stages are build's (driver.c): parse, AutoGraph, trace, passes,
 * emit C; each one's text is captured in memory instead of printed, the graphs are
 * drawn by Graphviz's dot program, and with --run the script is run compiled and
 * eagerly by this same ingot. A stage's error stops the later stages; the page then
 * shows what came before and the error in place. page.c writes the page.
 * Memory owner: the caller's Arena; temporary files in a directory of our own,
 * removed before returning. */
#include "explain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast.h"
#include "autograph.h"
#include "emit_c.h"
#include "explain_internal.h"
#include "ir.h"
#include "parse.h"
#include "passes.h"
#include "process.h"
#include "tracer.h"

/* ---- Captured output ------------------------------------------------------------ */

/* A FILE* writing into memory: what a stage prints, kept for the page. */
typedef struct Capture {
    FILE *f;
    char *buf;
    size_t len;
} Capture;

static void capture_open(Capture *c) {
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    if (!c->f) {
        fprintf(stderr, "ingot: error: out of memory\n");
        exit(1);
    }
}

static const char *capture_close(Arena *a, Capture *c) {
    fclose(c->f);
    const char *text = arena_strndup(a, c->buf ? c->buf : "", c->len);
    free(c->buf);
    return text;
}

/* ---- Temporary files ------------------------------------------------------------ */

/* A directory of our own for the files dot and the programs read and write. */
typedef struct Scratch {
    char *dir;
} Scratch;

static bool scratch_open(Arena *a, Scratch *s) {
    const char *tmp = getenv("TMPDIR");
    s->dir = arena_printf(a, "%s/ingot-explain-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(s->dir)) return true;
    fprintf(stderr, "ingot: error: cannot create a temporary directory '%s': %s\n", s->dir,
            strerror(errno));
    return false;
}

/* Empty by then: every file in it is removed by the function that made it. */
static void scratch_close(Scratch *s) { rmdir(s->dir); }

/* The whole file as text in the arena, or NULL. */
static const char *read_text(Arena *a, const char *path) {
    SourceFile *f = diag_load_file(a, path);
    return f ? f->text : NULL;
}

/* Runs argv, no input, and returns what it printed (stdout and stderr together; ""
   when nothing could be read), *rc its exit code (127: it could not be started). */
static const char *run_captured(Arena *a, const Scratch *s, char **argv, int *rc) {
    const char *out = arena_printf(a, "%s/output.txt", s->dir);
    *rc = process_run_redirected(argv, "/dev/null", out);
    const char *text = read_text(a, out);
    remove(out);
    return text ? text : "";
}

/* ---- Diagnostics ----------------------------------------------------------------- */

/* "PATH:LINE:COL: KIND: ..." at the start of text: true with *line and *kind set. */
static bool diag_head(const TextLine *l, const char *path, int *line, const char **kind) {
    size_t n = strlen(path);
    if (l->len <= n + 1 || strncmp(l->text, path, n) != 0 || l->text[n] != ':') return false;
    const char *p = l->text + n + 1, *end = l->text + l->len;
    int v = 0;
    while (p < end && *p >= '0' && *p <= '9' && v < 100000000) v = v * 10 + (*p++ - '0');
    if (p == end || *p != ':') return false;
    do p++; while (p < end && *p >= '0' && *p <= '9');
    static const char *const kinds[] = {"error", "warning", "note"};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t kl = strlen(kinds[k]);
        if ((size_t)(end - p) > kl + 3 && strncmp(p, ": ", 2) == 0 &&
            strncmp(p + 2, kinds[k], kl) == 0 && p[2 + kl] == ':') {
            *line = v;
            *kind = kinds[k];
            return true;
        }
    }
    return false;
}

/* The diagnostics diag printed, one entry per message with the lines that follow it
   (source line, caret); lines before the first message make an entry of their own. */
static ExplainDiag *parse_diags(Arena *a, const char *text, const char *path, int *n) {
    TextLines t = text_lines_split(a, text);
    ExplainDiag *d = ARENA_ARRAY(a, ExplainDiag, t.n ? t.n : 1);
    *n = 0;
    for (int i = 0; i < t.n;) {
        int line = 0;
        const char *kind = "error";
        bool head = diag_head(&t.lines[i], path, &line, &kind);
        int j = i + 1;
        while (j < t.n && !diag_head(&t.lines[j], path, &(int){0}, &(const char *){0})) j++;
        const char *start = t.lines[i].text;
        const char *end = t.lines[j - 1].text + t.lines[j - 1].len;
        d[(*n)++] = (ExplainDiag){head ? line : 0, kind,
                                  arena_strndup(a, start, (size_t)(end - start))};
        i = j;
    }
    return d;
}

/* ---- The stages ------------------------------------------------------------------ */

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Graphviz's dot: $INGOT_DOT, else dot on the PATH. */
static const char *dot_program(void) {
    const char *dot = getenv("INGOT_DOT");
    return dot && *dot ? dot : "dot";
}

/* The SVG dot draws of text (only its <svg> element: the page holds it inline); NULL
   with *note saying why not. */
static const char *draw(Arena *a, Scratch *s, const char *name, const char *text,
                        const ExplainParts *parts, const char **note) {
    const char *in = arena_printf(a, "%s/%s.dot", s->dir, name);
    FILE *f = fopen(in, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        *note = arena_printf(a, "cannot write '%s': %s", in, strerror(errno));
        return NULL;
    }
    char *argv[] = {(char *)dot_program(), (char *)"-Tsvg", (char *)in, NULL};
    int rc;
    const char *svg = run_captured(a, s, argv, &rc);
    remove(in);
    const char *start = strstr(svg, "<svg");
    if (rc == 127) {
        *note = arena_printf(
            a, "Graphviz's dot program ('%s') was not found, so the graphs are not drawn here. "
               "Install Graphviz (on Debian: apt-get install graphviz) and run ingot explain "
               "again; meanwhile `ingot build --emit=dot %s | dot -Tsvg` draws them.",
            argv[0], parts->script);
        return NULL;
    }
    if (rc != 0 || !start) {
        *note = arena_printf(a, "Graphviz's dot failed (exit %d): %s", rc,
                             *svg ? svg : "no output");
        return NULL;
    }
    return start;
}

/* Every id of drawing k gets the prefix "g<k>_": dot numbers the ids it makes up
   (graph0, edge1, clust1) from 1 in every drawing, and a variable's node is drawn in
   each function that uses it, so on a page of several drawings they would clash.
   Nothing refers to them (the page links by class). */
static const char *prefix_ids(Arena *a, const char *svg, int k) {
    const char *prefix = arena_printf(a, "g%d_", k);
    StrBuf sb;
    strbuf_init(&sb, a);
    for (const char *p = svg; *p;) {
        const char *id = strstr(p, " id=\"");
        if (!id) {
            strbuf_puts(&sb, p);
            break;
        }
        id += 5;
        strbuf_putn(&sb, p, (size_t)(id - p));
        strbuf_puts(&sb, prefix);
        p = id;
    }
    return strbuf_cstr(&sb);
}

/* A function's caption: its name, the Python call it was traced for and why. */
static const char *graph_title(Arena *a, const Func *f) {
    if (f->kind == FUNC_PROGRAM) return "@main: the script's top level";
    const char *t = arena_printf(a, "@%s", f->name);
    if (f->py_signature) t = arena_printf(a, "%s: %s", t, f->py_signature);
    if (f->trace_reason && f->traced_at.file)
        t = arena_printf(a, "%s; traced at line %d: %s", t, f->traced_at.line,
                         f->trace_reason);
    return t;
}

/* Each function's graph drawn as SVG by dot, the top level first (then the traces in
   the order they were made), then the legend; or the note saying why not. */
static void draw_graphs(Arena *a, Scratch *s, const Module *m, ExplainParts *parts) {
    parts->graphs = ARENA_ARRAY(a, ExplainGraph, m->nfuncs + 1);
    for (int i = 0; i <= m->nfuncs && !parts->graphs_note; i++) {
        const Func *f = i < m->nfuncs ? m->funcs[i] : NULL;
        /* The legend last, apart: in a function's drawing it would outweigh it. */
        const char *text = f ? graph_dot_text(a, m, f, &(DotOptions){0}) : graph_dot_legend_text(a);
        const char *svg = draw(a, s, arena_printf(a, "f%d", i), text, parts, &parts->graphs_note);
        if (svg)
            parts->graphs[parts->ngraphs++] = (ExplainGraph){
                f ? graph_title(a, f) : "legend: what the drawings' shapes and edges mean",
                prefix_ids(a, svg, i)};
    }
    if (parts->graphs_note) parts->ngraphs = 0;
}

/* Parse, AutoGraph, trace, passes, C: each stage's text into parts, until one fails. */
static void run_stages(Arena *a, Diag *diag, SourceFile *file, const ExplainOptions *opt,
                       Scratch *s, ExplainParts *parts) {
    Node *ast = parse_file(a, diag, file);
    if (!ast) {
        parts->stage_failed = "parsing";
        return;
    }
    Node *converted = autograph_convert_module(a, diag, ast);
    if (!converted) {
        parts->stage_failed = "AutoGraph";
        return;
    }
    AstLineMark *marks = NULL;
    int nmarks = 0;
    const char *text = ast_module_to_source_mapped(a, converted, &marks, &nmarks);
    parts->converted = text_lines_split(a, text);
    text_lines_link_marks(&parts->converted, marks, nmarks);

    Capture out, report;
    capture_open(&out);
    capture_open(&report);
    TracerOptions topt = stage_tracer_options(&opt->stages, out.f, report.f);
    topt.summary = &parts->traces;
    Module *m = tracer_trace_program(a, diag, converted, &topt);
    parts->build_output = capture_close(a, &out);
    const char *report_text = capture_close(a, &report);
    if (!m) {
        parts->stage_failed = "tracing";
        return;
    }
    parts->trace_report = report_text;
    passes_run(a, m, opt->stages.opt_level);
    draw_graphs(a, s, m, parts);
    explain_collect_gradients(a, m, parts);

    Capture c;
    capture_open(&c);
    EmitOptions eopt = stage_emit_options(&opt->stages, parts->script_name);
    emit_c_module(c.f, a, m, &eopt);
    parts->c = text_lines_split(a, capture_close(a, &c));
    text_lines_link_c(&parts->c, parts->script_name);
}

/* --run: `ingot run FILE` and `ingot run --eager FILE`, their output (stdout and
   stderr together, as a terminal shows them) and exit codes. */
static void run_both(Arena *a, Scratch *s, const ExplainOptions *opt, ExplainParts *parts) {
    char *argv_c[] = {(char *)opt->self, (char *)"run", (char *)opt->script, NULL};
    char *argv_e[] = {(char *)opt->self, (char *)"run", (char *)"--eager", (char *)opt->script,
                      NULL};
    parts->run_compiled = run_captured(a, s, argv_c, &parts->run_compiled_rc);
    parts->run_eager = run_captured(a, s, argv_e, &parts->run_eager_rc);
}

static bool write_page(Arena *a, const ExplainOptions *opt, const ExplainParts *parts) {
    bool to_stdout = strcmp(opt->output, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(opt->output, "w");
    if (f) {
        explain_write_page(f, a, parts);
        if (to_stdout ? fflush(f) == 0 : fclose(f) == 0) return true;
    }
    fprintf(stderr, "ingot: error: cannot write '%s': %s\n", opt->output, strerror(errno));
    return false;
}

int explain_main(Arena *a, const ExplainOptions *opt) {
    SourceFile *file = diag_load_file(a, opt->script);
    if (!file) {
        fprintf(stderr, "ingot: error: cannot read '%s': %s\n", opt->script, strerror(errno));
        return 1;
    }
    ExplainParts parts = {.script = opt->script, .script_name = base_name(opt->script),
                          .opt_level = opt->stages.opt_level};
    parts.source = text_lines_split(a, file->text);
    for (int i = 0; i < parts.source.n; i++) parts.source.lines[i].src_line = i + 1;
    Scratch s;
    if (!scratch_open(a, &s)) return 1;

    Capture diags;
    capture_open(&diags);
    Diag diag;
    diag_init(&diag, diags.f);
    run_stages(a, &diag, file, opt, &s, &parts);
    const char *diag_text = capture_close(a, &diags);
    parts.diags = parse_diags(a, diag_text, opt->script, &parts.ndiags);
    fputs(diag_text, stderr); /* the terminal sees them too, as ingot build shows them */
    if (opt->run) run_both(a, &s, opt, &parts);

    bool ok = write_page(a, opt, &parts);
    scratch_close(&s);
    if (!ok) return 1;
    return diag_has_errors(&diag) ? 1 : 0;
}
