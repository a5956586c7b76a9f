/* fuzz_runtime.h — the runtime harness's two halves: kernels through the eager
 * executor (fuzz_runtime.c) and command-line flags (fuzz_runtime_flags.c), sharing
 * one byte reader. Entry points: FuzzReader, fuzz_flags_one.
 * Memory owner: the reader borrows the fuzzer's bytes. */
#ifndef INGOT_FUZZ_RUNTIME_H
#define INGOT_FUZZ_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

/* The fuzzer's bytes read front to back; past the end every read gives 0, so any
   input is a complete program of the harness. */
typedef struct FuzzReader {
    const uint8_t *data;
    size_t size, pos;
} FuzzReader;

static inline uint8_t fuzz_u8(FuzzReader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }
static inline int fuzz_left(const FuzzReader *r) { return r->pos < r->size; }

/* One command line against one flag table, both from r (ig_flags_try_parse). */
void fuzz_flags_one(FuzzReader *r);

#endif
