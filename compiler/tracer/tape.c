/* tape.c — tf.GradientTape: while a tape records, the builder shows it every op made
 * (Builder.observe); it keeps those that depend on what it watches (watched tensors,
 * the trainable variables read), and gradient() walks them backwards, building each
 * op's backward (compiler/grad) with the same builder. Tracing, the backward pass is
 * recorded into the graph once, at trace time; eagerly, it runs at once.
 * Entry points: tape_install (the _ingot.tape_* primitives), tape_observe.
 * Memory owner: the VM's Arena; a tape lives as long as the Python object holding it. */
#include <string.h>

#include "eager_values.h"
#include "grad.h"
#include "value_map.h"
#include "tracer_internal.h"

/* ---- Tapes ----------------------------------------------------------------------------- */

/* One recorded op: its inputs kept (eager mode forgets them once it ran). */
typedef struct TapeEntry {
    GradOp op;          /* op.op is OP__COUNT for a custom gradient */
    SrcLoc loc;
    Value *custom;      /* tf.custom_gradient's grad_fn: dxs = custom(*dys) */
    Value *variables;   /* the variables custom's function read (its last inputs are their
                           reads): custom(*dys, variables=...) gives their gradients too */
    int ninst_inputs;   /* a cond's, while's or call's own inputs when recorded (op.inst) */
} TapeEntry;

/* A variable read while recording: its gradient is the sum over its reads. */
typedef struct VarRead {
    const Global *global;
    IrValue *value;
} VarRead;

struct Tape {
    bool persistent;
    bool watch_accessed_variables;
    bool recording; /* inside its with block, not paused */
    bool entered;   /* on the active list */
    bool used;      /* a non-persistent tape gave its gradient */
    Region *region; /* tracing: where it records (NULL: eagerly, anywhere) */
    ValueMap tracked;  /* the values a gradient can reach: id -> value */
    TapeEntry *entries;
    int nentries, entries_cap;
    VarRead *reads;
    int nreads, reads_cap;
    Value **variables; /* watched: tape.watch(v), or read while recording */
    int nvariables, variables_cap;
    Tape *outer; /* the next active tape */
};

/* A cond, while or call a backward pass rewrote has outputs it did not have when
   recorded: they are tracked when its first one is. A value tracked itself (watched)
   is, whatever its instruction. */
static bool is_tracked(const Tape *t, const IrValue *v) {
    if (!v) return false;
    if (value_map_get(&t->tracked, v)) return true;
    const Inst *def = v->def;
    return def && (def->nregions || def->op == OP_CALL) && def->noutputs > 0 &&
           value_map_get(&t->tracked, def->outputs[0]);
}

/* A recorded cond, while or call as it is now: a backward pass may have given it outputs
   and loop variables since; its sources stay those recorded. */
static GradOp control_now(Interp *in, const GradOp *recorded, int nrecorded_inputs) {
    const Inst *inst = recorded->inst;
    int nsrc = recorded->ninputs - nrecorded_inputs;
    IrValue **inputs = ARENA_ARRAY(in->arena, IrValue *, inst->ninputs + nsrc + 1);
    memcpy(inputs, inst->inputs, sizeof(IrValue *) * (size_t)inst->ninputs);
    memcpy(inputs + inst->ninputs, recorded->inputs + nrecorded_inputs,
           sizeof(IrValue *) * (size_t)nsrc);
    GradOp op = *recorded;
    op.inputs = inputs;
    op.ninputs = inst->ninputs + nsrc;
    op.outputs = inst->outputs;
    op.noutputs = inst->noutputs;
    return op;
}

static void track(Interp *in, Tape *t, IrValue *v) { value_map_put(in->arena, &t->tracked, v, v); }

static bool variable_watched(const Tape *t, const Global *g) {
    for (int i = 0; i < t->nvariables; i++)
        if (t->variables[i]->var.global == g) return true;
    return false;
}

static void watch_variable(Interp *in, Tape *t, Value *var) {
    if (variable_watched(t, var->var.global)) return;
    if (t->nvariables == t->variables_cap) {
        int cap = t->variables_cap ? 2 * t->variables_cap : 4;
        t->variables = arena_grow(in->arena, t->variables, sizeof(Value *), (size_t)t->nvariables,
                                  (size_t)cap);
        t->variables_cap = cap;
    }
    t->variables[t->nvariables++] = var;
}

/* The tf.Variable whose Global g is (every trainable one was made by tf.Variable). */
static Value *variable_of(Interp *in, const Global *g) {
    const Tracer *tr = in->tracer;
    IG_ASSERT(g->index < tr->variables_cap && tr->variables[g->index]);
    return tr->variables[g->index];
}

static void record_read(Interp *in, Tape *t, const Inst *inst) {
    const Global *g = inst->global;
    bool watched = variable_watched(t, g);
    if (!watched && !(t->watch_accessed_variables && g->trainable)) return;
    if (!watched) watch_variable(in, t, variable_of(in, g));
    if (t->nreads == t->reads_cap) {
        int cap = t->reads_cap ? 2 * t->reads_cap : 8;
        t->reads = arena_grow(in->arena, t->reads, sizeof(VarRead), (size_t)t->nreads, (size_t)cap);
        t->reads_cap = cap;
    }
    t->reads[t->nreads++] = (VarRead){g, inst->outputs[0]};
    track(in, t, inst->outputs[0]);
}

/* Appends e when one of its inputs is tracked (its outputs then are); its input
   array is copied. */
static void record_entry(Interp *in, Tape *t, TapeEntry e) {
    bool reaches = false;
    for (int i = 0; i < e.op.ninputs && !reaches; i++) reaches = is_tracked(t, e.op.inputs[i]);
    if (!reaches) return;
    if (t->nentries == t->entries_cap) {
        int cap = t->entries_cap ? 2 * t->entries_cap : 16;
        t->entries =
            arena_grow(in->arena, t->entries, sizeof(TapeEntry), (size_t)t->nentries, (size_t)cap);
        t->entries_cap = cap;
    }
    IrValue **inputs = ARENA_ARRAY(in->arena, IrValue *, e.op.ninputs + 1);
    memcpy(inputs, e.op.inputs, sizeof(IrValue *) * (size_t)e.op.ninputs);
    e.op.inputs = inputs;
    t->entries[t->nentries++] = e;
    for (int i = 0; i < e.op.noutputs; i++) track(in, t, e.op.outputs[i]);
}

typedef struct ReadFilter {
    Interp *in;
    Tape *t;
} ReadFilter;

/* Whether t wants the gradient of a variable read inside a cond, a while or a callee. */
static bool tape_wants_read(void *ctx, const Inst *read) {
    const ReadFilter *f = ctx;
    return variable_watched(f->t, read->global) ||
           (f->t->watch_accessed_variables && read->global->trainable);
}

/* A cond, while or call is recorded with its sources as inputs: what its regions
   capture, and the reads inside (in called functions too) of variables the tape
   watches, which count as reads. */
static void record_control(Interp *in, Tape *t, Inst *inst) {
    ReadFilter filter = {in, t};
    int nsrc, ncaptures;
    IrValue **srcs =
        grad_control_sources(in->arena, inst, tape_wants_read, &filter, &nsrc, &ncaptures);
    /* A read inside a function called twice is one value: counted once. */
    for (int i = ncaptures; i < nsrc; i++)
        if (!is_tracked(t, srcs[i])) record_read(in, t, srcs[i]->def);
    IrValue **inputs = ARENA_ARRAY(in->arena, IrValue *, inst->ninputs + nsrc + 1);
    memcpy(inputs, inst->inputs, sizeof(IrValue *) * (size_t)inst->ninputs);
    if (nsrc) memcpy(inputs + inst->ninputs, srcs, sizeof(IrValue *) * (size_t)nsrc);
    GradOp op = {inst->op, &inst->attrs, inputs, inst->ninputs + nsrc, inst->outputs,
                 inst->noutputs, inst, NULL};
    record_entry(in, t, (TapeEntry){op, inst->loc, NULL, NULL, inst->ninputs});
}

static void record_op(Interp *in, Tape *t, Inst *inst) {
    if (inst->nregions || inst->op == OP_CALL) {
        record_control(in, t, inst);
        return;
    }
    GradOp op = {inst->op, &inst->attrs, inst->inputs, inst->ninputs, inst->outputs,
                 inst->noutputs, NULL, NULL};
    record_entry(in, t, (TapeEntry){op, inst->loc, NULL, NULL, 0});
}

/* A (variable, read tensor) pair noted for the running tf.custom_gradient function,
   unless its variable is noted already. */
static void note_read_pair(Interp *in, Value *pair) {
    List *reads = in->tracer->custom_reads;
    const Global *g = pair->list->items[0]->var.global;
    for (int i = 0; i < reads->len; i++)
        if (reads->items[i]->list->items[0]->var.global == g) return;
    list_append(in->arena, reads, pair);
}

/* A variable read inside a tf.custom_gradient function, noted once per variable: the
   function's gradient must give the variable's too (TensorFlow's VariableWatcher). A
   call of a traced function reads what its body (and its callees) read, though a
   cached trace builds none of it again. */
static void note_custom_read(Interp *in, const Inst *inst);

static void note_reads_in(Interp *in, const Region *r) {
    for (const Inst *i = r->first; i; i = i->next) {
        note_custom_read(in, i);
        for (int k = 0; k < i->nregions; k++) note_reads_in(in, i->regions[k]);
    }
}

static void note_custom_read(Interp *in, const Inst *inst) {
    const Tracer *tr = in->tracer;
    if (inst->op == OP_CALL && inst->callee) {
        note_reads_in(in, inst->callee->body);
        return;
    }
    if (inst->op != OP_READ_VAR) return;
    const Global *g = inst->global;
    if (!g->trainable || g->index >= tr->variables_cap || !tr->variables[g->index]) return;
    Value *pair = value_tuple(in->arena, 2);
    pair->list->items[0] = tr->variables[g->index];
    pair->list->items[1] = tensor_value(in, inst->outputs[0]);
    note_read_pair(in, pair);
}

void tape_observe(void *ctx, Inst *inst) {
    Interp *in = ctx;
    if (in->tracer->tapes_paused) {
        if (in->tracer->custom_reads) note_custom_read(in, inst);
        return;
    }
    for (Tape *t = in->tracer->tapes; t; t = t->outer) {
        /* Tracing, an op inside a branch or loop being staged is not the tape's: the
           cond or while that holds it is, once built. */
        if (!t->recording || (t->region && inst->parent != t->region)) continue;
        if (inst->op == OP_READ_VAR)
            record_read(in, t, inst);
        else if (grad_kind(inst->op) != GRAD_NONE)
            record_op(in, t, inst);
    }
}

/* ---- The _ingot.tape_* primitives --------------------------------------------------------- */

static Tape *tape_arg(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_TAPE) return v->tape;
    vm_type_error(in, loc, "expected a GradientTape, got %s", value_type_name(v));
    return NULL;
}

static bool bool_arg(Interp *in, Value *v, SrcLoc loc, bool *out) {
    bool ok = true;
    *out = v && v->kind != VAL_NONE && value_truthy(in, v, loc, &ok);
    return ok;
}

/* _ingot.tape_new(persistent, watch_accessed_variables) */
static Value *prim_tape_new(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *a[2];
    static const char *const names[] = {"persistent", "watch_accessed_variables"};
    if (!args_bind(in, args, "tape_new", names, 2, 2, a, loc)) return NULL;
    Tape *t = ARENA_NEW(in->arena, Tape);
    if (!bool_arg(in, a[0], loc, &t->persistent) ||
        !bool_arg(in, a[1], loc, &t->watch_accessed_variables))
        return NULL;
    Value *v = value_new(in->arena, VAL_TAPE);
    v->tape = t;
    return v;
}

static void tape_leave(Interp *in, Tape *t) {
    for (Tape **p = &in->tracer->tapes; *p; p = &(*p)->outer)
        if (*p == t) {
            *p = t->outer;
            break;
        }
    t->entered = t->recording = false;
}

/* _ingot.tape_enter(tape): the with block begins. */
static Value *prim_tape_enter(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_enter", 1, 1, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    if (!t) return NULL;
    if (t->entered)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "Tape is still recording, This can happen if you try to re-enter an "
                        "already-active tape.");
    t->region = tracer_is_eager(in) ? NULL : in->tracer->builder.region;
    t->entered = t->recording = true;
    t->outer = in->tracer->tapes;
    in->tracer->tapes = t;
    return value_none();
}

/* _ingot.tape_exit(tape): the with block ends. */
static Value *prim_tape_exit(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_exit", 1, 1, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    if (!t) return NULL;
    tape_leave(in, t);
    return value_none();
}

/* _ingot.tape_pause(tape, paused): tape.stop_recording(). */
static Value *prim_tape_pause(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_pause", 2, 2, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    bool paused;
    if (!t || !bool_arg(in, args->pos[1], loc, &paused)) return NULL;
    if (paused && !t->recording)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "Tape must be recording when stop_recording is called.");
    t->recording = !paused && t->entered;
    return value_none();
}

/* _ingot.tape_watch(tape, x): one tensor or variable (the stdlib flattens). */
/* TensorFlow's warning for a tensor a gradient cannot flow through: its gradient
   is None (TensorFlow logs it; here it is a build warning, -Wno-non-float-gradient). */
static void warn_non_float(Interp *in, const Value *x, const char *what, const char *when,
                           SrcLoc loc) {
    DType dt;
    if (x->kind == VAL_TENSOR) dt = x->tensor.ir->type.dtype;
    else if (x->kind == VAL_VARIABLE) dt = x->var.global->type.dtype;
    else return;
    if (dtype_is_float(dt)) return;
    vm_warning(in, WARN_NON_FLOAT_GRADIENT, loc,
               "The dtype of the %s must be floating (e.g. tf.float32)%s, got tf.%s", what, when,
               dtype_name(dt));
}

static Value *prim_tape_watch(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_watch", 2, 2, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    if (!t) return NULL;
    Value *x = args->pos[1];
    warn_non_float(in, x, "watched tensor", "", loc);
    if (x->kind == VAL_VARIABLE)
        watch_variable(in, t, x);
    else if (x->kind == VAL_TENSOR)
        track(in, t, x->tensor.ir);
    else
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "Passed in object of type %s, not tf.Tensor or tf.Variable",
                        value_type_name(x));
    return value_none();
}

/* _ingot.tape_reset(tape): forget everything recorded. */
static Value *prim_tape_reset(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_reset", 1, 1, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    if (!t) return NULL;
    t->nentries = t->nreads = t->nvariables = 0;
    t->tracked = (ValueMap){0};
    return value_none();
}

/* _ingot.tape_watched_variables(tape): a tuple, in the order they were watched. */
static Value *prim_tape_watched_variables(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_watched_variables", 1, 1, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    if (!t) return NULL;
    Value *tuple = value_tuple(in->arena, t->nvariables);
    for (int i = 0; i < t->nvariables; i++) tuple->list->items[i] = t->variables[i];
    return tuple;
}

/* ---- gradient ------------------------------------------------------------------------------ */

/* The tensors a target or the output gradients name, flattened (None stays None);
   NULL after an error. */
static List *tensors_of(Interp *in, Value *structure, SrcLoc loc) {
    List leaves = {0};
    nest_flatten(in, structure, &leaves);
    List *out = ARENA_NEW(in->arena, List);
    for (int i = 0; i < leaves.len; i++) {
        Value *x = leaves.items[i];
        if (x->kind == VAL_NONE) {
            list_append(in->arena, out, x);
            continue;
        }
        Value *t = x->kind == VAL_VARIABLE ? variable_read(in, x, loc) : to_tensor(in, x, -1, loc);
        if (!t) return NULL;
        list_append(in->arena, out, t);
    }
    return out;
}

/* The backward of a tf.custom_gradient function: its grad_fn called with the gradient
   of each output (zeros where none reached it), giving one per input (None: none). */
static bool custom_backward(Interp *in, Tape *t, const TapeEntry *e, IrValue **dys, ValueMap *grads,
                            SrcLoc loc) {
    Builder *b = &in->tracer->builder;
    SrcLoc at = vm_op_loc(in, loc);
    Value **args = ARENA_ARRAY(in->arena, Value *, e->op.noutputs + 1);
    for (int i = 0; i < e->op.noutputs; i++) {
        IrValue *dy = dys[i] ? dys[i] : grad_fill_like(b, e->op.outputs[i], 0, at);
        if (!dy) return false;
        args[i] = tensor_value(in, dy);
    }
    CallArgs call = call_args_positional(args, e->op.noutputs);
    int nvars = e->variables ? e->variables->list->len : 0;
    const char *kw_name = vm_intern(in, "variables");
    if (nvars) {
        call.kw_names = &kw_name;
        call.kw_values = (Value **)&e->variables;
        call.nkw = 1;
    }
    Value *result = call_value(in, e->custom, &call, loc);
    if (!result) return false;
    /* With variables, grad_fn returns (input gradients, variable gradients). */
    Value *input_grads = result;
    List dxs = {0};
    if (nvars) {
        if ((result->kind != VAL_LIST && result->kind != VAL_TUPLE) || result->list->len != 2)
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "custom_gradient function with variables must return (input "
                            "gradients, variable gradients)"),
                   false;
        input_grads = result->list->items[0];
    }
    if (input_grads->kind == VAL_LIST || input_grads->kind == VAL_TUPLE)
        nest_flatten(in, input_grads, &dxs);
    else
        list_append(in->arena, &dxs, input_grads);
    if (dxs.len != e->op.ninputs - nvars)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "custom_gradient function expected to return %d gradients, but returned "
                        "%d instead.",
                        e->op.ninputs - nvars, dxs.len),
               false;
    if (nvars) {
        List vgrads = {0};
        nest_flatten(in, result->list->items[1], &vgrads);
        if (vgrads.len != nvars)
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "Must return gradient for each variable from @custom_gradient "
                            "grad_fn."),
                   false;
        for (int i = 0; i < nvars; i++) list_append(in->arena, &dxs, vgrads.items[i]);
    }
    for (int i = 0; i < e->op.ninputs; i++) {
        IrValue *x = e->op.inputs[i];
        if (dxs.items[i]->kind == VAL_NONE || !is_tracked(t, x)) continue;
        Value *dx = to_tensor(in, dxs.items[i], (int)x->type.dtype, loc);
        IrValue *sum = dx ? grad_accumulate(b, value_map_get(grads, x), dx->tensor.ir, at) : NULL;
        if (!sum) return false;
        value_map_put(in->arena, grads, x, sum);
    }
    return true;
}

/* The entries of t below n, newest first: each adds the gradients of its inputs to
   grads. The ops a rule builds carry the forward op's place (Inst.grad_of). */
static bool backward_entries(Interp *in, Tape *t, int n, ValueMap *grads, SrcLoc loc) {
    Builder *b = &in->tracer->builder;
    for (int k = n - 1; k >= 0; k--) {
        TapeEntry e = t->entries[k];
        b->grad_of = e.loc;
        if (e.op.inst) e.op = control_now(in, &e.op, e.ninst_inputs);
        IrValue **dys = ARENA_ARRAY(in->arena, IrValue *, e.op.noutputs);
        bool reached = false;
        for (int i = 0; i < e.op.noutputs; i++) {
            dys[i] = value_map_get(grads, e.op.outputs[i]);
            reached |= dys[i] != NULL;
        }
        if (!reached) continue;
        if (e.custom) {
            if (!custom_backward(in, t, &e, dys, grads, loc)) return false;
            continue;
        }
        if (grad_kind(e.op.op) == GRAD_MISSING) {
            build_unsupported(b, loc, "the gradient of '%s' (TensorFlow's %s), made at line %d",
                              op_info[e.op.op].name, op_info[e.op.op].tf_type, e.loc.line);
            return false;
        }
        IrValue **dxs = ARENA_ARRAY(in->arena, IrValue *, e.op.ninputs + 1);
        if (e.op.inst) {
            bool *wanted = ARENA_ARRAY(in->arena, bool, e.op.ninputs + 1);
            for (int i = 0; i < e.op.ninputs; i++) {
                const IrValue *x = e.op.inputs[i];
                wanted[i] = is_tracked(t, x) && dtype_is_float(x->type.dtype);
            }
            e.op.wanted = wanted;
        }
        if (!grad_op(b, &e.op, dys, dxs, vm_op_loc(in, loc))) return false;
        for (int i = 0; i < e.op.ninputs; i++) {
            IrValue *x = e.op.inputs[i];
            if (!dxs[i] || !is_tracked(t, x)) continue;
            IrValue *sum = grad_accumulate(b, value_map_get(grads, x), dxs[i], vm_op_loc(in, loc));
            if (!sum) return false;
            value_map_put(in->arena, grads, x, sum);
        }
    }
    return true;
}

/* The backward pass over t's entries, newest first: grads maps each value reached to
   the gradient of the targets with respect to it. */
static bool backward(Interp *in, Tape *t, ValueMap *grads, SrcLoc loc) {
    Builder *b = &in->tracer->builder;
    SrcLoc outer = b->grad_of;
    /* (persistent and recording: the backward ops are appended to the entries) */
    bool ok = backward_entries(in, t, t->nentries, grads, loc);
    b->grad_of = outer;
    return ok;
}

/* _ingot.tape_gradient(tape, target, sources, output_gradients, zero_unconnected) */
static Value *prim_tape_gradient(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_gradient", 5, 5, loc)) return NULL;
    Tape *t = tape_arg(in, args->pos[0], loc);
    bool zero_unconnected;
    if (!t || !bool_arg(in, args->pos[4], loc, &zero_unconnected)) return NULL;
    if (t->used)
        return vm_raise(in, EXC_RUNTIME_ERROR, loc,
                        "A non-persistent GradientTape can only be used to compute one set of "
                        "gradients (or jacobians)");
    /* A non-persistent tape stops recording when asked inside its block. */
    if (!t->persistent && t->entered) tape_leave(in, t);
    SrcLoc at = vm_op_loc(in, loc);
    List *targets = tensors_of(in, args->pos[1], loc);
    Value *og = args->pos[3];
    List *seeds = og->kind == VAL_NONE ? NULL : tensors_of(in, og, loc);
    if (!targets || (og->kind != VAL_NONE && !seeds)) return NULL;
    if (seeds && seeds->len != targets->len)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "output_gradients has %d entries but target has %d", seeds->len,
                        targets->len);
    ValueMap grads = {0};
    Builder *b = &in->tracer->builder;
    for (int i = 0; i < targets->len; i++) {
        Value *target = targets->items[i];
        if (target->kind == VAL_NONE) continue;
        warn_non_float(in, target, "target tensor", " when calling GradientTape.gradient", loc);
        IrValue *ir = target->tensor.ir;
        if (!is_tracked(t, ir) || !dtype_is_float(ir->type.dtype)) continue;
        Value *seed = seeds ? seeds->items[i] : NULL;
        IrValue *dy;
        if (seed && seed->kind != VAL_NONE) {
            Value *given = to_tensor(in, seed, (int)ir->type.dtype, loc);
            dy = given ? given->tensor.ir : NULL;
        } else {
            dy = grad_fill_like(b, ir, 1, at);
        }
        IrValue *sum = dy ? grad_accumulate(b, value_map_get(&grads, ir), dy, at) : NULL;
        if (!sum) return NULL;
        value_map_put(in->arena, &grads, ir, sum);
    }
    if (!backward(in, t, &grads, loc)) return NULL;

    List sources = {0};
    nest_flatten(in, args->pos[2], &sources);
    Value **leaves = ARENA_ARRAY(in->arena, Value *, sources.len + 1);
    for (int i = 0; i < sources.len; i++) {
        Value *s = sources.items[i];
        warn_non_float(in, s, "source tensor", " when calling GradientTape.gradient", loc);
        IrValue *g = NULL, *like = NULL;
        if (s->kind == VAL_VARIABLE) {
            for (int r = 0; r < t->nreads; r++) {
                if (t->reads[r].global != s->var.global) continue;
                like = t->reads[r].value;
                IrValue *d = value_map_get(&grads, like);
                if (d && !(g = grad_accumulate(b, g, d, at))) return NULL;
            }
        } else if (s->kind == VAL_TENSOR) {
            like = s->tensor.ir;
            g = value_map_get(&grads, like);
        } else {
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "Passed in object of type %s, not tf.Tensor or tf.Variable",
                            value_type_name(s));
        }
        if (!g && zero_unconnected) {
            g = like ? grad_fill_like(b, like, 0, at)
                     : grad_fill(b, s->var.global->type, 0, at); /* a variable never read */
            if (!g) return NULL;
        }
        leaves[i] = g ? tensor_value(in, g) : value_none();
    }
    if (!t->persistent) {
        t->used = true;
        t->nentries = t->nreads = 0;
        t->tracked = (ValueMap){0}; /* what it kept alive may go */
    }
    int next = 0;
    return nest_pack(in, args->pos[2], leaves, &next);
}

/* _ingot.tapes_pause(True) -> token, then _ingot.tapes_pause(False, token) -> reads: a
   tf.custom_gradient function runs with no tape recording its ops (they nest); the
   second call gives the (variable, read tensor) tuples of the variables it read. The
   token is the enclosing function's list, restored then. */
static Value *prim_tapes_pause(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tapes_pause", 1, 2, loc)) return NULL;
    bool paused;
    if (!bool_arg(in, args->pos[0], loc, &paused)) return NULL;
    Tracer *tr = in->tracer;
    tr->tapes_paused += paused ? 1 : -1;
    if (paused) {
        Value *outer = value_list(in->arena, 0);
        if (tr->custom_reads) outer->list = tr->custom_reads;
        else outer = value_none();
        tr->custom_reads = ARENA_NEW(in->arena, List);
        return outer;
    }
    Value *reads = value_list(in->arena, 0);
    if (tr->custom_reads) reads->list = tr->custom_reads;
    Value *outer = args->npos == 2 ? args->pos[1] : value_none();
    tr->custom_reads = outer->kind == VAL_LIST ? outer->list : NULL;
    /* The enclosing function read them too: every watcher sees a read, as in
       TensorFlow. */
    for (int i = 0; tr->custom_reads && i < reads->list->len; i++)
        note_read_pair(in, reads->list->items[i]);
    return reads;
}

/* The tensors of a flat list (variables read); NULL after an error. */
static IrValue **tensor_list(Interp *in, Value *list, int *n, SrcLoc loc) {
    if (list->kind != VAL_LIST && list->kind != VAL_TUPLE)
        return vm_type_error(in, loc, "expected a list of tensors, got %s", value_type_name(list)),
               NULL;
    *n = list->list->len;
    IrValue **out = ARENA_ARRAY(in->arena, IrValue *, *n + 1);
    for (int i = 0; i < *n; i++) {
        Value *v = variable_deref(in, list->list->items[i], loc);
        Value *t = v ? to_tensor(in, v, -1, loc) : NULL;
        if (!t) return NULL;
        out[i] = t->tensor.ir;
    }
    return out;
}

/* _ingot.tape_record_custom(inputs, outputs, grad_fn, reads): tf.custom_gradient's one
   entry on every recording tape that tracks an input. A tf.Variable among the inputs
   is read here (the tapes record that read); reads are the variables the function
   read inside (tapes_pause's tuples), whose reads become the entry's last inputs. */
static Value *prim_tape_record_custom(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "tape_record_custom", 4, 4, loc)) return NULL;
    int ntensors, noutputs;
    IrValue **given = tensor_list(in, args->pos[0], &ntensors, loc);
    IrValue **outputs = given ? tensor_list(in, args->pos[1], &noutputs, loc) : NULL;
    if (!outputs) return NULL;
    Value *reads = args->pos[3];
    int nvars = reads->kind == VAL_LIST ? reads->list->len : 0;
    IrValue **inputs = ARENA_ARRAY(in->arena, IrValue *, ntensors + nvars + 1);
    memcpy(inputs, given, sizeof(IrValue *) * (size_t)ntensors);
    Value *variables = value_list(in->arena, 0);
    for (int i = 0; i < nvars; i++) {
        Value *pair = reads->list->items[i];
        list_append(in->arena, variables->list, pair->list->items[0]);
        inputs[ntensors + i] = pair->list->items[1]->tensor.ir;
    }
    Region *here = in->tracer->builder.region;
    for (Tape *t = in->tracer->tapes; t; t = t->outer) {
        if (!t->recording || (t->region && here != t->region)) continue;
        ReadFilter filter = {in, t};
        for (int i = ntensors; i < ntensors + nvars; i++)
            if (!is_tracked(t, inputs[i]) && tape_wants_read(&filter, inputs[i]->def))
                record_read(in, t, inputs[i]->def);
        GradOp op = {OP__COUNT, NULL, inputs, ntensors + nvars, outputs, noutputs, NULL, NULL};
        Value *watched = nvars ? variables : NULL;
        record_entry(in, t, (TapeEntry){op, vm_op_loc(in, loc), args->pos[2], watched, 0});
    }
    return value_none();
}

void tape_install(Interp *in, PyModule *m) {
    static const PrimDef prims[] = {
        {"tape_new", prim_tape_new},
        {"tape_enter", prim_tape_enter},
        {"tape_exit", prim_tape_exit},
        {"tape_pause", prim_tape_pause},
        {"tape_watch", prim_tape_watch},
        {"tape_reset", prim_tape_reset},
        {"tape_watched_variables", prim_tape_watched_variables},
        {"tape_gradient", prim_tape_gradient},
        {"tapes_pause", prim_tapes_pause},
        {"tape_record_custom", prim_tape_record_custom},
    };
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], NULL);
}
