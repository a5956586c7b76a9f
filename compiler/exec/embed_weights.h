/* embed_weights.h — `ingot build --lib --embed-weights`: the variables' values (a
 * checkpoint's with --weights=PATH) become their initial values, built into the
 * library, and their computed
 * initializers go. Entry points: embed_weights, embed_initial_values.
 * Memory owner: values are copied into the Module's Arena. */
#ifndef INGOT_EMBED_WEIGHTS_H
#define INGOT_EMBED_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

/* Reads every tensor Module.restore reads from the checkpoint at path into the
 * variable it restores (Global.init); false with the reader's message in err. */
bool embed_weights(Module *m, const char *path, char *err, size_t errsize);

/* The initial values @main still computes (after pass_library_init: the initializers
 * alone) computed now, with the eager kernels the program's would match bitwise, and
 * built in (Global.init); @main is left empty. false with a message in err for an
 * initializer that is not straight-line ops (a call, control flow). */
bool embed_initial_values(Module *m, char *err, size_t errsize);

#endif
