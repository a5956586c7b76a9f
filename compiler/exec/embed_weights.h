/* embed_weights.h — `ingot build --lib --weights PATH`: the variables' values in a
 * checkpoint become their initial values, built into the library, and their computed
 * initializers go. Entry points: embed_weights, embed_weights_computed.
 * Memory owner: values are copied into the Module's Arena. */
#ifndef INGOT_EMBED_WEIGHTS_H
#define INGOT_EMBED_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

/* Reads every tensor Module.restore reads from the checkpoint at path into the
 * variable it restores (Global.init); false with the reader's message in err. */
bool embed_weights(Module *m, const char *path, char *err, size_t errsize);

/* A variable whose initial value is still computed when the program runs, or NULL:
 * --embed-weights builds in values known at build time only. */
const Global *embed_weights_computed(const Module *m);

#endif
