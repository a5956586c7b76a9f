/* gradients.c — the Gradients tab's rows: in each traced function, the ops a
 * GradientTape's backward made for each forward line (Inst.grad_of), counted by op, so
 * a learner sees what `y = tf.matmul(x, w)` became in the gradient.
 * Entry point: explain_collect_gradients. Memory owner: the explain Arena. */
#include <string.h>

#include "explain_internal.h"

enum { MAX_OPS = 24 }; /* distinct ops listed per row; more are counted as "..." */

typedef struct Row {
    ExplainGradient out;
    Opcode ops[MAX_OPS];
    int counts[MAX_OPS];
    int nops, more;
} Row;

typedef struct Rows {
    Arena *arena;
    const Module *m;
    const Func *f;
    Row *items;
    int n, cap;
} Rows;

static Row *row_for(Rows *rows, int forward_line, int tape_line) {
    for (int i = 0; i < rows->n; i++) {
        Row *r = &rows->items[i];
        if (strcmp(r->out.function, rows->f->name) == 0 && r->out.forward_line == forward_line &&
            r->out.tape_line == tape_line)
            return r;
    }
    if (rows->n == rows->cap) {
        int cap = rows->cap ? 2 * rows->cap : 8;
        Row *items = ARENA_ARRAY(rows->arena, Row, cap);
        if (rows->n) memcpy(items, rows->items, sizeof *items * (size_t)rows->n);
        rows->items = items;
        rows->cap = cap;
    }
    Row *r = &rows->items[rows->n++];
    memset(r, 0, sizeof *r);
    r->out.function = rows->f->name;
    r->out.forward_line = forward_line;
    r->out.tape_line = tape_line;
    return r;
}

static void count_op(Row *r, Opcode op) {
    r->out.nops++;
    for (int i = 0; i < r->nops; i++)
        if (r->ops[i] == op) {
            r->counts[i]++;
            return;
        }
    if (r->nops == MAX_OPS) {
        r->more++;
        return;
    }
    r->ops[r->nops] = op;
    r->counts[r->nops++] = 1;
}

static bool in_script(const Rows *rows, SrcLoc loc) {
    return loc.file && rows->m->source_path && strcmp(loc.file->path, rows->m->source_path) == 0;
}

static void walk(Rows *rows, const Region *region) {
    for (const Inst *x = region->first; x; x = x->next) {
        if (in_script(rows, x->grad_of))
            count_op(row_for(rows, x->grad_of.line, in_script(rows, x->loc) ? x->loc.line : 0),
                     x->op);
        for (int k = 0; k < x->nregions; k++) walk(rows, x->regions[k]);
    }
}

/* "matmul ×2, relu_grad, add": the ops in the order first made. */
static const char *ops_text(Arena *a, const Row *r) {
    StrBuf sb;
    strbuf_init(&sb, a);
    for (int i = 0; i < r->nops; i++) {
        strbuf_printf(&sb, "%s%s", i ? ", " : "", op_info[r->ops[i]].name);
        if (r->counts[i] > 1) strbuf_printf(&sb, " \xc3\x97%d", r->counts[i]);
    }
    if (r->more) strbuf_printf(&sb, ", ... (%d more)", r->more);
    return strbuf_cstr(&sb);
}

void explain_collect_gradients(Arena *a, const Module *m, ExplainParts *parts) {
    Rows rows = {.arena = a, .m = m};
    for (int i = 0; i < m->nfuncs; i++) {
        rows.f = m->funcs[i];
        walk(&rows, rows.f->body);
    }
    parts->gradients = ARENA_ARRAY(a, ExplainGradient, rows.n + 1);
    parts->ngradients = rows.n;
    for (int i = 0; i < rows.n; i++) {
        parts->gradients[i] = rows.items[i].out;
        parts->gradients[i].ops = ops_text(a, &rows.items[i]);
    }
}
