/* fuse_elementwise.c — a chain of float arithmetic as one loop (passes.h): add, sub,
 * mul, div, neg, maximum, minimum, relu, square and sqrt over operands of the result's
 * shape, 0-d or a row of its last dim become one elementwise op
 * whose "expr" is the chain in prefix form over its inputs, and which the C back end
 * writes as one loop: one pass over memory and no intermediate tensors instead of one
 * of each per op (XLA's and TVM's loop fusion). An optimizer's update, m * 0.9 + g *
 * 0.1, or a scaled loss is such a chain. A link must be its producer's only use, in the
 * same region, of the same fully known shape; what else reads an intermediate value
 * keeps it.
 *     %7:f32[64,128] = mul %5, %6                %9:f32[64,128] = elementwise %5, %6, %8
 *     %9:f32[64,128] = add %7, %8          =>        {expr="add(mul($0, $1), $2)"}
 * Each element is computed as the ops compute it (the same C arithmetic, no FMA
 * contraction under -std=c11), so the fused program prints what the unfused one does. */
#include "elementwise_expr.h"
#include "passes.h"
#include "uses.h"

static bool shape_known(const Shape *s) {
    for (int i = 0; i < s->rank; i++)
        if (s->dims[i] == DIM_UNKNOWN) return false;
    return true;
}

/* Whether an operand of shape in fits a loop over out: out's own shape, 0-d, or a row
 * of out's last dim broadcast over the rest (a bias, a scale per channel). */
static bool operand_fits(const Shape *in, const Shape *out) {
    if (in->rank == 0 || shape_equal(in, out)) return true;
    return in->rank == 1 && out->rank > 1 && in->dims[0] == out->dims[out->rank - 1];
}

/* Whether x can be part of a loop: fusible, on floats, a tensor (0-d arithmetic is the
 * C back end's scalars already) of a known shape, its operands fitting it. */
static bool is_link(const Inst *x) {
    if (!ew_op_fuses(x->op) || x->noutputs != 1) return false;
    const TensorType *t = &x->outputs[0]->type;
    if (!dtype_is_float(t->dtype) || t->shape.rank == 0 || !shape_known(&t->shape)) return false;
    for (int i = 0; i < x->ninputs; i++) {
        const TensorType *in = &x->inputs[i]->type;
        if (in->dtype != t->dtype || !operand_fits(&in->shape, &t->shape)) return false;
    }
    return true;
}

typedef struct Chain {
    const bool *absorbed; /* per IrValue.id: computed inside its user's loop */
    IrValue **inputs;     /* the loop's operands, each once */
    int ninputs;
    Inst **links;         /* the instructions folded into the root */
    int nlinks;
} Chain;

/* The chain's text for x: "add(mul($0, $1), $2)", collecting operands and links. */
static void chain_expr(Chain *c, const Inst *x, StrBuf *sb) {
    strbuf_printf(sb, "%s(", op_info[x->op].name);
    for (int i = 0; i < x->ninputs; i++) {
        IrValue *v = x->inputs[i];
        if (i) strbuf_puts(sb, ", ");
        if (c->absorbed[v->id]) {
            c->links[c->nlinks++] = v->def;
            chain_expr(c, v->def, sb);
            continue;
        }
        int k = 0;
        while (k < c->ninputs && c->inputs[k] != v) k++;
        if (k == c->ninputs) c->inputs[c->ninputs++] = v;
        strbuf_printf(sb, "$%d", k);
    }
    strbuf_putc(sb, ')');
}

/* Counts the links of the chain ending at x (x included). */
static int chain_length(const Inst *x, const bool *absorbed) {
    int n = 1;
    for (int i = 0; i < x->ninputs; i++)
        if (absorbed[x->inputs[i]->id]) n += chain_length(x->inputs[i]->def, absorbed);
    return n;
}

static int fuse_region(Module *m, Arena *scratch, Region *r, const Uses *uses,
                       bool *absorbed) {
    int fused = 0;
    for (Inst *x = r->first; x; x = x->next)
        for (int i = 0; i < x->nregions; i++)
            fused += fuse_region(m, scratch, x->regions[i], uses, absorbed);
    /* A link's operand computed by a link of its region, used by it alone, of its
       shape, is computed inside its loop. */
    for (Inst *x = r->first; x; x = x->next) {
        if (!is_link(x)) continue;
        for (int i = 0; i < x->ninputs; i++) {
            const IrValue *v = x->inputs[i];
            absorbed[v->id] = v->def && v->def->parent == r && is_link(v->def) &&
                              uses->count[v->id] == 1 &&
                              shape_equal(&v->type.shape, &x->outputs[0]->type.shape);
        }
    }
    /* Each root (a link nobody absorbs) of two links or more becomes the loop. */
    for (Inst *x = r->first; x; x = x->next) {
        if (!is_link(x) || absorbed[x->outputs[0]->id]) continue;
        int n = chain_length(x, absorbed);
        if (n < 2) continue;
        Chain c = {.absorbed = absorbed};
        c.inputs = ARENA_ARRAY(m->arena, IrValue *, 2 * n + 1);
        c.links = ARENA_ARRAY(scratch, Inst *, n);
        StrBuf sb;
        strbuf_init(&sb, m->arena);
        chain_expr(&c, x, &sb);
        x->op = OP_ELEMENTWISE;
        x->inputs = c.inputs;
        x->ninputs = c.ninputs;
        x->attrs = (Attrs){0};
        attrs_set_string(m->arena, &x->attrs, "expr", strbuf_cstr(&sb));
        for (int i = 0; i < c.nlinks; i++) region_remove_inst(c.links[i]);
        fused++;
    }
    return fused;
}

int pass_fuse_elementwise(Arena *scratch, Module *m) {
    int total = 0;
    bool *absorbed = ARENA_ARRAY(scratch, bool, m->next_value_id > 0 ? m->next_value_id : 1);
    for (int f = 0; f < m->nfuncs; f++) {
        Uses uses = uses_find(scratch, m, m->funcs[f]);
        total += fuse_region(m, scratch, m->funcs[f]->body, &uses, absorbed);
    }
    return total;
}
