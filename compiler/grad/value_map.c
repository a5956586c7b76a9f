/* value_map.c — the IrValue table of value_map.h. */
#include "value_map.h"

static ValueSlot *slot_of(const ValueMap *m, int key) {
    unsigned h = (unsigned)key * 2654435761u;
    for (unsigned i = 0;; i++) {
        ValueSlot *s = &m->slots[(h + i) & (unsigned)(m->cap - 1)];
        if (s->key == key || s->key == 0) return s;
    }
}

IrValue *value_map_get(const ValueMap *m, const IrValue *v) {
    if (m->cap == 0 || !v) return NULL;
    ValueSlot *s = slot_of(m, v->id + 1);
    return s->key == v->id + 1 ? s->value : NULL;
}

static void put_key(Arena *a, ValueMap *m, int key, IrValue *value) {
    if (2 * (m->count + 1) > m->cap) {
        int cap = m->cap ? 2 * m->cap : 16;
        ValueMap bigger = {ARENA_ARRAY(a, ValueSlot, cap), cap, 0};
        for (int i = 0; i < m->cap; i++)
            if (m->slots[i].key) put_key(a, &bigger, m->slots[i].key, m->slots[i].value);
        *m = bigger;
    }
    ValueSlot *s = slot_of(m, key);
    if (!s->key) m->count++;
    s->key = key;
    s->value = value;
}

void value_map_put(Arena *a, ValueMap *m, const IrValue *v, IrValue *value) {
    put_key(a, m, v->id + 1, value);
}
