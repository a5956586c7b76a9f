/* dot.c — the module as a Graphviz digraph: one cluster per function and one inside
 * it per cond/while region, a node per parameter and instruction (labelled with op
 * and type), data-flow edges, and dashed edges from each call to its callee's
 * cluster and from a while's inputs to its carried parameters. Entry point: graph_print_dot.
 * Memory owner: a scratch Arena of its own, freed before returning. */
#include "irtext.h"

#include <string.h>

/* Node names are "f<func index>_v<dense value number>" for values (so an edge can
 * name its source) and "f<func>_i<k>" for instructions without outputs; an
 * instruction with outputs is drawn as the node of its first output. */
typedef struct DotFunc {
    Arena *arena;
    const Module *m;
    const Func *f;
    const int *numbers;
    int ninst;   /* counter for output-less instructions */
    int nregion; /* counter for nested regions' clusters */
    /* Edges wait until every node is placed: Graphviz puts a node in each subgraph
     * that mentions it, so an edge written inside a region's cluster would pull the
     * captured value's node in there. */
    StrBuf edges;
    StrBuf *calls; /* edges between functions: outside every cluster, at the end */
} DotFunc;

static const char *dot_value_node(const DotFunc *d, const IrValue *v) {
    const Inst *def = v->def;
    int n = d->numbers[(def && def->noutputs) ? def->outputs[0]->id : v->id];
    return arena_printf(d->arena, "f%d_v%d", d->f->index, n);
}

/* Graphviz label text: the IR's own text with quotes and backslashes escaped. */
static void dot_escaped(StrBuf *sb, const char *s) {
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') strbuf_putc(sb, '\\');
        strbuf_putc(sb, *s);
    }
}

static void dot_region(FILE *out, DotFunc *d, const Region *r, const char *owner);

static void dot_inst(FILE *out, DotFunc *d, const Inst *inst) {
    char buf[16 * IR_MAX_RANK + 16];
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
    for (int i = 0; i < inst->noutputs; i++)
        strbuf_printf(&label, "\n%%%d:%s", d->numbers[inst->outputs[i]->id],
                      type_str(&inst->outputs[i]->type, buf, sizeof buf));
    StrBuf esc;
    strbuf_init(&esc, d->arena);
    dot_escaped(&esc, strbuf_cstr(&label));
    /* dot reads "\n" in a label as a line break: turn the real newlines back into it. */
    StrBuf lab;
    strbuf_init(&lab, d->arena);
    for (const char *s = strbuf_cstr(&esc); *s; s++) {
        if (*s == '\n') strbuf_puts(&lab, "\\n");
        else strbuf_putc(&lab, *s);
    }
    fprintf(out, "    %s [label=\"%s\"%s];\n", node, strbuf_cstr(&lab),
            op_info[inst->op].effect == EFFECT ? ", style=bold" : "");
    for (int i = 0; i < inst->ninputs; i++)
        strbuf_printf(&d->edges, "    %s -> %s;\n", dot_value_node(d, inst->inputs[i]), node);
    /* A variable is a node outside every function: reads come from it, assigns go to it. */
    if (inst->global && inst->op == OP_READ_VAR)
        strbuf_printf(d->calls, "  var_%d -> %s [style=dashed];\n", inst->global->index, node);
    else if (inst->global)
        strbuf_printf(d->calls, "  %s -> var_%d [style=dashed];\n", node, inst->global->index);
    if (inst->op == OP_CALL && inst->callee)
        strbuf_printf(d->calls, "  %s -> f%d_entry [style=dashed, lhead=cluster_f%d];\n", node,
                inst->callee->index, inst->callee->index);
    /* Nested regions are clusters inside the function's. A captured value is an
     * ordinary edge from its node outside; a while's carried values are dashed
     * edges from its inputs to each region's parameters, and the yields go back to
     * the instruction's node (dotted). */
    for (int i = 0; i < inst->nregions; i++) {
        const Region *r = inst->regions[i];
        fprintf(out, "    subgraph cluster_f%d_r%d {\n", d->f->index, d->nregion++);
        fprintf(out, "    label=\"%s\";\n", irtext_region_name(inst, i));
        dot_region(out, d, r, node);
        fputs("    }\n", out);
        for (int j = 0; j < r->nparams && j < inst->ninputs; j++)
            strbuf_printf(&d->edges, "    %s -> %s [style=dashed];\n",
                          dot_value_node(d, inst->inputs[j]), dot_value_node(d, r->params[j]));
    }
}

/* The values a region yields go to its owner: the enclosing instruction's node, or
 * the function's "ret" node. */
static void dot_region(FILE *out, DotFunc *d, const Region *r, const char *owner) {
    char buf[16 * IR_MAX_RANK + 16];
    for (int i = 0; i < r->nparams; i++) {
        const IrValue *v = r->params[i];
        fprintf(out, "    %s [label=\"%%%d:%s\", shape=ellipse];\n", dot_value_node(d, v),
                d->numbers[v->id], type_str(&v->type, buf, sizeof buf));
    }
    for (const Inst *inst = r->first; inst; inst = inst->next) dot_inst(out, d, inst);
    for (int i = 0; i < r->nresults; i++)
        strbuf_printf(&d->edges, "    %s -> %s [style=dotted];\n", dot_value_node(d, r->results[i]),
                      owner);
}

static void dot_func(FILE *out, Arena *a, const Module *m, const Func *f, StrBuf *calls) {
    DotFunc d = {.arena = a, .m = m, .f = f, .calls = calls};
    strbuf_init(&d.edges, a);
    d.numbers = irtext_number_values(a, m, f, NULL);
    fprintf(out, "  subgraph cluster_f%d {\n", f->index);
    fprintf(out, "    label=\"@%s\";\n", f->name);
    fprintf(out, "    f%d_entry [label=\"@%s\", shape=oval];\n", f->index, f->name);
    fprintf(out, "    f%d_ret [label=\"ret\", shape=oval];\n", f->index);
    const char *ret = arena_printf(a, "f%d_ret", f->index);
    for (int i = 0; i < f->body->nparams; i++)
        fprintf(out, "    f%d_entry -> %s [style=dotted];\n", f->index,
                dot_value_node(&d, f->body->params[i]));
    dot_region(out, &d, f->body, ret);
    fputs(strbuf_cstr(&d.edges), out);
    fputs("  }\n", out);
}

void graph_print_dot(FILE *out, const Module *m) {
    Arena *a = arena_new();
    fputs("digraph module {\n", out);
    fputs("  compound=true;\n", out);
    fputs("  node [shape=box, fontname=\"monospace\"];\n", out);
    StrBuf calls;
    strbuf_init(&calls, a);
    for (int i = 0; i < m->nglobals; i++) {
        char buf[16 * IR_MAX_RANK + 16];
        const Global *g = m->globals[i];
        fprintf(out, "  var_%d [label=\"$%s:%s\", shape=cylinder];\n", i, g->name,
                type_str(&g->type, buf, sizeof buf));
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *f = m->funcs[i];
            if ((f->kind == FUNC_PROGRAM) == (pass == 0)) dot_func(out, a, m, f, &calls);
        }
    }
    fputs(strbuf_cstr(&calls), out);
    fputs("}\n", out);
    arena_free(a);
}
