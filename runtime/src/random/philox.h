/* philox.h — the Philox-4x32-10 counter-based generator (Salmon, Moraes, Dror, Shaw,
 * "Parallel random numbers: as easy as 1, 2, 3", SC 2011) and a stream of 32-bit words
 * over it, as TensorFlow's Philox generator keeps it: a 128-bit counter and a 64-bit key.
 * Entry points: ig_philox4x32_10, ig_philox_open, ig_philox_next_u32/u64, ig_philox_close.
 * Memory owner: none; a stream lives on its caller's stack. */
#ifndef INGOT_RT_PHILOX_H
#define INGOT_RT_PHILOX_H

#include <stdint.h>

#include "ingot/rt.h"

/* One block: ten rounds over counter ctr with key, four 32-bit words out. */
IG_INTERNAL void ig_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);

/* The generator state as an int64[3] tensor holds it (TensorFlow's layout):
 * state[0] = counter words 0,1; state[1] = counter words 2,3; state[2] = key words 0,1
 * (each int64 little end first: word 0 is the low half). */
typedef struct IgPhilox {
    uint32_t ctr[4];  /* the next block's counter */
    uint32_t key[2];
    uint32_t buf[4];  /* the current block's words */
    int pos;          /* next unused word of buf; 4: none left */
} IgPhilox;

IG_INTERNAL void ig_philox_open(IgPhilox *p, const int64_t state[3]);
/* Words in order: block n's out[0..3], then block n+1's. A block is consumed as soon
 * as one of its words is used; the rest of it is never handed out. */
IG_INTERNAL uint32_t ig_philox_next_u32(IgPhilox *p);
/* Two words, the first as the low half. */
IG_INTERNAL uint64_t ig_philox_next_u64(IgPhilox *p);
/* The state after the stream: the counter advanced by every block consumed. */
IG_INTERNAL void ig_philox_close(const IgPhilox *p, int64_t state[3]);

#endif
