/* value_map.h — a table from IrValue ids to values (open addressing): a backward pass
 * maps each value to its gradient, a tape marks the values it tracks.
 * Entry points: value_map_get, value_map_put. Memory owner: the Arena passed to put;
 * a zeroed ValueMap is empty. */
#ifndef INGOT_VALUE_MAP_H
#define INGOT_VALUE_MAP_H

#include "ir.h"

typedef struct ValueSlot {
    int key; /* IrValue.id + 1; 0: empty */
    IrValue *value;
} ValueSlot;

typedef struct ValueMap {
    ValueSlot *slots;
    int cap, count;
} ValueMap;

/* What v's id maps to, or NULL. */
IrValue *value_map_get(const ValueMap *m, const IrValue *v);
void value_map_put(Arena *a, ValueMap *m, const IrValue *v, IrValue *value);

#endif
