/* tensor_map.h — the eager executor's side table from an IR value (by IrValue.id)
 * to its concrete tensor, so the IR itself carries no run-time state: an open
 * addressing hash table (linear probing, backward-shift deletion), in malloc'd
 * memory the collector does not scan, so an entry keeps no IrValue alive.
 * Entry points: tensor_map_new, tensor_map_get, tensor_map_put, tensor_map_take,
 * tensor_map_free.
 * Memory owner: the map owns its slots, never the tensors (the executor does). */
#ifndef INGOT_TENSOR_MAP_H
#define INGOT_TENSOR_MAP_H

#include <ingot/rt.h>

typedef struct TensorMap TensorMap;

TensorMap *tensor_map_new(void);
void tensor_map_free(TensorMap *map);
/* The tensor of value id, or NULL. */
IgTensor *tensor_map_get(const TensorMap *map, int id);
/* Sets id's tensor (t non-NULL), replacing any earlier one. */
void tensor_map_put(TensorMap *map, int id, IgTensor *t);
/* Removes id's entry and returns its tensor (NULL when there was none). */
IgTensor *tensor_map_take(TensorMap *map, int id);
/* How many entries there are. */
int tensor_map_count(const TensorMap *map);

#endif
