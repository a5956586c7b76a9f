/* front_end.h — the front end's two stages in one call, for the files the driver
 * does not see itself: each module a script imports (VmOptions.load) and the
 * script when no stage is printed between them. Entry point: front_end_load.
 * Memory owner: the tree lives in the caller's Arena. */
#ifndef INGOT_FRONT_END_H
#define INGOT_FRONT_END_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* file parsed (parse.h), then converted by AutoGraph (autograph.h): the tree the
   interpreter runs. NULL after reporting errors through diag. ctx is unused: the
   signature is VmLoader's. */
Node *front_end_load(void *ctx, Arena *arena, Diag *diag, const SourceFile *file);

#endif
