/* page.c — the `ingot explain` page (explain_internal.h): one HTML file holding its
 * own CSS and script (page.css, page.js, built in as explain_assets.h), so it opens
 * from disk with no network. Every listed line, graph node and diagnostic that came
 * from script line N carries the class LN; page.js highlights them together.
 * Memory owner: the caller's Arena. */
#include <string.h>

#include "explain_assets.h"
#include "explain_internal.h"

static void put_escaped(FILE *out, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(s[i], out);
        }
    }
}

static void put_text(FILE *out, const char *s) { put_escaped(out, s, strlen(s)); }

/* A built-in asset: its lines, up to the NULL. */
static void put_asset(FILE *out, const char *const *lines) {
    for (; *lines; lines++) fputs(*lines, out);
}

/* A line's span: its number (when numbered) and text, linked to its script line. */
static void put_line(FILE *out, const TextLine *l, int number) {
    if (l->src_line > 0)
        fprintf(out, "<span class=\"line L%d\">", l->src_line);
    else
        fputs("<span class=\"line\">", out);
    if (number > 0) fprintf(out, "<span class=\"num\">%d</span>", number);
    put_escaped(out, l->text, l->len);
    fputs("</span>", out);
}

static void put_diag(FILE *out, const ExplainDiag *d) {
    if (d->line > 0)
        fprintf(out, "<span class=\"diag %s L%d\">", d->kind, d->line);
    else
        fprintf(out, "<span class=\"diag %s\">", d->kind);
    put_text(out, d->text);
    fputs("</span>", out);
}

/* A listing: the lines, numbered or not. */
static void put_listing(FILE *out, const TextLines *t, bool numbered) {
    fputs("<pre class=\"code\">", out);
    for (int i = 0; i < t->n; i++) put_line(out, &t->lines[i], numbered ? i + 1 : 0);
    fputs("</pre>\n", out);
}

static int count_kind(const ExplainParts *p, const char *kind) {
    int n = 0;
    for (int i = 0; i < p->ndiags; i++) n += strcmp(p->diags[i].kind, kind) == 0;
    return n;
}

/* ---- The parts ------------------------------------------------------------------- */

static void put_header(FILE *out, const ExplainParts *p) {
    fputs("<header>\n<h1>ingot explain: <code>", out);
    put_text(out, p->script);
    fputs("</code></h1>\n<p class=\"summary\">", out);
    fprintf(out, "%d source lines", p->source.n);
    int errors = count_kind(p, "error"), warnings = count_kind(p, "warning");
    if (errors) fprintf(out, " &middot; <span class=\"bad\">%d error%s</span>", errors,
                        errors == 1 ? "" : "s");
    if (warnings) fprintf(out, " &middot; %d warning%s", warnings, warnings == 1 ? "" : "s");
    if (p->stage_failed)
        fprintf(out, " &middot; <span class=\"bad\">stopped at %s</span>", p->stage_failed);
    fputs("</p>\n<p class=\"help\">The script on the left; on the right what each stage of "
          "the compiler made of it. Hover over a line, a graph node or a line of C to see "
          "where it came from and what it became; click to keep it highlighted.</p>\n"
          "</header>\n",
          out);
}

static void put_source(FILE *out, const ExplainParts *p) {
    fputs("<section id=\"source\" class=\"pane\">\n<h2>Source</h2>\n<pre class=\"code\">", out);
    for (int i = 0; i < p->source.n; i++) {
        put_line(out, &p->source.lines[i], i + 1);
        for (int k = 0; k < p->ndiags; k++)
            if (p->diags[k].line == i + 1) put_diag(out, &p->diags[k]);
    }
    fputs("</pre>\n</section>\n", out);
}

static void put_tab(FILE *out, const char *id, const char *title, const char *intro) {
    fprintf(out, "<section id=\"%s\" class=\"tab\">\n<h2>%s</h2>\n<p class=\"intro\">", id, title);
    fputs(intro, out);
    fputs("</p>\n", out);
}

static void put_missing(FILE *out, const ExplainParts *p, const char *what) {
    fprintf(out, "<p class=\"missing\">No %s: the build stopped at %s (the errors are shown in "
                 "the source).</p>\n",
            what, p->stage_failed ? p->stage_failed : "an earlier stage");
}

static void put_autograph(FILE *out, const ExplainParts *p) {
    put_tab(out, "autograph", "AutoGraph",
            "The script as AutoGraph rewrote it before tracing: an <code>if</code>, "
            "<code>while</code> or <code>for</code> that may depend on a tensor becomes a "
            "call of <code>ag__.if_stmt</code>, <code>ag__.while_stmt</code> or "
            "<code>ag__.for_stmt</code> with its branches and body as functions, which "
            "build a graph <code>cond</code> or <code>while</code> when the condition is a "
            "tensor and run as plain Python otherwise.");
    if (p->converted.n) put_listing(out, &p->converted, false);
    else put_missing(out, p, "converted script");
    fputs("</section>\n", out);
}

/* A script line as a link ("line 12"), or the location as text when it is elsewhere
   (a module the script imports). */
static void put_loc(FILE *out, const ExplainParts *p, SrcLoc loc) {
    if (!loc.file) {
        fputs("?", out);
    } else if (strcmp(loc.file->path, p->script) == 0) {
        fprintf(out, "<span class=\"loc L%d\">line %d</span>", loc.line, loc.line);
    } else {
        put_text(out, loc.file->path);
        fprintf(out, ":%d", loc.line);
    }
}

/* One tf.function: a row per trace (the call it was made for, where, why, the calls
   that reused it, its size). */
static void put_trace_table(FILE *out, const ExplainParts *p, const TfFunctionInfo *f) {
    int ncalls = 0;
    for (int i = 0; i < f->ncalls; i++) ncalls += !f->calls[i].nested && !f->calls[i].concrete;
    fputs("<h3><code>", out);
    put_text(out, f->name);
    fputs("</code> (defined at ", out);
    put_loc(out, p, f->def_loc);
    fprintf(out, "): %d trace%s, %d call%s from the top level</h3>\n", f->ntraces,
            f->ntraces == 1 ? "" : "s", ncalls, ncalls == 1 ? "" : "s");
    fputs("<table class=\"traces\">\n<thead><tr><th>#</th><th>traced for</th>"
          "<th>concrete function</th><th>traced at</th><th>why a new trace</th>"
          "<th>reused by</th><th>ops</th></tr></thead>\n<tbody>\n",
          out);
    for (int k = 0; k < f->ntraces; k++) {
        const TraceInfo *t = &f->traces[k];
        fprintf(out, "<tr><td>%d</td><td><code>", t->index);
        put_text(out, t->call);
        fputs("</code></td><td><code>@", out);
        put_text(out, t->func_name);
        put_text(out, t->signature);
        fputs("</code></td><td>", out);
        put_loc(out, p, t->traced_at);
        fputs("</td><td>", out);
        put_text(out, t->reason ? t->reason : "?");
        fputs("</td><td>", out);
        /* The calls that reused it, a loop's calls from one line counted once: "line 16
           (2 calls)". */
        int reused = 0;
        for (int i = 0; i < f->ncalls; i++) {
            const TraceCallInfo *c = &f->calls[i];
            if (c->trace != t->index || c->traced) continue;
            bool seen = false;
            for (int j = 0; j < i && !seen; j++)
                seen = f->calls[j].trace == t->index && !f->calls[j].traced &&
                       f->calls[j].at.file == c->at.file && f->calls[j].at.line == c->at.line;
            if (seen) continue;
            int same = 0;
            for (int j = i; j < f->ncalls; j++)
                same += f->calls[j].trace == t->index && !f->calls[j].traced &&
                        f->calls[j].at.file == c->at.file && f->calls[j].at.line == c->at.line;
            if (reused++) fputs(", ", out);
            put_loc(out, p, c->at);
            if (same > 1) fprintf(out, " (%d calls)", same);
        }
        if (!reused) fputs("&mdash;", out);
        fprintf(out, "</td><td>%d</td></tr>\n", t->nops);
    }
    fputs("</tbody>\n</table>\n", out);
}

static void put_traces(FILE *out, Arena *a, const ExplainParts *p) {
    put_tab(out, "traces", "Traces",
            "The script ran once, at build time. Each call of a <code>tf.function</code> "
            "either reused a concrete function traced before for the same input signature, "
            "or traced a new one: its Python ran with symbolic tensors and the operations "
            "it met became a graph. A Python argument is part of the signature by value.");
    if (!p->trace_report) {
        put_missing(out, p, "traces");
    } else if (!p->traces.nfunctions) {
        fputs("<p class=\"missing\">No tf.function was called.</p>\n", out);
    }
    for (int i = 0; i < p->traces.nfunctions; i++) put_trace_table(out, p, &p->traces.functions[i]);
    if (p->trace_report) {
        fputs("<details><summary><code>ingot build --trace-report</code> says</summary>\n", out);
        TextLines t = text_lines_split(a, p->trace_report);
        text_lines_link_mentions(&t, p->script_name);
        put_listing(out, &t, false);
        fputs("</details>\n", out);
    }
    fputs("</section>\n", out);
}

static void put_graphs(FILE *out, const ExplainParts *p) {
    put_tab(out, "graphs", "Graphs",
            "The traced graphs, drawn by Graphviz: a box per operation, an edge per "
            "tensor, a cluster per function and per <code>cond</code>/<code>while</code> "
            "branch.");
    if (p->opt_level > 0)
        fprintf(out, "<p class=\"intro\">As the program runs them, after the passes of "
                     "<code>-O%d</code> (fused operations, constants folded); "
                     "<code>ingot explain -O0</code> shows them as traced.</p>\n",
                p->opt_level);
    if (p->graphs_note) {
        fputs("<p class=\"missing\">", out);
        put_text(out, p->graphs_note);
        fputs("</p>\n", out);
    } else if (!p->ngraphs) {
        put_missing(out, p, "graphs");
    }
    for (int i = 0; i < p->ngraphs; i++) {
        fputs("<figure class=\"graph\"><figcaption>", out);
        put_text(out, p->graphs[i].title);
        fputs("</figcaption>\n", out);
        fputs(p->graphs[i].svg, out); /* dot's own SVG, already escaped */
        fputs("</figure>\n", out);
    }
    fputs("</section>\n", out);
}

/* "line 12: y = tf.matmul(x, w)", linked to line 12. */
static void put_source_ref(FILE *out, const ExplainParts *p, int line) {
    if (line <= 0 || line > p->source.n) {
        fputs("&mdash;", out);
        return;
    }
    const TextLine *l = &p->source.lines[line - 1];
    size_t skip = 0;
    while (skip < l->len && (l->text[skip] == ' ' || l->text[skip] == '\t')) skip++;
    fprintf(out, "<span class=\"line L%d\">line %d: <code>", line, line);
    put_escaped(out, l->text + skip, l->len - skip);
    fputs("</code></span>", out);
}

static void put_gradients(FILE *out, const ExplainParts *p) {
    put_tab(out, "gradients", "Gradients",
            "What each <code>tape.gradient</code> added to the graph, by the forward line "
            "whose gradient it computes: the chain rule applied backwards, one rule per "
            "operation. In the graphs these operations are outlined in purple; hover a row "
            "to see the forward line and its gradient together.");
    fputs("<table class=\"gradients\">\n<thead><tr><th>function</th><th>forward line</th>"
          "<th>its gradient's operations</th><th>made by</th></tr></thead>\n<tbody>\n", out);
    for (int i = 0; i < p->ngradients; i++) {
        const ExplainGradient *g = &p->gradients[i];
        fprintf(out, "<tr class=\"L%d\"><td><code>@", g->forward_line);
        put_text(out, g->function);
        fputs("</code></td><td>", out);
        put_source_ref(out, p, g->forward_line);
        fprintf(out, "</td><td>%d: ", g->nops);
        put_text(out, g->ops);
        fputs("</td><td>", out);
        put_source_ref(out, p, g->tape_line);
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody>\n</table>\n</section>\n", out);
}

static void put_c(FILE *out, const ExplainParts *p) {
    put_tab(out, "c", "C",
            "The C that <code>ingot build</code> compiles and links with the Ingot runtime "
            "(<code>ig_</code> functions, on oneDNN): one C function per concrete function, "
            "the top level as <code>program</code>.");
    if (p->c.n) put_listing(out, &p->c, true);
    else put_missing(out, p, "C");
    fputs("</section>\n", out);
}

static void put_output(FILE *out, Arena *a, const ExplainParts *p) {
    put_tab(out, "output", "Build output",
            "What the script's Python printed while it was traced (<code>print</code> runs "
            "at build time; <code>tf.print</code> becomes an operation that prints when "
            "the program runs), then every diagnostic.");
    if (p->build_output) {
        TextLines t = text_lines_split(a, p->build_output);
        text_lines_link_marks(&t, p->traces.prints, p->traces.nprints);
        if (t.n) put_listing(out, &t, false);
        else fputs("<p class=\"missing\">Nothing was printed at build time.</p>\n", out);
    }
    fputs("<h3>Diagnostics</h3>\n", out);
    if (!p->ndiags) fputs("<p class=\"missing\">None.</p>\n", out);
    else {
        fputs("<pre class=\"code\">", out);
        for (int i = 0; i < p->ndiags; i++) put_diag(out, &p->diags[i]);
        fputs("</pre>\n", out);
    }
    fputs("</section>\n", out);
}

static void put_diff_cell(FILE *out, const TextLines *t, int i) {
    fputs("<td>", out);
    if (i >= 0) put_escaped(out, t->lines[i].text, t->lines[i].len);
    fputs("</td>", out);
}

static void put_run(FILE *out, Arena *a, const ExplainParts *p) {
    put_tab(out, "run", "Compiled vs eager",
            "<code>ingot run</code> (built, then run) beside <code>ingot run --eager</code> "
            "(every operation at once, every call of a <code>tf.function</code> running its "
            "Python, as TensorFlow runs with <code>tf.config.run_functions_eagerly(True)"
            "</code>). Lines on one side only are marked: Python side effects inside a "
            "<code>tf.function</code> happen once per trace when compiled, on every call "
            "eagerly.");
    TextLines l = text_lines_split(a, p->run_compiled), r = text_lines_split(a, p->run_eager);
    int nrows;
    DiffRow *rows = text_lines_diff(a, &l, &r, &nrows);
    int differ = 0;
    for (int i = 0; i < nrows; i++) differ += rows[i].left < 0 || rows[i].right < 0;
    fprintf(out, "<p class=\"summary\">compiled: exit %d &middot; eager: exit %d &middot; "
                 "%d line%s differ%s</p>\n",
            p->run_compiled_rc, p->run_eager_rc, differ, differ == 1 ? "" : "s",
            differ == 1 ? "s" : "");
    fputs("<table class=\"diff\">\n<thead><tr><th>ingot run</th><th>ingot run --eager</th>"
          "</tr></thead>\n<tbody>\n",
          out);
    for (int i = 0; i < nrows; i++) {
        bool same = rows[i].left >= 0 && rows[i].right >= 0;
        fprintf(out, "<tr class=\"%s\">", same ? "same" : "differs");
        put_diff_cell(out, &l, rows[i].left);
        put_diff_cell(out, &r, rows[i].right);
        fputs("</tr>\n", out);
    }
    fputs("</tbody>\n</table>\n</section>\n", out);
}

static void put_nav(FILE *out, const ExplainParts *p) {
    static const char *const tabs[][2] = {
        {"autograph", "AutoGraph"}, {"traces", "Traces"},       {"graphs", "Graphs"},
        {"gradients", "Gradients"}, {"c", "C"},                 {"output", "Build output"},
        {"run", "Compiled vs eager"}};
    fputs("<nav>", out);
    for (size_t i = 0; i < sizeof tabs / sizeof tabs[0]; i++) {
        if (strcmp(tabs[i][0], "run") == 0 && !p->run_compiled) continue;
        if (strcmp(tabs[i][0], "gradients") == 0 && !p->ngradients) continue;
        fprintf(out, "<a href=\"#%s\" data-tab=\"%s\">%s</a>", tabs[i][0], tabs[i][0], tabs[i][1]);
    }
    fputs("</nav>\n", out);
}

void explain_write_page(FILE *out, Arena *a, const ExplainParts *p) {
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    put_text(out, p->script_name);
    fputs(" &mdash; ingot explain</title>\n<style>\n", out);
    put_asset(out, explain_page_css);
    fputs("</style>\n</head>\n<body>\n", out);
    put_header(out, p);
    fputs("<main>\n", out);
    put_source(out, p);
    fputs("<div class=\"pane stages\">\n", out);
    put_nav(out, p);
    put_autograph(out, p);
    put_traces(out, a, p);
    put_graphs(out, p);
    if (p->ngradients) put_gradients(out, p);
    put_c(out, p);
    put_output(out, a, p);
    if (p->run_compiled) put_run(out, a, p);
    fputs("</div>\n</main>\n<script>\n", out);
    put_asset(out, explain_page_js);
    fputs("</script>\n</body>\n</html>\n", out);
}
