/* front_end.c — parse, then AutoGraph (front_end.h). */
#include "front_end.h"

#include "autograph.h"
#include "parse.h"

Node *front_end_load(void *ctx, Arena *arena, Diag *diag, const SourceFile *file) {
    (void)ctx;
    Node *ast = parse_file(arena, diag, file);
    return ast ? autograph_convert_module(arena, diag, ast) : NULL;
}
