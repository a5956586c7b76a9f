/* print.c — the IR's text form (STYLE.md "IR text format"): one line per instruction,
 * values renumbered densely per function, location comments aligned in a column,
 * the program function first. Entry point: graph_print.
 * Memory owner: a scratch Arena of its own, freed before returning. */
#include "irtext.h"

#include <string.h>

/* A function's lines are collected first so the "# file:line" column can be aligned. */
typedef struct Line {
    const char *text;
    const char *loc; /* "compute.py:5" or NULL */
} Line;

typedef struct Printer {
    Arena *arena;
    const int *numbers;
    Line *lines;
    int nlines, cap;
} Printer;

static void printer_add(Printer *p, const char *text, const char *loc) {
    if (p->nlines == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        p->lines = arena_grow(p->arena, p->lines, sizeof(Line), (size_t)p->nlines, (size_t)cap);
        p->cap = cap;
    }
    p->lines[p->nlines].text = text;
    p->lines[p->nlines].loc = loc;
    p->nlines++;
}

static void print_value_list(StrBuf *sb, const Printer *p, IrValue *const *vals, int n) {
    for (int i = 0; i < n; i++) strbuf_printf(sb, "%s%%%d", i ? ", " : "", p->numbers[vals[i]->id]);
}

static void print_region(Printer *p, const Region *r, int depth);

/* " else {" / " body(%9:f32[]) {": what opens inst's region i. */
static void print_region_head(StrBuf *sb, const Printer *p, const Inst *inst, int i) {
    const Region *r = inst->regions[i];
    if (!(inst->op == OP_COND && i == 0)) strbuf_printf(sb, " %s", irtext_region_name(inst, i));
    if (inst->op == OP_WHILE) irtext_region_params(sb, r, p->numbers);
    strbuf_puts(sb, " {");
}

static void print_inst(Printer *p, const Inst *inst, int depth) {
    StrBuf sb;
    strbuf_init(&sb, p->arena);
    char buf[16 * IR_MAX_RANK + 16];
    for (int i = 0; i < depth; i++) strbuf_puts(&sb, "  ");
    for (int i = 0; i < inst->noutputs; i++)
        strbuf_printf(&sb, "%s%%%d:%s", i ? ", " : "", p->numbers[inst->outputs[i]->id],
                      type_str(&inst->outputs[i]->type, buf, sizeof buf));
    if (inst->noutputs) strbuf_puts(&sb, " = ");
    strbuf_puts(&sb, op_info[inst->op].name);
    const char *skip = NULL;
    if (inst->op == OP_CONST) {
        /* A constant shows its value inline as a typed literal: "2.0:f32". */
        const Attr *v = attrs_get(&inst->attrs, "value");
        if (v && v->kind == ATTR_TENSOR) {
            strbuf_putc(&sb, ' ');
            irtext_const(&sb, v->tensor);
            strbuf_printf(&sb, ":%s", dtype_short_name(v->tensor->dtype));
            skip = "value";
        }
    }
    if (inst->op == OP_CALL && inst->callee) strbuf_printf(&sb, " @%s", inst->callee->name);
    /* "random_normal $rng {shape=[2,3], mean=0.0, stddev=1.0}": the dtype is the output's. */
    if (op_is_random(inst->op)) skip = "dtype";
    /* "read $counter", "assign_add $counter, %2" */
    if (inst->global) strbuf_printf(&sb, " $%s%s", inst->global->name, inst->ninputs ? "," : "");
    if (inst->op == OP_FLAG) {
        /* 'flag "epochs"': the dtype is the output's, the rest is in the flag table. */
        const Attr *name = attrs_get(&inst->attrs, "name");
        strbuf_putc(&sb, ' ');
        irtext_quoted(&sb, name && name->kind == ATTR_STRING && name->s ? name->s : "", false);
    }
    if (inst->ninputs) {
        strbuf_putc(&sb, ' ');
        print_value_list(&sb, p, inst->inputs, inst->ninputs);
    }
    if (inst->op != OP_FLAG) irtext_attrs(&sb, &inst->attrs, skip);
    /* Nested regions (cond/while): "cond %5 {", "} else {", "}" and
     * "while %1 cond(%7:f32[]) {", "} body(%9:f32[]) {", "}"; each region's lines
     * end with its "yield". The then-branch goes unnamed (STYLE.md "IR text format"). */
    if (inst->nregions) print_region_head(&sb, p, inst, 0);
    const char *loc =
        inst->loc.file
            ? arena_printf(p->arena, "%s:%d", irtext_basename(inst->loc.file->path), inst->loc.line)
            : NULL;
    printer_add(p, strbuf_cstr(&sb), loc);
    for (int i = 0; i < inst->nregions; i++) {
        print_region(p, inst->regions[i], depth + 1);
        StrBuf close;
        strbuf_init(&close, p->arena);
        for (int d = 0; d < depth; d++) strbuf_puts(&close, "  ");
        strbuf_putc(&close, '}');
        if (i + 1 < inst->nregions) print_region_head(&close, p, inst, i + 1);
        printer_add(p, strbuf_cstr(&close), NULL);
    }
}

static void print_region(Printer *p, const Region *r, int depth) {
    for (const Inst *inst = r->first; inst; inst = inst->next) print_inst(p, inst, depth);
    StrBuf sb;
    strbuf_init(&sb, p->arena);
    for (int i = 0; i < depth; i++) strbuf_puts(&sb, "  ");
    strbuf_puts(&sb, r->parent ? "yield" : "ret");
    if (r->nresults) {
        strbuf_putc(&sb, ' ');
        print_value_list(&sb, p, r->results, r->nresults);
    }
    printer_add(p, strbuf_cstr(&sb), NULL);
}

static void print_func(FILE *out, Arena *a, const Module *m, const Func *f) {
    Printer p = {.arena = a};
    p.numbers = irtext_number_values(a, m, f, NULL);
    print_region(&p, f->body, 1);

    StrBuf head;
    strbuf_init(&head, a);
    strbuf_printf(&head, "func @%s", f->name);
    irtext_signature(&head, f, p.numbers);
    fprintf(out, "%s {\n", strbuf_cstr(&head));
    size_t column = 0;
    for (int i = 0; i < p.nlines; i++) {
        size_t len = strlen(p.lines[i].text);
        if (p.lines[i].loc && len > column) column = len;
    }
    for (int i = 0; i < p.nlines; i++) {
        if (p.lines[i].loc)
            fprintf(out, "%-*s  # %s\n", (int)column, p.lines[i].text, p.lines[i].loc);
        else
            fprintf(out, "%s\n", p.lines[i].text);
    }
    fputs("}\n", out);
}

/* The flag table, one line each, before the functions:
 *   flag "epochs": i32 = 5 {help="number of passes"}  # train.py:3 */
static void print_flags(FILE *out, Arena *a, const Module *m) {
    for (int i = 0; i < m->nflags; i++) {
        const FlagDef *f = m->flags[i];
        StrBuf sb;
        strbuf_init(&sb, a);
        strbuf_puts(&sb, "flag ");
        irtext_quoted(&sb, f->name, false);
        strbuf_printf(&sb, ": %s = ", dtype_short_name(f->value->dtype));
        irtext_const(&sb, f->value);
        strbuf_puts(&sb, " {help=");
        irtext_quoted(&sb, f->help, false);
        strbuf_putc(&sb, '}');
        if (f->loc.file)
            strbuf_printf(&sb, "  # %s:%d", irtext_basename(f->loc.file->path), f->loc.line);
        fprintf(out, "%s\n", strbuf_cstr(&sb));
    }
}

/* The variables, one line each, before the functions:
 *   var $counter:i32[] = 0:i32  # seed.py:3 */
static void print_globals(FILE *out, Arena *a, const Module *m) {
    for (int i = 0; i < m->nglobals; i++) {
        StrBuf sb;
        strbuf_init(&sb, a);
        irtext_global(&sb, m->globals[i]);
        fprintf(out, "%s\n", strbuf_cstr(&sb));
    }
    if (m->nglobals > 0) fputc('\n', out);
}

void graph_print(FILE *out, const Module *m) {
    Arena *a = arena_new();
    bool first = true;
    print_flags(out, a, m);
    if (m->nflags > 0) fputc('\n', out);
    print_globals(out, a, m);
    /* The program function first, then the traced ones in creation order. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *f = m->funcs[i];
            if ((f->kind == FUNC_PROGRAM) != (pass == 0)) continue;
            if (!first) fputc('\n', out);
            first = false;
            print_func(out, a, m, f);
        }
    }
    arena_free(a);
}
