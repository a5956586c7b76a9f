/* philox.c — Philox-4x32-10, written from the description in Salmon et al. (2011):
 * each round multiplies two counter words by fixed odd constants, swaps the halves of
 * the products around and mixes in the key; the key is bumped by Weyl constants
 * between rounds. Entry points: ig_philox4x32_10 and the stream functions (philox.h).
 * Memory owner: none. */
#include "random/philox.h"

#define PHILOX_M0 0xD2511F53u /* multipliers of counter words 0 and 2 */
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u /* Weyl increments of key words 0 and 1 (golden ratio, sqrt 3 - 1) */
#define PHILOX_W1 0xBB67AE85u
#define PHILOX_ROUNDS 10

/* One round: the 64-bit products of words 0 and 2 give their low halves as the new
 * words 3 and 1, and their high halves, xored with the other words and the key, as
 * the new words 2 and 0. */
static void philox_round(uint32_t c[4], const uint32_t k[2])
{
    uint64_t p0 = (uint64_t)PHILOX_M0 * c[0];
    uint64_t p1 = (uint64_t)PHILOX_M1 * c[2];
    uint32_t hi0 = (uint32_t)(p0 >> 32), lo0 = (uint32_t)p0;
    uint32_t hi1 = (uint32_t)(p1 >> 32), lo1 = (uint32_t)p1;
    uint32_t n0 = hi1 ^ c[1] ^ k[0];
    uint32_t n2 = hi0 ^ c[3] ^ k[1];
    c[0] = n0;
    c[1] = lo1;
    c[2] = n2;
    c[3] = lo0;
}

void ig_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
    uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
    uint32_t k[2] = {key[0], key[1]};
    for (int r = 0; r < PHILOX_ROUNDS; r++) {
        if (r > 0) {
            k[0] += PHILOX_W0;
            k[1] += PHILOX_W1;
        }
        philox_round(c, k);
    }
    for (int i = 0; i < 4; i++) out[i] = c[i];
}

void ig_philox_open(IgPhilox *p, const int64_t state[3])
{
    for (int i = 0; i < 3; i++) {
        uint64_t w = (uint64_t)state[i];
        uint32_t *dst = i < 2 ? &p->ctr[2 * i] : p->key;
        dst[0] = (uint32_t)w;
        dst[1] = (uint32_t)(w >> 32);
    }
    p->pos = 4;
}

/* The counter is one 128-bit number, word 0 lowest: a carry runs upwards. */
static void philox_counter_next(uint32_t c[4])
{
    for (int i = 0; i < 4; i++)
        if (++c[i] != 0) return;
}

uint32_t ig_philox_next_u32(IgPhilox *p)
{
    if (p->pos == 4) {
        ig_philox4x32_10(p->ctr, p->key, p->buf);
        philox_counter_next(p->ctr);
        p->pos = 0;
    }
    return p->buf[p->pos++];
}

uint64_t ig_philox_next_u64(IgPhilox *p)
{
    uint64_t lo = ig_philox_next_u32(p);
    uint64_t hi = ig_philox_next_u32(p);
    return lo | hi << 32;
}

void ig_philox_close(const IgPhilox *p, int64_t state[3])
{
    state[0] = (int64_t)((uint64_t)p->ctr[0] | (uint64_t)p->ctr[1] << 32);
    state[1] = (int64_t)((uint64_t)p->ctr[2] | (uint64_t)p->ctr[3] << 32);
    state[2] = (int64_t)((uint64_t)p->key[0] | (uint64_t)p->key[1] << 32);
}
