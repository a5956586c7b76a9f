/* kernel_call.c — decoding an instruction's attributes into its kernel's arguments
 * (see kernel_call.h), and the SAVE and PROGRESS calls' list of names. Memory owner:
 * none; kernel_call_names' strings are in the arena given. */
#include "kernel_call.h"

#include <string.h>

const char *const slice_mask_names[SLICE_MASKS] = {"begin_mask", "end_mask", "ellipsis_mask",
                                                   "new_axis_mask", "shrink_axis_mask"};

static int64_t attr_int(const Inst *inst, const char *key, int64_t dflt) {
    const Attr *a = attrs_get(&inst->attrs, key);
    return a ? a->i : dflt;
}

/* A two-int attribute ("strides": [h, w]) into out[0..2). */
static void attr_pair(const Inst *inst, const char *key, int *out, int dflt) {
    const Attr *a = attrs_get(&inst->attrs, key);
    for (int i = 0; i < 2; i++)
        out[i] = a && a->kind == ATTR_INTS && a->ints.len == 2 ? (int)a->ints.items[i] : dflt;
}

static void attr_ints(const Inst *inst, const char *key, KernelCall *kc) {
    const Attr *a = attrs_get(&inst->attrs, key);
    kc->nints = a ? a->ints.len : 0;
    for (int i = 0; i < kc->nints; i++) kc->ints[i] = (int)a->ints.items[i];
}

const char *const activation_names[ACTIVATIONS] = {"none", "relu", "sigmoid", "tanh"};

/* The index in activation_names of inst's "activation" (none when absent). */
static int activation(const Inst *inst) {
    const Attr *a = attrs_get(&inst->attrs, "activation");
    for (int i = 1; a && i < ACTIVATIONS; i++)
        if (strcmp(a->s, activation_names[i]) == 0) return i;
    IG_ASSERT(!a || strcmp(a->s, "none") == 0);
    return 0;
}

static bool same_padding(const Inst *inst) {
    const Attr *a = attrs_get(&inst->attrs, "padding");
    return a && strcmp(a->s, "SAME") == 0;
}

void kernel_call_decode(const Inst *inst, KernelCall *kc) {
    memset(kc, 0, sizeof *kc);
    kc->abi = op_info[inst->op].abi;
    switch (kc->abi) {
    case ABI_SPECIAL:
    case ABI_INPUTS: break;
    case ABI_AXIS:
    case ABI_LIST_AXIS: kc->axis = (int)attr_int(inst, "axis", 0); break;
    case ABI_REDUCE:
        kc->all_axes = attrs_get(&inst->attrs, "axis") == NULL;
        kc->keepdims = attr_int(inst, "keepdims", 0) != 0;
        attr_ints(inst, "axis", kc);
        break;
    case ABI_AXES: attr_ints(inst, "axis", kc); break;
    case ABI_PERM: attr_ints(inst, "perm", kc); break;
    case ABI_MATMUL:
    case ABI_MATMUL_BIAS:
        kc->transpose_a = attr_int(inst, "transpose_a", 0) != 0;
        kc->transpose_b = attr_int(inst, "transpose_b", 0) != 0;
        kc->activation = activation(inst);
        break;
    case ABI_SLICE:
        for (int i = 0; i < SLICE_MASKS; i++)
            kc->masks[i] = (int)attr_int(inst, slice_mask_names[i], 0);
        break;
    case ABI_CONV:
    case ABI_CONV_BIAS:
        attr_pair(inst, "strides", kc->window, 1);
        attr_pair(inst, "dilations", kc->window + 2, 1);
        kc->same_padding = same_padding(inst);
        kc->activation = activation(inst);
        break;
    case ABI_POOL:
        attr_pair(inst, "ksize", kc->window, 1);
        attr_pair(inst, "strides", kc->window + 2, 1);
        kc->same_padding = same_padding(inst);
        break;
    case ABI_EPSILON: {
        const Attr *a = attrs_get(&inst->attrs, "epsilon");
        kc->epsilon = a ? (a->kind == ATTR_FLOAT ? a->f : (double)a->i) : 0.0;
        break;
    }
    case ABI_LOAD: {
        const Attr *shape = attrs_get(&inst->attrs, "shape");
        const Attr *delim = attrs_get(&inst->attrs, "delimiter");
        const Attr *name = attrs_get(&inst->attrs, "name");
        kc->dtype = inst->outputs[0]->type.dtype;
        kc->rank = shape->ints.len;
        for (int i = 0; i < kc->rank; i++) kc->dims[i] = shape->ints.items[i];
        kc->skip_header = (int)attr_int(inst, "skip_header", 0);
        kc->delimiter = delim ? delim->s : ",";
        kc->name = name ? name->s : NULL;
        break;
    }
    case ABI_SAVE: kc->names = attrs_get(&inst->attrs, "names")->s; break;
    case ABI_PROGRESS:
        kc->names = attrs_get(&inst->attrs, "names")->s;
        kc->verbose = (int)attr_int(inst, "verbose", 1);
        kc->final = attr_int(inst, "final", 0) != 0;
        break;
    }
}

const char **kernel_call_names(const KernelCall *kc, Arena *a, int n) {
    const char **names = ARENA_ARRAY(a, const char *, n + 1);
    const char *p = kc->names;
    for (int i = 0; i < n; i++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        names[i] = arena_strndup(a, p, len);
        p += len + (nl != NULL);
    }
    return names;
}
