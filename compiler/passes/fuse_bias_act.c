/* fuse_bias_act.c — a product, its bias and an activation as one op (passes.h): matmul
 * (or conv2d), then an add of a vector of one value per last dim, then optionally relu,
 * sigmoid or tanh, become matmul_bias (conv2d_bias) {activation}, which oneDNN runs as
 * one primitive with a bias argument (the activation on its output while in cache): one
 * pass over the result instead of three, no intermediate tensors. Keras's Dense and
 * Conv2D layers are exactly this chain; TensorFlow's grappler remapper makes the same
 * _FusedMatMul and _FusedConv2D. Each link must be the only use of the one before (a
 * value the backward also reads stays: the activations' gradients read their output,
 * not their input, so a training step fuses too), float32, in one region.
 * A clip after the bias (tf.clip_by_value: maximum(minimum(t, hi), lo)) stays apart:
 * oneDNN 2.6's clip post-ops (clip and clip_v2, on AVX-512, AVX2 and SSE4.1 alike) turn a
 * NaN into lo, a lo of -0.0 into +0 and refuse lo > hi, where maximum and minimum keep
 * the NaN; a NaN in a product cannot be ruled out at build time. Run after the primitive
 * instead, the clip is the loop fuse_elementwise already writes over the product's
 * result in place (bench/README.md "clip after a product").
 *     %5:f32[64,128] = matmul %0, %1
 *     %6:f32[64,128] = add %5, %2          =>  %7:f32[64,128] = matmul_bias %0, %1, %2
 *     %7:f32[64,128] = relu %6                                     {..., activation="relu"}
 */
#include "ingot/size.h"
#include "kernel_call.h"
#include "passes.h"
#include "uses.h"

/* The bias of add x of the product p: the other operand, when it is a float32 vector
 * of one value per last dim of p and the sum has p's type (nothing else broadcast). */
static IrValue *bias_of(const Inst *x, const IrValue *p) {
    if (x->op != OP_ADD || !shape_equal(&x->outputs[0]->type.shape, &p->type.shape)) return NULL;
    IrValue *b = x->inputs[0] == p ? x->inputs[1] : x->inputs[0];
    if (b == p) return NULL; /* p + p */
    const Shape *s = &b->type.shape, *ps = &p->type.shape;
    int64_t last = ps->dims[ps->rank - 1];
    if (b->type.dtype != DT_FLOAT32 || s->rank != 1 || last == DIM_UNKNOWN || s->dims[0] != last)
        return NULL;
    return b;
}

/* The activation (kernel_call.h's activation_names) that inst applies, 0 if none of
 * them: relu, sigmoid, tanh, whose backward reads their output, not their input, so a
 * training step fuses too. Sigmoid and tanh only on a result of a known size below
 * IG_DNNL_MIN_ELEMENTS (ingot/size.h), which their kernels compute in a plain loop: from
 * there on they run on a oneDNN primitive cached in their site, where a fused kernel
 * keeps its product's, and the two would replace each other on every call. */
static int activation_of(const Inst *inst) {
    if (inst->op == OP_RELU) return 1;
    if (inst->op != OP_SIGMOID && inst->op != OP_TANH) return 0;
    const Shape *s = &inst->outputs[0]->type.shape;
    int64_t n = 1;
    for (int i = 0; i < s->rank && n >= 0; i++)
        n = s->dims[i] == DIM_UNKNOWN ? -1 : n * s->dims[i];
    if (n < 0 || n >= IG_DNNL_MIN_ELEMENTS) return 0;
    return inst->op == OP_SIGMOID ? 2 : 3;
}

/* Fuses the chain that starts at product p, if it is one; returns the fused op or NULL.
 * The last link becomes the fused op in place, so its output (and every use of it)
 * stays. */
static Inst *fuse_at(Module *m, Inst *p, Uses *uses) {
    IrValue *y = p->outputs[0];
    if (y->type.dtype != DT_FLOAT32) return NULL;
    Inst *add = uses_sole_user(uses, y);
    IrValue *bias = add ? bias_of(add, y) : NULL;
    if (!bias) return NULL;
    Inst *act = uses_sole_user(uses, add->outputs[0]);
    int activation = act ? activation_of(act) : 0;
    if (activation == 0) act = NULL;
    Inst *last = act ? act : add;
    IrValue **inputs = ARENA_ARRAY(m->arena, IrValue *, 3);
    inputs[0] = p->inputs[0], inputs[1] = p->inputs[1], inputs[2] = bias;
    last->op = p->op == OP_MATMUL ? OP_MATMUL_BIAS : OP_CONV2D_BIAS;
    last->inputs = inputs;
    last->ninputs = 3;
    /* The product's transposes or window, and the activation. p goes: its attribute
       list is taken over, not copied. */
    last->attrs = p->attrs;
    attrs_set_string(m->arena, &last->attrs, "activation", activation_names[activation]);
    /* Errors and comments name the product's line (a Dense layer's matmul). */
    last->loc = p->loc, last->src_line = p->src_line, last->chain = p->chain;
    region_remove_inst(p);
    if (act) region_remove_inst(add);
    uses_moved(uses, last);
    return last;
}

static int fuse_region(Module *m, Region *r, Uses *uses) {
    int fused = 0;
    for (Inst *x = r->first, *next; x; x = next) {
        next = x->next;
        for (int i = 0; i < x->nregions; i++) fused += fuse_region(m, x->regions[i], uses);
        if (x->op != OP_MATMUL && x->op != OP_CONV2D) continue;
        Inst *f = fuse_at(m, x, uses);
        if (f) {
            fused++;
            next = f; /* the links between x and f are gone; f is fused already */
        }
    }
    return fused;
}

int pass_fuse_bias_act(Arena *scratch, Module *m) {
    int total = 0;
    for (int f = 0; f < m->nfuncs; f++) {
        Uses uses = uses_find(scratch, m, m->funcs[f]);
        total += fuse_region(m, m->funcs[f]->body, &uses);
    }
    return total;
}
