/* eager.c — the eager dispatcher: one case per op, each calling the ig_ kernel that
 * emit_c.c writes for that op, with the arguments emit_c.c writes (keep the two in
 * step). Every call gets a site of its own, as every node of the emitted program has
 * one, released right after the call (a constant is copied out of it first).
 * Entry points: eager_new, eager_run_inst, eager_truth, eager_safe_point, eager_finish.
 * Memory owner: each tensor is kept for the IrValue it belongs to (see TensorHandle). */
#include "eager.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irtext.h"
#include "kernel_call.h"
#include "shape_rules.h"
#include "tensor_map.h"

/* The emitted C and this executor pass DType values as IgDType, and shapes of up to
 * IR_MAX_RANK dims to the runtime: the compiler and the runtime must agree. */
_Static_assert((int)DT_BOOL == (int)IG_BOOL && (int)DT_INT32 == (int)IG_INT32 &&
                   (int)DT_INT64 == (int)IG_INT64 && (int)DT_FLOAT32 == (int)IG_FLOAT32 &&
                   (int)DT_FLOAT64 == (int)IG_FLOAT64 && (int)DT_STRING == (int)IG_STRING &&
                   (int)DT__COUNT == (int)IG_DTYPE_COUNT,
               "DType and IgDType must list the same dtypes in the same order");
_Static_assert(IR_MAX_RANK == IG_MAX_RANK, "the IR and the runtime must agree on the maximum rank");

/* Who owns a tensor: the IrValue it belongs to (EagerContext.values, by its id). When
 * the collector finds the IrValue unreachable (no Python value refers to it any more),
 * its finalizer releases the tensor, so a long eager loop runs in flat memory. Each
 * owned tensor also has a handle in a list kept in malloc'd memory, which the
 * collector does not scan, so the list keeps nothing alive: eager_finish releases
 * what is left through it. */
typedef struct TensorHandle {
    IrValue *owner;     /* hidden from the collector: malloc'd memory */
    int id;             /* owner->id: its entry in EagerContext.values */
    EagerContext *ec;
    IgTensor *tensor;
    struct TensorHandle *prev, *next;
} TensorHandle;

struct EagerContext {
    Module *m;
    int argc;
    char **argv;
    BuildExecutor executor; /* what the builder calls: eager_run_inst on this */
    bool unsupported;       /* the op that just failed is one eager mode cannot run yet */
    TensorMap *values;      /* each value's tensor while it has one, by IrValue.id: the
                               values the script holds (owned through a TensorHandle)
                               and those of a graph region while it runs */
    TensorHandle *tensors;  /* the tensors alive, newest first */
    IgVar **vars;           /* by Global.index, NULL until first used; each allocated
                               on its own so a pointer to it stays valid as this grows */
    int nvars;
    int nflags_parsed;      /* flags declared when the command line was last parsed */
    bool flags_checked;     /* the whole command line was checked up front */
};

static bool run_inst(void *ctx, Inst *inst, BuildErrorKind *kind, char *err, size_t errsize) {
    EagerContext *ec = ctx;
    ec->unsupported = false;
    if (eager_run_inst(ec, inst, err, errsize)) return true;
    *kind = ec->unsupported ? BUILD_ERROR_UNSUPPORTED : BUILD_ERROR_RUN;
    return false;
}

EagerContext *eager_new(Module *m, int argc, char **argv) {
    EagerContext *ec = ARENA_NEW(m->arena, EagerContext);
    ec->m = m;
    ec->argc = argc;
    ec->argv = argv;
    ec->values = tensor_map_new();
    ec->executor = (BuildExecutor){run_inst, ec};
    return ec;
}

const BuildExecutor *eager_executor(EagerContext *ec) { return &ec->executor; }

static IgTensor *tensor_of(const EagerContext *ec, const IrValue *v) {
    return tensor_map_get(ec->values, v->id);
}

static void set_tensor(EagerContext *ec, const IrValue *v, IgTensor *t) {
    tensor_map_put(ec->values, v->id, t);
}

const IgTensor *eager_tensor(const EagerContext *ec, const IrValue *v) { return tensor_of(ec, v); }

static void handle_unlink(EagerContext *ec, TensorHandle *h) {
    if (h->prev) h->prev->next = h->next;
    else ec->tensors = h->next;
    if (h->next) h->next->prev = h->prev;
}

static void release_owned_tensor(void *owner, void *data) {
    TensorHandle *h = data;
    IG_ASSERT(h->owner == owner);
    handle_unlink(h->ec, h);
    tensor_map_take(h->ec->values, h->id);
    ig_release(h->tensor);
    free(h);
}

static void eager_own(EagerContext *ec, IrValue *owner, IgTensor *t) {
    TensorHandle *h = malloc(sizeof *h);
    if (!h) {
        fputs("ingot: fatal error: out of memory\n", stderr);
        abort();
    }
    *h = (TensorHandle){owner, owner->id, ec, t, NULL, ec->tensors};
    if (ec->tensors) ec->tensors->prev = h;
    ec->tensors = h;
    set_tensor(ec, owner, t);
    arena_on_collect(owner, release_owned_tensor, h);
}

int eager_live_tensors(const EagerContext *ec) {
    int n = 0;
    for (const TensorHandle *h = ec->tensors; h; h = h->next) n++;
    return n;
}

void eager_safe_point(EagerContext *ec) {
    (void)ec;
    arena_run_finalizers();
}

static IgSite *eager_site(EagerContext *ec, const Inst *inst) {
    IgSite *s = ARENA_NEW(ec->m->arena, IgSite);
    s->file = inst->loc.file ? inst->loc.file->path : "";
    s->line = inst->loc.file ? inst->loc.line : 0;
    return s;
}

/* A constant of our own: the runtime's ig_constant/ig_string cache theirs in the site,
   which eager mode releases right after the call. */
static IgTensor *eager_constant(IgSite *site, const ConstData *c) {
    const IgTensor *cached =
        c->dtype == DT_STRING
            ? ig_string(site, *(const char *const *)c->data)
            : ig_constant(site, (IgDType)c->dtype, c->shape.rank, c->shape.dims, c->data);
    IgTensor *t = ig_tensor_copy(cached);
    ig_site_release(site);
    return t;
}

const ConstData *eager_const_data(Arena *a, const IgTensor *t) {
    ConstData *cd = ARENA_NEW(a, ConstData);
    cd->dtype = (DType)t->dtype;
    cd->shape = shape_of(t->rank, t->shape);
    if (t->dtype == IG_STRING) {
        const char **s = ARENA_NEW(a, const char *);
        *s = arena_strdup(a, (const char *)t->data);
        cd->data = s;
        return cd;
    }
    size_t n = (size_t)t->size * ig_dtype_size(t->dtype);
    void *data = arena_alloc(a, n ? n : 1);
    if (n) memcpy(data, t->data, n);
    cd->data = data;
    return cd;
}

/* ---- variables ---------------------------------------------------------------------- */
/* The variable's IgVar, set to its initial value on first use (what the emitted
 * init() does before the program runs). */
IgVar *eager_var(EagerContext *ec, Global *g) {
    if (g->index >= ec->nvars) {
        int n = ec->m->nglobals > g->index ? ec->m->nglobals : g->index + 1;
        ec->vars =
            arena_grow(ec->m->arena, ec->vars, sizeof(IgVar *), (size_t)ec->nvars, (size_t)n);
        ec->nvars = n;
    }
    if (!ec->vars[g->index]) ec->vars[g->index] = ARENA_NEW(ec->m->arena, IgVar);
    IgVar *v = ec->vars[g->index];
    v->name = g->name;
    if (!v->value && g->init) { /* a computed one gets its value from 'initialize' */
        IgSite *site = ARENA_NEW(ec->m->arena, IgSite);
        site->file = g->loc.file ? g->loc.file->path : "";
        site->line = g->loc.file ? g->loc.line : 0;
        IgTensor *init = eager_constant(site, g->init);
        ig_var_init(v, init);
        ig_release(init);
    }
    return v;
}

const IgVar *eager_var_if_used(const EagerContext *ec, const Global *g) {
    const IgVar *v = g->index < ec->nvars ? ec->vars[g->index] : NULL;
    return v && v->value ? v : NULL;
}

/* ---- flags -------------------------------------------------------------------------- */
/* The default as a user would type it (emit_c.c's flag_default_text). */
static const char *flag_default_text(Arena *a, const FlagDef *f) {
    const ConstData *c = f->value;
    if (c->dtype == DT_STRING) return *(const char *const *)c->data;
    StrBuf sb;
    strbuf_init(&sb, a);
    irtext_element(&sb, c->dtype, c->data);
    return strbuf_cstr(&sb);
}

/* The runtime's table of m's flags. */
static IgFlagSpec *flag_table(Arena *a, const Module *m) {
    IgFlagSpec *t = ARENA_ARRAY(a, IgFlagSpec, m->nflags + 1);
    for (int i = 0; i < m->nflags; i++) {
        const FlagDef *f = m->flags[i];
        t[i] = (IgFlagSpec){f->name, (IgDType)f->value->dtype, flag_default_text(a, f), f->help};
    }
    return t;
}

int eager_check_flags(EagerContext *ec, const Module *declared) {
    ec->flags_checked = true;
    fflush(stdout);
    switch (ig_flags_try_parse(ec->argc, ec->argv, flag_table(ec->m->arena, declared),
                               declared->nflags, stdout, stderr)) {
    case IG_FLAGS_OK: return -1;
    case IG_FLAGS_HELP: return 0;
    case IG_FLAGS_ERROR: return 2;
    }
    UNREACHABLE();
}

/* The flags are declared while the script runs, so the command line is parsed again
 * whenever a new one is read, against the flags declared so far: only the arguments
 * naming one of those (and the value after a '--name value') take part. The whole
 * line is checked once more at the end (eager_finish). --help lists the flags
 * declared so far and exits, as the compiled program does with all of them. */
static void eager_parse_flags(EagerContext *ec) {
    if (ec->nflags_parsed == ec->m->nflags) return;
    Arena *a = ec->m->arena;
    char **argv = ARENA_ARRAY(a, char *, ec->argc + 1);
    int n = 0;
    argv[n++] = ec->argc > 0 ? ec->argv[0] : (char *)"program";
    for (int i = 1; i < ec->argc; i++) {
        const char *arg = ec->argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            argv[n++] = ec->argv[i];
            continue;
        }
        if (strncmp(arg, "--", 2) != 0) continue;
        const char *eq = strchr(arg + 2, '=');
        const char *name = arena_strndup(a, arg + 2, eq ? (size_t)(eq - arg - 2) : strlen(arg + 2));
        const FlagDef *f = module_find_flag(ec->m, arena_intern_cstr(a, name));
        if (!f) continue;
        argv[n++] = ec->argv[i];
        if (!eq && f->value->dtype != DT_BOOL && i + 1 < ec->argc) argv[n++] = ec->argv[++i];
    }
    argv[n] = NULL;
    fflush(stdout);
    ig_flags_parse(n, argv, flag_table(a, ec->m), ec->m->nflags);
    ec->nflags_parsed = ec->m->nflags;
}

/* ---- the dispatcher ------------------------------------------------------------------ */

static IgTensor *in_t(const EagerContext *ec, const Inst *inst, int i) {
    IG_ASSERT(i < inst->ninputs);
    IgTensor *t = tensor_of(ec, inst->inputs[i]);
    IG_ASSERT(t);
    return t;
}

/* ---- kernels by ABI ------------------------------------------------------------------ */
/* The kernel of every op with a generic ABI, from ops.def (SPECIAL ops have none
   here: eager_call calls theirs by name). The kernels have different C types: each is
   called through the type its op's ABI gives it (call_by_abi), as the emitted C does. */
typedef void (*AnyKernel)(void);
#define KERNEL_SPECIAL(rt) NULL
#define KERNEL_INPUTS(rt) (AnyKernel)rt
#define KERNEL_AXIS(rt) (AnyKernel)rt
#define KERNEL_REDUCE(rt) (AnyKernel)rt
#define KERNEL_AXES(rt) (AnyKernel)rt
#define KERNEL_PERM(rt) (AnyKernel)rt
#define KERNEL_LIST_AXIS(rt) (AnyKernel)rt
#define KERNEL_MATMUL(rt) (AnyKernel)rt
#define KERNEL_MATMUL_BIAS(rt) (AnyKernel)rt
#define KERNEL_SLICE(rt) (AnyKernel)rt
#define KERNEL_CONV(rt) (AnyKernel)rt
#define KERNEL_CONV_BIAS(rt) (AnyKernel)rt
#define KERNEL_POOL(rt) (AnyKernel)rt
#define KERNEL_EPSILON(rt) (AnyKernel)rt
#define KERNEL_LOAD(rt) (AnyKernel)rt
#define KERNEL_SAVE(rt) (AnyKernel)rt
#define KERNEL_PROGRESS(rt) (AnyKernel)rt
static const AnyKernel op_kernels[OP__COUNT] = {
#define OP(code, name, inputs, effect, shape_rule, rt, abi, tf_type) [OP_##code] = KERNEL_##abi(rt),
#include "ops.def"
#undef OP
};

typedef const IgTensor *In;
typedef IgTensor *(*Kernel0)(IgSite *);
typedef IgTensor *(*Kernel1)(IgSite *, In);
typedef IgTensor *(*Kernel2)(IgSite *, In, In);
typedef IgTensor *(*Kernel3)(IgSite *, In, In, In);
typedef IgTensor *(*Kernel1Axis)(IgSite *, In, int);
typedef IgTensor *(*Kernel2Axis)(IgSite *, In, In, int);
typedef IgTensor *(*Kernel3Axis)(IgSite *, In, In, In, int);
typedef IgTensor *(*KernelReduce)(IgSite *, In, int, const int *, bool, bool);
typedef IgTensor *(*KernelAxes)(IgSite *, In, int, const int *);
typedef IgTensor *(*KernelPerm)(IgSite *, In, const int *);
typedef IgTensor *(*KernelList)(IgSite *, int, const IgTensor *const *, int);
typedef IgTensor *(*KernelMatmul)(IgSite *, In, In, bool, bool);
typedef IgTensor *(*KernelMatmulBias)(IgSite *, In, In, In, bool, bool, IgActivation);
typedef IgTensor *(*KernelSlice)(IgSite *, In, In, In, In, int, int, int, int, int);
typedef IgTensor *(*KernelSliceGrad)(IgSite *, In, In, In, In, In, int, int, int, int, int);
typedef IgTensor *(*KernelConv)(IgSite *, In, In, int, int, int, int, bool);
typedef IgTensor *(*KernelConvBias)(IgSite *, In, In, In, int, int, int, int, bool,
                                     IgActivation);
typedef IgTensor *(*KernelConvGrad)(IgSite *, In, In, In, int, int, int, int, bool);
typedef IgTensor *(*KernelPool)(IgSite *, In, int, int, int, int, bool);
typedef IgTensor *(*KernelPoolGrad)(IgSite *, In, In, int, int, int, int, bool);
typedef IgTensor *(*KernelEpsilon5)(IgSite *, In, In, In, In, In, double);
typedef IgTensor *(*KernelLoad1)(IgSite *, In, const IgLoadSpec *);
typedef IgTensor *(*KernelLoad2)(IgSite *, In, In, const IgLoadSpec *);
typedef void (*KernelSave)(IgSite *, In, int, const char *const *, const IgTensor *const *);
typedef void (*KernelVoid2)(IgSite *, In, In);
typedef void (*KernelProgress)(IgSite *, In, In, int, const char *const *,
                               const IgTensor *const *, int, bool);

/* The kernel call of an op whose ABI is not SPECIAL: emit_c.c's emit_kernel_call. */
static IgTensor *call_by_abi(EagerContext *ec, Inst *inst, IgSite *s) {
    KernelCall kc;
    kernel_call_decode(inst, &kc);
    AnyKernel k = op_kernels[inst->op];
    IG_ASSERT(k);
    int n = inst->ninputs;
    switch (kc.abi) {
    case ABI_INPUTS:
        if (inst->noutputs == 0) { /* save_npy */
            IG_ASSERT(n == 2);
            ((KernelVoid2)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1));
            return NULL;
        }
        if (n == 0) return ((Kernel0)k)(s);
        if (n == 1) return ((Kernel1)k)(s, in_t(ec, inst, 0));
        if (n == 2) return ((Kernel2)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1));
        IG_ASSERT(n == 3);
        return ((Kernel3)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2));
    case ABI_AXIS:
        if (n == 1) return ((Kernel1Axis)k)(s, in_t(ec, inst, 0), kc.axis);
        if (n == 2) return ((Kernel2Axis)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), kc.axis);
        IG_ASSERT(n == 3);
        return ((Kernel3Axis)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                kc.axis);
    case ABI_REDUCE:
        return ((KernelReduce)k)(s, in_t(ec, inst, 0), kc.nints, kc.nints ? kc.ints : NULL,
                                 kc.all_axes, kc.keepdims);
    case ABI_AXES:
        return ((KernelAxes)k)(s, in_t(ec, inst, 0), kc.nints, kc.nints ? kc.ints : NULL);
    case ABI_PERM: return ((KernelPerm)k)(s, in_t(ec, inst, 0), kc.ints);
    case ABI_LIST_AXIS: {
        const IgTensor **xs = ARENA_ARRAY(ec->m->arena, const IgTensor *, n + 1);
        for (int i = 0; i < n; i++) xs[i] = in_t(ec, inst, i);
        return ((KernelList)k)(s, n, xs, kc.axis);
    }
    case ABI_MATMUL:
        return ((KernelMatmul)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), kc.transpose_a,
                                 kc.transpose_b);
    case ABI_MATMUL_BIAS:
        return ((KernelMatmulBias)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                     kc.transpose_a, kc.transpose_b,
                                     (IgActivation)kc.activation);
    case ABI_CONV_BIAS:
        return ((KernelConvBias)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                   kc.window[0], kc.window[1], kc.window[2], kc.window[3],
                                   kc.same_padding, (IgActivation)kc.activation);
    case ABI_SLICE:
        if (n == 5) /* strided_slice_grad: dy after the spec */
            return ((KernelSliceGrad)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                        in_t(ec, inst, 3), in_t(ec, inst, 4), kc.masks[0],
                                        kc.masks[1], kc.masks[2], kc.masks[3], kc.masks[4]);
        return ((KernelSlice)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                in_t(ec, inst, 3), kc.masks[0], kc.masks[1], kc.masks[2],
                                kc.masks[3], kc.masks[4]);
    case ABI_CONV:
        if (n == 3) /* a gradient: (x, filter, dy) */
            return ((KernelConvGrad)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                       kc.window[0], kc.window[1], kc.window[2], kc.window[3],
                                       kc.same_padding);
        return ((KernelConv)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), kc.window[0], kc.window[1],
                               kc.window[2], kc.window[3], kc.same_padding);
    case ABI_POOL:
        if (n == 2) /* a gradient: (x, dy) */
            return ((KernelPoolGrad)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), kc.window[0],
                                       kc.window[1], kc.window[2], kc.window[3], kc.same_padding);
        return ((KernelPool)k)(s, in_t(ec, inst, 0), kc.window[0], kc.window[1], kc.window[2],
                               kc.window[3], kc.same_padding);
    case ABI_EPSILON:
        IG_ASSERT(n == 5);
        return ((KernelEpsilon5)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), in_t(ec, inst, 2),
                                   in_t(ec, inst, 3), in_t(ec, inst, 4), kc.epsilon);
    case ABI_LOAD: {
        IgLoadSpec spec = {(IgDType)kc.dtype, kc.rank, kc.dims, kc.skip_header, kc.delimiter,
                           kc.name};
        if (n == 2) return ((KernelLoad2)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), &spec);
        return ((KernelLoad1)k)(s, in_t(ec, inst, 0), &spec);
    }
    case ABI_SAVE: {
        const char **names = kernel_call_names(&kc, ec->m->arena, n - 1);
        const IgTensor **xs = ARENA_ARRAY(ec->m->arena, const IgTensor *, n);
        for (int i = 1; i < n; i++) xs[i - 1] = in_t(ec, inst, i);
        ((KernelSave)k)(s, in_t(ec, inst, 0), n - 1, names, xs);
        return NULL;
    }
    case ABI_PROGRESS: {
        const char **names = kernel_call_names(&kc, ec->m->arena, n - 2);
        const IgTensor **xs = ARENA_ARRAY(ec->m->arena, const IgTensor *, n);
        for (int i = 2; i < n; i++) xs[i - 2] = in_t(ec, inst, i);
        ((KernelProgress)k)(s, in_t(ec, inst, 0), in_t(ec, inst, 1), n - 2, names, xs,
                            kc.verbose, kc.final);
        return NULL;
    }
    case ABI_SPECIAL: break;
    }
    UNREACHABLE();
}

/* The per-op call of the SPECIAL ops: mirrors emit_c.c's emit_inst, case by case. */
static IgTensor *eager_call(EagerContext *ec, Inst *inst, IgSite *s, char *err, size_t errsize) {
    if (op_info[inst->op].abi != ABI_SPECIAL) return call_by_abi(ec, inst, s);
    switch (inst->op) {
    case OP_CONST: return eager_constant(s, attrs_get(&inst->attrs, "value")->tensor);
    case OP_FILL: {
        const Attr *dt = attrs_get(&inst->attrs, "dtype"), *sh = attrs_get(&inst->attrs, "shape");
        const Attr *val = attrs_get(&inst->attrs, "value");
        double v = val->kind == ATTR_FLOAT ? val->f : (double)val->i;
        return ig_fill(s, (IgDType)dt->dtype, sh->shape.rank, sh->shape.dims, v);
    }
    case OP_RANGE:
        return ig_range(s, (IgDType)inst->outputs[0]->type.dtype, in_t(ec, inst, 0),
                        in_t(ec, inst, 1), in_t(ec, inst, 2));
    case OP_CAST: return ig_cast(s, in_t(ec, inst, 0), (IgDType)inst->outputs[0]->type.dtype);
    case OP_FLAG: {
        const FlagDef *f = module_find_flag(ec->m, attrs_get(&inst->attrs, "name")->s);
        IG_ASSERT(f);
        eager_parse_flags(ec);
        /* A later parse (a flag declared later) replaces the runtime's flag tensors:
           the value is copied into a tensor of our own. */
        return ig_tensor_copy(ig_flag_value(s, f->index));
    }
    case OP_READ_VAR: return ig_var_read(s, eager_var(ec, inst->global));
    case OP_ASSIGN_VAR:
        ig_var_assign(s, eager_var(ec, inst->global), in_t(ec, inst, 0));
        return NULL;
    case OP_INIT_VAR:
        ig_var_initialize(s, eager_var(ec, inst->global), in_t(ec, inst, 0));
        return NULL;
    case OP_ASSIGN_ADD_VAR:
        ig_var_assign_add(s, eager_var(ec, inst->global), in_t(ec, inst, 0));
        return NULL;
    case OP_ASSIGN_SUB_VAR:
        ig_var_assign_sub(s, eager_var(ec, inst->global), in_t(ec, inst, 0));
        return NULL;
    case OP_PRINT: {
        const Attr *sep = attrs_get(&inst->attrs, "sep"), *end = attrs_get(&inst->attrs, "end");
        const Attr *sum = attrs_get(&inst->attrs, "summarize");
        const Attr *stream = attrs_get(&inst->attrs, "output_stream");
        const IgTensor **args = ARENA_ARRAY(ec->m->arena, const IgTensor *, inst->ninputs + 1);
        for (int i = 0; i < inst->ninputs; i++) args[i] = in_t(ec, inst, i);
        ig_print(s, stream && strcmp(stream->s, "stderr") == 0 ? stderr : stdout, inst->ninputs,
                 inst->ninputs ? args : NULL, sep ? sep->s : " ", end ? end->s : "\n",
                 sum ? (int)sum->i : 3);
        return NULL;
    }
    case OP_RANDOM_PERMUTATION:
        return ig_random_permutation(s, eager_var(ec, inst->global), in_t(ec, inst, 0),
                                     in_t(ec, inst, 1), attrs_get(&inst->attrs, "buffer_size")->i);
    case OP_RANDOM_UNIFORM:
    case OP_RANDOM_UNIFORM_INT:
    case OP_RANDOM_NORMAL:
    case OP_RANDOM_TRUNCATED_NORMAL: {
        /* As emit_c.c's emit_random: state, dtype, shape, then the two parameters. */
        bool is_uniform = inst->op == OP_RANDOM_UNIFORM || inst->op == OP_RANDOM_UNIFORM_INT;
        const Attr *a = attrs_get(&inst->attrs, is_uniform ? "minval" : "mean");
        const Attr *b = attrs_get(&inst->attrs, is_uniform ? "maxval" : "stddev");
        const TensorType *t = &inst->outputs[0]->type;
        IgVar *state = eager_var(ec, inst->global);
        IgDType dt = (IgDType)t->dtype;
        if (inst->op == OP_RANDOM_UNIFORM_INT)
            return ig_random_uniform_int(s, state, dt, t->shape.rank, t->shape.dims, a->i, b->i);
        double pa = a->kind == ATTR_INT ? (double)a->i : a->f,
               pb = b->kind == ATTR_INT ? (double)b->i : b->f;
        if (inst->op == OP_RANDOM_UNIFORM)
            return ig_random_uniform(s, state, dt, t->shape.rank, t->shape.dims, pa, pb);
        if (inst->op == OP_RANDOM_NORMAL)
            return ig_random_normal(s, state, dt, t->shape.rank, t->shape.dims, pa, pb);
        return ig_random_truncated_normal(s, state, dt, t->shape.rank, t->shape.dims, pa, pb);
    }
    default:
        /* call, cond and while run their regions (exec_inst). */
        IG_ASSERT(inst->op < OP__COUNT);
        ec->unsupported = true;
        snprintf(err, errsize, "not supported yet in eager mode: the '%s' op",
                 op_info[inst->op].name);
        return NULL;
    }
}

/* ---- graphs: a traced function called eagerly (get_concrete_function) --------------- */
/* A concrete function's graph runs instruction by instruction, as emit_c.c's program
   would: each value's tensor is in EagerContext.values while its region runs and
   released when the region is done, cond runs one branch, while swaps its carried
   tensors each iteration. */
static bool exec_inst(EagerContext *ec, Inst *inst, char *err, size_t errsize);

/* Runs r with its params bound to args (borrowed); results[i] gets a new reference
   to each result. Every tensor the region made is released before it returns. */
static bool exec_region(EagerContext *ec, Region *r, IgTensor **args, IgTensor **results, char *err,
                        size_t errsize) {
    for (int i = 0; i < r->nparams; i++) set_tensor(ec, r->params[i], args[i]);
    bool ok = true;
    for (Inst *inst = r->first; inst && ok; inst = inst->next)
        ok = exec_inst(ec, inst, err, errsize);
    for (int i = 0; ok && i < r->nresults; i++) {
        results[i] = tensor_of(ec, r->results[i]);
        ig_retain(results[i]);
    }
    for (Inst *inst = r->first; inst; inst = inst->next)
        for (int o = 0; o < inst->noutputs; o++)
            ig_release(tensor_map_take(ec->values, inst->outputs[o]->id));
    for (int i = 0; i < r->nparams; i++)
        tensor_map_take(ec->values, r->params[i]->id); /* borrowed */
    return ok;
}

static bool exec_cond(EagerContext *ec, Inst *inst, IgSite *site, char *err, size_t errsize) {
    Region *r = inst->regions[ig_truth(tensor_of(ec, inst->inputs[0]), site) ? 0 : 1];
    IgTensor **results = ARENA_ARRAY(ec->m->arena, IgTensor *, r->nresults + 1);
    if (!exec_region(ec, r, NULL, results, err, errsize)) return false;
    for (int i = 0; i < inst->noutputs; i++) set_tensor(ec, inst->outputs[i], results[i]);
    return true;
}

static bool exec_while(EagerContext *ec, Inst *inst, IgSite *site, char *err, size_t errsize) {
    Region *cond_r = inst->regions[0], *body_r = inst->regions[1];
    int n = inst->noutputs;
    IgTensor **carried = ARENA_ARRAY(ec->m->arena, IgTensor *, n + 1);
    IgTensor **next = ARENA_ARRAY(ec->m->arena, IgTensor *, n + 1);
    for (int i = 0; i < n; i++) {
        carried[i] = tensor_of(ec, inst->inputs[i]);
        ig_retain(carried[i]);
    }
    bool ok = true;
    for (;;) {
        IgTensor *pred = NULL;
        if (!(ok = exec_region(ec, cond_r, carried, &pred, err, errsize))) break;
        bool more = ig_truth(pred, site);
        ig_release(pred);
        if (!more || !(ok = exec_region(ec, body_r, carried, next, err, errsize))) break;
        for (int i = 0; i < n; i++) {
            ig_release(carried[i]);
            carried[i] = next[i];
        }
    }
    for (int i = 0; i < n; i++) {
        if (ok) set_tensor(ec, inst->outputs[i], carried[i]);
        else ig_release(carried[i]);
    }
    return ok;
}

static bool exec_call(EagerContext *ec, Inst *inst, char *err, size_t errsize) {
    IgTensor **args = ARENA_ARRAY(ec->m->arena, IgTensor *, inst->ninputs + 1);
    IgTensor **results = ARENA_ARRAY(ec->m->arena, IgTensor *, inst->noutputs + 1);
    for (int i = 0; i < inst->ninputs; i++) args[i] = tensor_of(ec, inst->inputs[i]);
    if (!exec_region(ec, inst->callee->body, args, results, err, errsize)) return false;
    for (int i = 0; i < inst->noutputs; i++) set_tensor(ec, inst->outputs[i], results[i]);
    return true;
}

/* Runs inst: each of its outputs gets a new reference to its tensor. */
static bool exec_inst(EagerContext *ec, Inst *inst, char *err, size_t errsize) {
    err[0] = '\0';
    IgSite *site = eager_site(ec, inst);
    bool ok;
    switch (inst->op) {
    case OP_CALL: ok = exec_call(ec, inst, err, errsize); break;
    case OP_COND: ok = exec_cond(ec, inst, site, err, errsize); break;
    case OP_WHILE: ok = exec_while(ec, inst, site, err, errsize); break;
    default: {
        /* The stack a stack_push reads stays its IrValue's, readable later: holding a
           second reference keeps the kernel from growing it in place. */
        IgTensor *pinned = inst->op == OP_STACK_PUSH ? tensor_of(ec, inst->inputs[0]) : NULL;
        ig_retain(pinned);
        IgTensor *t = eager_call(ec, inst, site, err, errsize);
        ig_release(pinned);
        ok = !err[0];
        IG_ASSERT(!ok || (t != NULL) == (inst->noutputs == 1));
        if (t) set_tensor(ec, inst->outputs[0], t);
    }
    }
    ig_site_release(site); /* sites are collected: the runtime must not keep one */
    return ok;
}

/* The checks some kernels make on their inputs' values (an index in range, a label
   below the class count), made before the kernel runs: eagerly a bad value is an
   InvalidArgumentError the script can catch, as TensorFlow raises it, not the exit
   the compiled program's kernel makes. */
static bool check_input_values(const EagerContext *ec, const Inst *inst, char *err,
                               size_t errsize) {
    char *bad;
    switch (inst->op) {
    case OP_GATHER: {
        const IgTensor *params = in_t(ec, inst, 0);
        int64_t axis = attr_int_or(&inst->attrs, "axis", 0);
        bad = ig_gather_check_indices(in_t(ec, inst, 1), params->shape[axis]);
        break;
    }
    case OP_SPARSE_SOFTMAX_XENT: {
        const IgTensor *logits = in_t(ec, inst, 0);
        bad = ig_sparse_xent_check_labels(in_t(ec, inst, 1), logits->shape[logits->rank - 1]);
        break;
    }
    default: return true;
    }
    if (!bad) return true;
    snprintf(err, errsize, "%s: %s", op_info[inst->op].name, bad);
    free(bad);
    return false;
}

bool eager_run_inst(EagerContext *ec, Inst *inst, char *err, size_t errsize) {
    if (!check_input_values(ec, inst, err, errsize) || !exec_inst(ec, inst, err, errsize))
        return false;
    for (int o = 0; o < inst->noutputs; o++) {
        IrValue *out = inst->outputs[o];
        IgTensor *t = tensor_of(ec, out);
        IG_ASSERT(t && t->refcount > 0);
        IG_ASSERT((int)t->dtype == (int)out->type.dtype && t->rank == out->type.shape.rank);
        eager_own(ec, out, t);
        for (int i = 0; i < t->rank; i++) out->type.shape.dims[i] = t->shape[i];
        /* A short integer vector's value is known to the shape rules, as a constant's
           is: it may be the shape or the slice bounds of a later op. */
        if (t->rank == 1 && (t->dtype == IG_INT32 || t->dtype == IG_INT64) &&
            t->size <= IR_MAX_RANK)
            out->value = eager_const_data(ec->m->arena, t);
    }
    return true;
}

bool eager_truth(const IgTensor *t, bool *value, char *err, size_t errsize) {
    if (t->size != 1) {
        snprintf(err, errsize,
                 "The truth value of an array with %s element%s is ambiguous. Use "
                 "a.any() or a.all()",
                 t->size == 0 ? "no" : "more than one", t->size == 0 ? "s" : "");
        return false;
    }
    switch (t->dtype) {
    case IG_BOOL: *value = *(const unsigned char *)t->data != 0; break;
    case IG_INT32: *value = *(const int32_t *)t->data != 0; break;
    case IG_INT64: *value = *(const int64_t *)t->data != 0; break;
    case IG_FLOAT32: *value = *(const float *)t->data != 0; break;
    case IG_FLOAT64: *value = *(const double *)t->data != 0; break;
    case IG_STRING: *value = *(const char *)t->data != '\0'; break;
    default: UNREACHABLE();
    }
    return true;
}

int eager_finish(EagerContext *ec) {
    int rc = 0;
    /* Arguments no flag took (an unknown --name, a stray word) are an error, as in the
       compiled program; it only shows now, since flags are declared as the script runs. */
    if (ec->argc > 1 && !ec->flags_checked) {
        fflush(stdout);
        if (ig_flags_try_parse(ec->argc, ec->argv, flag_table(ec->m->arena, ec->m), ec->m->nflags,
                               stdout, stderr) == IG_FLAGS_ERROR)
            rc = 2;
    }
    /* Finalizers already due run first (they unlink their handles); the rest are
       cancelled, their tensors released here. No allocation in between: no collection. */
    arena_run_finalizers();
    while (ec->tensors) {
        TensorHandle *h = ec->tensors;
        arena_cancel_on_collect(h->owner);
        tensor_map_take(ec->values, h->id);
        handle_unlink(ec, h);
        ig_release(h->tensor);
        free(h);
    }
    for (int i = 0; i < ec->nvars; i++)
        if (ec->vars[i] && ec->vars[i]->value) ig_var_release(ec->vars[i]);
    /* The constants' sites (and the flag values) go with the runtime's registry. */
    tensor_map_free(ec->values);
    ec->values = NULL;
    ig_runtime_shutdown();
    return rc;
}
