/* emit_memplan.h — a function's memory plan, made at build time: the tensors of known
 * size it makes and drops get slots of one block per call (the runtime's arena, rt.h's
 * IgArenaPlan) at offsets computed here, and values whose lives do not overlap share a
 * slot. A value's life is what the emitted C gives it (liveness.h): from the statement
 * making it to its release, a loop's body running again and again inside the lives of
 * the values around the loop. A result written over a dying input (emit_donate.h) stays
 * in that input's slot. Values handed on (results, a loop's carried values), kept by
 * their user (a call's arguments, a variable's new value, a result written over them
 * that is handed on), of unknown shape or larger than 1 MiB keep the runtime's
 * allocator, and an arena stays within 16 MiB. The runtime checks every placement (a
 * slot still held is never written over), so the plan decides where memory goes, never
 * whether a value is safe.
 * Entry points: memplan_func, memplan_slot, memplan_comment. Memory owner: the caller's
 * Arena. */
#ifndef INGOT_EMIT_MEMPLAN_H
#define INGOT_EMIT_MEMPLAN_H

#include "emit_donate.h"

typedef struct MemPlan {
    int nslots;
    int64_t *capacity; /* per slot: the data bytes of its largest value */
    int64_t *offsets;  /* per slot: where its block (header, then data) starts */
    int64_t bytes;     /* the slots together */
    int *place;        /* per IrValue.id: the slot its statement places it in, or -1 */
    int *slot_of;      /* per IrValue.id: the slot it lives in (placed or inherited), or -1 */
} MemPlan;

/* The plan of f, whose liveness and donation plan the emitter made; is_tensor tells
 * which values are tensors in the emitted C. An empty plan (nslots 0) when nothing
 * qualifies. */
MemPlan memplan_func(Arena *a, const Module *m, const Func *f, const Liveness *live,
                     const DonatePlan *donate,
                     bool (*is_tensor)(const void *ctx, const IrValue *v), const void *ctx);

/* The slot v's statement places it in, or -1. */
int memplan_slot(const MemPlan *plan, const IrValue *v);

/* The plan as the comment above the function's arena: its size, then a line per slot
 * with the values that take turns in it, named by name(ctx, v). */
const char *memplan_comment(Arena *a, const MemPlan *plan, const Func *f,
                            const char *(*name)(const void *ctx, const IrValue *v),
                            const void *ctx);

#endif
