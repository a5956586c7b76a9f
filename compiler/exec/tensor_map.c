/* tensor_map.c — value id -> tensor, open addressing (tensor_map.h). The table is a
 * power of two in size and at most half full; a deleted slot is filled by shifting
 * the entries after it back, so lookups never meet tombstones.
 * Entry points: tensor_map_*. Memory owner: malloc (the slots). */
#include "tensor_map.h"

#include <stdio.h>
#include <stdlib.h>

#include "diag.h"

typedef struct Slot {
    int id; /* -1: empty */
    IgTensor *tensor;
} Slot;

struct TensorMap {
    Slot *slots;
    size_t cap; /* a power of two */
    int count;
};

static void *map_alloc(size_t bytes) {
    void *p = malloc(bytes);
    if (!p) {
        fputs("ingot: fatal error: out of memory\n", stderr);
        abort();
    }
    return p;
}

static Slot *slots_new(size_t cap) {
    Slot *s = map_alloc(cap * sizeof *s);
    for (size_t i = 0; i < cap; i++) s[i] = (Slot){-1, NULL};
    return s;
}

/* Ids are dense and increasing: Fibonacci hashing spreads neighbours apart. */
static size_t home_slot(const TensorMap *map, int id) {
    return (size_t)(((uint64_t)(uint32_t)id * UINT64_C(11400714819323198485)) >> 32) &
           (map->cap - 1);
}

TensorMap *tensor_map_new(void) {
    TensorMap *map = map_alloc(sizeof *map);
    map->cap = 64;
    map->count = 0;
    map->slots = slots_new(map->cap);
    return map;
}

void tensor_map_free(TensorMap *map) {
    if (!map) return;
    free(map->slots);
    free(map);
}

static size_t find(const TensorMap *map, int id) {
    size_t i = home_slot(map, id);
    while (map->slots[i].id != -1 && map->slots[i].id != id) i = (i + 1) & (map->cap - 1);
    return i;
}

IgTensor *tensor_map_get(const TensorMap *map, int id) {
    const Slot *s = &map->slots[find(map, id)];
    return s->id == id ? s->tensor : NULL;
}

static void grow(TensorMap *map) {
    Slot *old = map->slots;
    size_t old_cap = map->cap;
    map->cap *= 2;
    map->slots = slots_new(map->cap);
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].id != -1) map->slots[find(map, old[i].id)] = old[i];
    free(old);
}

void tensor_map_put(TensorMap *map, int id, IgTensor *t) {
    IG_ASSERT(id >= 0 && t);
    size_t i = find(map, id);
    if (map->slots[i].id == id) {
        map->slots[i].tensor = t;
        return;
    }
    map->slots[i] = (Slot){id, t};
    if ((size_t)++map->count * 2 > map->cap) grow(map);
}

IgTensor *tensor_map_take(TensorMap *map, int id) {
    size_t hole = find(map, id);
    if (map->slots[hole].id != id) return NULL;
    IgTensor *t = map->slots[hole].tensor;
    map->count--;
    /* Backward shift: each later entry of the run moves into the hole unless its
       home slot lies cyclically in (hole, j], where it already is reachable. */
    size_t mask = map->cap - 1;
    for (size_t j = (hole + 1) & mask; map->slots[j].id != -1; j = (j + 1) & mask) {
        size_t home = home_slot(map, map->slots[j].id);
        bool reachable = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (reachable) continue;
        map->slots[hole] = map->slots[j];
        hole = j;
    }
    map->slots[hole] = (Slot){-1, NULL};
    return t;
}

int tensor_map_count(const TensorMap *map) { return map->count; }
