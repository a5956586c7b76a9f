/* dot.c — the module as a Graphviz digraph: one cluster per function (labelled with
 * the Python call it was traced for and why) and one inside it per cond/while region,
 * a node per parameter and instruction (op, then each output's script name or %N and
 * type; tooltip: its script line), data-flow edges, dashed edges from each call to its
 * callee's cluster, to and from variables and from a while's inputs to its carried
 * parameters, dotted ones for results, gray ones for the order of a function's effects,
 * and a legend. AutoGraph's flags (do_return, break_, ...) and what only computes them
 * are left out unless DotOptions.all. Entry points: graph_dot_text, graph_print_dot_with,
 * graph_print_dot. Memory owner: the caller's Arena (graph_dot_text), else a scratch
 * Arena of its own, freed before returning. */
#include "irtext.h"

#include <ctype.h>
#include <string.h>

/* Node names are "f<func index>_v<dense value number>" for values (so an edge can
 * name its source) and "f<func>_i<k>" for instructions without outputs; an
 * instruction with outputs is drawn as the node of its first output. */
typedef struct DotFunc {
    Arena *arena;
    const Module *m;
    const Func *f;
    const DotOptions *opt;
    bool alone;  /* the function printed on its own: no edges to other clusters */
    const int *numbers;
    /* By IrValue.id: an AutoGraph flag, or computed only for one (flag); not drawn
     * (hidden: the same, or nothing with DotOptions.all). */
    bool *flag, *hidden;
    bool *globals_used;
    int ninst;   /* counter for output-less instructions */
    int nregion; /* counter for nested regions' clusters */
    /* The order of the function's effects (calls, prints, assigns, control flow), from
     * its entry to its ret: gray edges, so that @main reads top to bottom. */
    const char *last_effect;
    StrBuf *out;
    /* Edges wait until every node is placed: Graphviz puts a node in each subgraph
     * that mentions it, so an edge written inside a region's cluster would pull the
     * captured value's node in there. */
    StrBuf edges;
    StrBuf *calls; /* edges between functions: outside every cluster, at the end */
} DotFunc;

/* ---- AutoGraph's flags -------------------------------------------------------------- */

/* The names AutoGraph gives its state (autograph/lower_return.c, lower_break.c,
 * lower_continue.c), with ag_fresh_name's "_<n>" suffix when the user's code took it. */
static bool is_autograph_flag(const char *name) {
    static const char *const bases[] = {"do_return", "retval_", "break_", "continue_"};
    if (!name) return false;
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        size_t n = strlen(bases[i]);
        if (strncmp(name, bases[i], n) != 0) continue;
        const char *rest = name + n;
        if (!*rest) return true;
        if (*rest++ != '_' || !*rest) continue;
        while (isdigit((unsigned char)*rest)) rest++;
        if (!*rest) return true;
    }
    return false;
}

static bool is_hidden_inst(const DotFunc *d, const Inst *x) {
    if (op_info[x->op].effect != PURE || x->nregions || !x->noutputs) return false;
    for (int i = 0; i < x->noutputs; i++)
        if (!d->hidden[x->outputs[i]->id]) return false;
    return true;
}

/* Slot i of a cond or while (output i, what its regions yield for it, a while's input
 * and parameters i) carries a flag. */
static bool is_hidden_slot(const DotFunc *d, const Inst *x, int i) {
    return i < x->noutputs && d->hidden[x->outputs[i]->id];
}

/* Counts each value's uses, and those by something drawn, in r. */
static void count_uses(const DotFunc *d, const Region *r, int *uses, int *shown) {
    for (const Inst *x = r->first; x; x = x->next) {
        bool drawn = !is_hidden_inst(d, x);
        for (int i = 0; i < x->ninputs; i++) {
            uses[x->inputs[i]->id]++;
            if (drawn && !(x->op == OP_WHILE && is_hidden_slot(d, x, i))) shown[x->inputs[i]->id]++;
        }
        for (int k = 0; k < x->nregions; k++) {
            const Region *sub = x->regions[k];
            count_uses(d, sub, uses, shown);
            bool while_test = x->op == OP_WHILE && k == 0;
            for (int i = 0; i < sub->nresults; i++) {
                uses[sub->results[i]->id]++;
                if (while_test || !is_hidden_slot(d, x, i)) shown[sub->results[i]->id]++;
            }
        }
    }
}

/* Marks the flags in r: values AutoGraph named, and every slot of a while one of
 * whose values is one. */
static void seed_flags(DotFunc *d, const Region *r) {
    for (int i = 0; i < r->nparams; i++)
        if (is_autograph_flag(r->params[i]->name_hint)) d->hidden[r->params[i]->id] = true;
    for (const Inst *x = r->first; x; x = x->next) {
        for (int i = 0; i < x->noutputs; i++)
            if (is_autograph_flag(x->outputs[i]->name_hint)) d->hidden[x->outputs[i]->id] = true;
        for (int k = 0; k < x->nregions; k++) seed_flags(d, x->regions[k]);
        if (x->op != OP_WHILE) continue;
        for (int i = 0; i < x->noutputs; i++) {
            bool *slot[3] = {&d->hidden[x->outputs[i]->id],
                             &d->hidden[x->regions[0]->params[i]->id],
                             &d->hidden[x->regions[1]->params[i]->id]};
            bool any = *slot[0] || *slot[1] || *slot[2];
            for (int j = 0; j < 3; j++) *slot[j] = any;
        }
    }
}

/* A pure instruction is a flag's too when all it reads are flags (not_(do_return)),
 * or when all that reads it is hidden (the `const true` a branch yields for do_return). */
static bool spread_flags(DotFunc *d, const Region *r, const int *uses, const int *shown) {
    bool changed = false;
    for (const Inst *x = r->first; x; x = x->next) {
        for (int k = 0; k < x->nregions; k++)
            changed |= spread_flags(d, x->regions[k], uses, shown);
        if (op_info[x->op].effect != PURE || x->nregions || !x->noutputs || is_hidden_inst(d, x))
            continue;
        bool reads_flags = x->ninputs > 0, read_by_hidden = true;
        for (int i = 0; i < x->ninputs; i++) reads_flags &= d->hidden[x->inputs[i]->id];
        for (int i = 0; i < x->noutputs; i++)
            read_by_hidden &= uses[x->outputs[i]->id] > 0 && shown[x->outputs[i]->id] == 0;
        if (!reads_flags && !read_by_hidden) continue;
        for (int i = 0; i < x->noutputs; i++) d->hidden[x->outputs[i]->id] = true;
        changed = true;
    }
    return changed;
}

static void find_flags(DotFunc *d) {
    int n = d->m->next_value_id;
    d->hidden = ARENA_ARRAY(d->arena, bool, n + 1);
    seed_flags(d, d->f->body);
    int *uses = ARENA_ARRAY(d->arena, int, n + 1), *shown = ARENA_ARRAY(d->arena, int, n + 1);
    do {
        memset(uses, 0, sizeof(int) * (size_t)n);
        memset(shown, 0, sizeof(int) * (size_t)n);
        count_uses(d, d->f->body, uses, shown);
        for (int i = 0; i < d->f->body->nresults; i++) shown[d->f->body->results[i]->id]++;
    } while (spread_flags(d, d->f->body, uses, shown));
    d->flag = d->hidden;
    if (d->opt->all) d->hidden = ARENA_ARRAY(d->arena, bool, n + 1);
}

/* What a hidden value stands for, for the node that reads it: "not break_". */
static const char *flag_text(const DotFunc *d, const IrValue *v, int depth) {
    if (is_autograph_flag(v->name_hint)) return v->name_hint;
    const Inst *x = v->def;
    if (!x || depth > 3) return "...";
    StrBuf sb;
    strbuf_init(&sb, d->arena);
    if (x->op == OP_CONST) {
        const Attr *c = attrs_get(&x->attrs, "value");
        if (c && c->kind == ATTR_TENSOR && shape_num_elements(&c->tensor->shape) == 1) {
            irtext_const(&sb, c->tensor);
            return strbuf_cstr(&sb);
        }
    }
    if (x->op == OP_LOGICAL_NOT) {
        strbuf_printf(&sb, "not %s", flag_text(d, x->inputs[0], depth + 1));
        return strbuf_cstr(&sb);
    }
    strbuf_printf(&sb, "%s(", op_info[x->op].name);
    for (int i = 0; i < x->ninputs; i++)
        strbuf_printf(&sb, "%s%s", i ? ", " : "", flag_text(d, x->inputs[i], depth + 1));
    strbuf_putc(&sb, ')');
    return strbuf_cstr(&sb);
}

/* ---- Text ----------------------------------------------------------------------------- */

/* A DOT string: quotes and backslashes escaped, line breaks as dot's "\n". */
static void dot_quoted(StrBuf *sb, const char *s) {
    strbuf_putc(sb, '"');
    for (; *s; s++) {
        if (*s == '\n') {
            strbuf_puts(sb, "\\n");
            continue;
        }
        if (*s == '"' || *s == '\\') strbuf_putc(sb, '\\');
        strbuf_putc(sb, *s);
    }
    strbuf_putc(sb, '"');
}

static const char *dot_value_node(const DotFunc *d, const IrValue *v) {
    const Inst *def = v->def;
    int n = d->numbers[(def && def->noutputs) ? def->outputs[0]->id : v->id];
    return arena_printf(d->arena, "f%d_v%d", d->f->index, n);
}

/* "y:f32[]" for a value the script named, "%3:f32[]" otherwise. */
static void value_text(const DotFunc *d, StrBuf *sb, const IrValue *v) {
    char buf[16 * IR_MAX_RANK + 16];
    const char *name = v->name_hint;
    if (c_identifier_spelling(name)) strbuf_puts(sb, name);
    else strbuf_printf(sb, "%%%d", d->numbers[v->id]);
    strbuf_printf(sb, ":%s", type_str(&v->type, buf, sizeof buf));
}

static bool in_script(const DotFunc *d, SrcLoc loc) {
    return loc.file && d->m->source_path && strcmp(loc.file->path, d->m->source_path) == 0;
}

/* A node's attributes after its label: id, the classes of its script line (and, for an
 * op of a gradient, of its forward op's line, and "grad"), the line as its tooltip
 * ("f.py:12: y = x * 2"), then extra (", style=bold"). */
static void node_attrs(const DotFunc *d, const char *node, const char *label, SrcLoc loc,
                       SrcLoc grad_of, const char *line, bool flag, const char *extra) {
    StrBuf *o = d->out;
    strbuf_printf(o, "    %s [id=\"%s\"", node, node);
    StrBuf classes;
    strbuf_init(&classes, d->arena);
    if (in_script(d, loc)) strbuf_printf(&classes, "L%d", loc.line);
    bool gradient = in_script(d, grad_of);
    if (gradient) strbuf_printf(&classes, " L%d grad", grad_of.line);
    if (flag) strbuf_puts(&classes, " ag-flag");
    const char *c = strbuf_cstr(&classes);
    if (*c) strbuf_printf(o, ", class=\"%s\"", c + (*c == ' '));
    strbuf_puts(o, ", label=");
    dot_quoted(o, label);
    if (loc.file) {
        const char *tip = arena_printf(d->arena, "%s:%d%s%s", irtext_basename(loc.file->path),
                                       loc.line, line ? ": " : "", line ? line : "");
        if (gradient)
            tip = arena_printf(d->arena, "%s (of the gradient of line %d)", tip, grad_of.line);
        strbuf_puts(o, ", tooltip=");
        dot_quoted(o, tip);
    }
    strbuf_printf(o, "%s];\n", extra);
}

/* Drawn, though a flag's (DotOptions.all): its class says so. */
static bool is_flag_value(const DotFunc *d, const IrValue *v) {
    return d->opt->all && d->flag[v->id];
}

/* ---- Functions and regions --------------------------------------------------------------- */

static void dot_region(DotFunc *d, const Region *r, const char *owner, const Inst *owner_inst);

static void dot_edge(DotFunc *d, const IrValue *from, const char *to, const char *attrs) {
    if (d->hidden[from->id]) return;
    strbuf_printf(&d->edges, "    %s -> %s%s;\n", dot_value_node(d, from), to, attrs);
}

static void dot_inst(DotFunc *d, const Inst *inst) {
    if (is_hidden_inst(d, inst)) return;
    const char *node = inst->noutputs ? dot_value_node(d, inst->outputs[0])
                                      : arena_printf(d->arena, "f%d_i%d", d->f->index, d->ninst++);
    StrBuf label;
    strbuf_init(&label, d->arena);
    strbuf_puts(&label, op_info[inst->op].name);
    if (inst->op == OP_CALL && inst->callee) strbuf_printf(&label, " @%s", inst->callee->name);
    if (inst->global) strbuf_printf(&label, " $%s", inst->global->name);
    if (inst->op == OP_CONST) {
        const Attr *v = attrs_get(&inst->attrs, "value");
        if (v && v->kind == ATTR_TENSOR && shape_num_elements(&v->tensor->shape) <= 4) {
            strbuf_putc(&label, ' ');
            irtext_const(&label, v->tensor);
        }
    }
    bool flag = false;
    for (int i = 0; i < inst->noutputs; i++) {
        flag |= is_flag_value(d, inst->outputs[i]);
        if (d->hidden[inst->outputs[i]->id]) continue;
        strbuf_putc(&label, '\n');
        value_text(d, &label, inst->outputs[i]);
    }
    /* What was left out, said where it matters: "sets break_", "reads not break_". */
    for (int i = 0; i < inst->noutputs; i++)
        if (d->hidden[inst->outputs[i]->id])
            strbuf_printf(&label, "\nsets %s", flag_text(d, inst->outputs[i], 0));
    for (int i = 0; i < inst->ninputs; i++)
        if (d->hidden[inst->inputs[i]->id] && !(inst->op == OP_WHILE && is_hidden_slot(d, inst, i)))
            strbuf_printf(&label, "\nreads %s", flag_text(d, inst->inputs[i], 0));
    for (int k = 0; k < inst->nregions; k++) {
        const Region *r = inst->regions[k];
        bool while_test = inst->op == OP_WHILE && k == 0;
        for (int i = 0; i < r->nresults; i++)
            if (d->hidden[r->results[i]->id] && (while_test || !is_hidden_slot(d, inst, i)))
                strbuf_printf(&label, "\n%s yields %s", irtext_region_name(inst, k),
                              flag_text(d, r->results[i], 0));
    }
    node_attrs(d, node, strbuf_cstr(&label), inst->loc, inst->grad_of, inst->src_line, flag,
               op_info[inst->op].effect == EFFECT ? ", style=bold" : "");
    for (int i = 0; i < inst->ninputs; i++) dot_edge(d, inst->inputs[i], node, "");
    if (inst->parent == d->f->body && op_info[inst->op].effect == EFFECT) {
        bool joined = false; /* a data edge says it already */
        for (int i = 0; i < inst->ninputs; i++)
            joined |= strcmp(dot_value_node(d, inst->inputs[i]), d->last_effect) == 0;
        if (!joined)
            strbuf_printf(&d->edges, "    %s -> %s [color=gray, arrowhead=empty];\n",
                          d->last_effect, node);
        d->last_effect = node;
    }
    /* A variable is a node outside every function: reads come from it, assigns go to it. */
    if (inst->global) d->globals_used[inst->global->index] = true;
    if (inst->global && inst->op == OP_READ_VAR)
        strbuf_printf(d->calls, "  var_%d -> %s [style=dashed];\n", inst->global->index, node);
    else if (inst->global)
        strbuf_printf(d->calls, "  %s -> var_%d [style=dashed];\n", node, inst->global->index);
    if (inst->op == OP_CALL && inst->callee && !d->alone)
        strbuf_printf(d->calls, "  %s -> f%d_entry [style=dashed, lhead=cluster_f%d];\n", node,
                      inst->callee->index, inst->callee->index);
    /* Nested regions are clusters inside the function's. A captured value is an
     * ordinary edge from its node outside; a while's carried values are dashed
     * edges from its inputs to each region's parameters, and the yields go back to
     * the instruction's node (dotted). */
    for (int i = 0; i < inst->nregions; i++) {
        const Region *r = inst->regions[i];
        /* Its own id: a subgraph inherits its parent's attributes, id included, and
           the SVG's ids must be unique. */
        int k = d->nregion++;
        strbuf_printf(d->out, "    subgraph cluster_f%d_r%d {\n", d->f->index, k);
        strbuf_printf(d->out, "    id=\"f%d_r%d\";\n", d->f->index, k);
        strbuf_printf(d->out, "    label=\"%s\";\n", irtext_region_name(inst, i));
        dot_region(d, r, node, inst);
        strbuf_puts(d->out, "    }\n");
        for (int j = 0; j < r->nparams && j < inst->ninputs; j++)
            if (!d->hidden[r->params[j]->id])
                dot_edge(d, inst->inputs[j], dot_value_node(d, r->params[j]), " [style=dashed]");
    }
}

/* The values a region yields go to its owner: the enclosing instruction's node, or
 * the function's "ret" node. */
static void dot_region(DotFunc *d, const Region *r, const char *owner, const Inst *owner_inst) {
    for (int i = 0; i < r->nparams; i++) {
        const IrValue *v = r->params[i];
        if (d->hidden[v->id]) continue;
        StrBuf label;
        strbuf_init(&label, d->arena);
        value_text(d, &label, v);
        SrcLoc loc = owner_inst ? owner_inst->loc : d->f->loc;
        const char *line = owner_inst ? owner_inst->src_line : ir_src_line(d->arena, d->f->loc);
        node_attrs(d, dot_value_node(d, v), strbuf_cstr(&label), loc, (SrcLoc){0}, line,
                   is_flag_value(d, v), ", shape=ellipse");
    }
    for (const Inst *inst = r->first; inst; inst = inst->next) dot_inst(d, inst);
    bool while_test = owner_inst && owner_inst->op == OP_WHILE && r == owner_inst->regions[0];
    for (int i = 0; i < r->nresults; i++)
        if (!owner_inst || while_test || !is_hidden_slot(d, owner_inst, i))
            dot_edge(d, r->results[i], owner, " [style=dotted]");
}

/* "scale(x: f32[], n=2)\ntraced at f.py:19: argument 'n': ..." under "@scale__2". */
static const char *func_label(Arena *a, const Func *f) {
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_printf(&sb, "@%s", f->name);
    if (f->kind == FUNC_PROGRAM) strbuf_puts(&sb, ": the script's top level");
    else if (f->py_signature) strbuf_printf(&sb, ": %s", f->py_signature);
    else if (f->signature) strbuf_printf(&sb, ": %s%s", f->py_name, f->signature);
    if (f->trace_reason) {
        strbuf_puts(&sb, "\ntraced");
        if (f->traced_at.file)
            strbuf_printf(&sb, " at %s:%d", irtext_basename(f->traced_at.file->path),
                          f->traced_at.line);
        strbuf_printf(&sb, ": %s", f->trace_reason);
    }
    return strbuf_cstr(&sb);
}

static void dot_func(DotFunc *d) {
    const Func *f = d->f;
    strbuf_init(&d->edges, d->arena);
    d->numbers = irtext_number_values(d->arena, d->m, f, NULL);
    find_flags(d);
    StrBuf *o = d->out;
    strbuf_printf(o, "  subgraph cluster_f%d {\n", f->index);
    strbuf_printf(o, "    id=\"f%d\";\n    labeljust=l;\n    label=", f->index);
    dot_quoted(o, func_label(d->arena, f));
    strbuf_puts(o, ";\n");
    /* The program's entry is the whole script, not its first line. */
    SrcLoc def = f->kind == FUNC_PROGRAM ? (SrcLoc){0} : f->loc;
    node_attrs(d, arena_printf(d->arena, "f%d_entry", f->index),
               arena_printf(d->arena, "@%s", f->name), def, (SrcLoc){0},
               ir_src_line(d->arena, def), false, ", shape=oval");
    strbuf_printf(o, "    f%d_ret [id=\"f%d_ret\", label=\"ret\", shape=oval];\n", f->index,
                  f->index);
    const char *ret = arena_printf(d->arena, "f%d_ret", f->index);
    for (int i = 0; i < f->body->nparams; i++)
        if (!d->hidden[f->body->params[i]->id])
            strbuf_printf(&d->edges, "    f%d_entry -> %s [style=dotted];\n", f->index,
                          dot_value_node(d, f->body->params[i]));
    d->last_effect = arena_printf(d->arena, "f%d_entry", f->index);
    dot_region(d, f->body, ret, NULL);
    /* Nothing floats: ret follows the last effect; without effects, the entry when
     * no data path joins them (no parameters, or no results). */
    bool joined = false;
    for (int i = 0; i < f->body->nresults; i++)
        joined |= strcmp(dot_value_node(d, f->body->results[i]), d->last_effect) == 0;
    bool effects = strcmp(d->last_effect, arena_printf(d->arena, "f%d_entry", f->index)) != 0;
    if (!joined && (effects || !f->body->nparams || !f->body->nresults))
        strbuf_printf(&d->edges, "    %s -> %s [color=gray, arrowhead=empty];\n", d->last_effect,
                      ret);
    strbuf_puts(o, strbuf_cstr(&d->edges));
    strbuf_puts(o, "  }\n");
}

/* What the edge styles and node shapes mean: a cluster of sample nodes and edges. */
static void dot_legend(StrBuf *o) {
    static const char *const edges[][2] = {
        {"", "data: a value flows"},
        {", style=dashed", "call, variable, loop-carried value"},
        {", style=dotted", "parameter in, result out (ret, yield)"},
        {", color=gray, arrowhead=empty", "order of the effects"},
    };
    strbuf_puts(o, "  subgraph cluster_legend {\n    id=\"legend\";\n    label=\"legend\";\n");
    strbuf_puts(o, "    legend_op [label=\"op\\nname:type\\n(%N:type unnamed)\"];\n");
    strbuf_puts(o, "    legend_effect [label=\"op with effects\", style=bold];\n");
    strbuf_puts(o, "    legend_param [label=\"parameter\", shape=ellipse];\n");
    strbuf_puts(o, "    legend_var [label=\"$variable\", shape=cylinder];\n");
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        strbuf_printf(o, "    legend_a%zu [label=\"\", shape=point];\n", i);
        strbuf_printf(o, "    legend_b%zu [label=\"%s\", shape=plaintext];\n", i, edges[i][1]);
        strbuf_printf(o, "    legend_a%zu -> legend_b%zu [minlen=3%s];\n", i, i, edges[i][0]);
        /* One sample a row, drawn left to right, under the one before. */
        strbuf_printf(o, "    { rank=same; legend_a%zu; legend_b%zu; }\n", i, i);
        if (i) strbuf_printf(o, "    legend_a%zu -> legend_a%zu [style=invis];\n", i - 1, i);
    }
    strbuf_puts(o, "  }\n");
}

const char *graph_dot_legend_text(Arena *a) {
    StrBuf o;
    strbuf_init(&o, a);
    strbuf_puts(&o, "digraph legend {\n  node [shape=box, fontname=\"monospace\"];\n");
    dot_legend(&o);
    strbuf_puts(&o, "}\n");
    return strbuf_cstr(&o);
}

const char *graph_dot_text(Arena *a, const Module *m, const Func *only, const DotOptions *opt) {
    StrBuf o, calls;
    strbuf_init(&o, a);
    strbuf_init(&calls, a);
    strbuf_puts(&o, "digraph module {\n");
    strbuf_puts(&o, "  compound=true;\n");
    strbuf_puts(&o, "  node [shape=box, fontname=\"monospace\"];\n");
    if (opt->legend) dot_legend(&o);
    bool *globals_used = ARENA_ARRAY(a, bool, m->nglobals + 1);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *f = m->funcs[i];
            if ((f->kind == FUNC_PROGRAM) != (pass == 0) || (only && f != only)) continue;
            DotFunc d = {.arena = a, .m = m, .f = f, .opt = opt, .alone = only != NULL,
                         .globals_used = globals_used, .out = &o, .calls = &calls};
            dot_func(&d);
        }
    }
    for (int i = 0; i < m->nglobals; i++) {
        char buf[16 * IR_MAX_RANK + 16];
        const Global *g = m->globals[i];
        if (only && !globals_used[i]) continue;
        strbuf_printf(&o, "  var_%d [id=\"var_%d\", label=\"$%s:%s\", shape=cylinder];\n", i, i,
                      g->name, type_str(&g->type, buf, sizeof buf));
    }
    strbuf_puts(&o, strbuf_cstr(&calls));
    strbuf_puts(&o, "}\n");
    return strbuf_cstr(&o);
}

void graph_print_dot_with(FILE *out, const Module *m, const Func *only, const DotOptions *opt) {
    Arena *a = arena_new();
    fputs(graph_dot_text(a, m, only, opt), out);
    arena_free(a);
}

void graph_print_dot(FILE *out, const Module *m) {
    graph_print_dot_with(out, m, NULL, &(DotOptions){.legend = true});
}
