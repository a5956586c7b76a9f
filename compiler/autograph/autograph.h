/* autograph.h — AutoGraph: the AST → AST pass that rewrites control flow and the
 * lazy operators of a module into calls to the interpreter's `ag__` module
 * (ag__.if_stmt, while_stmt, for_stmt, if_exp, and_, or_, not_, ...), the way
 * TensorFlow's tf.autograph.to_graph does (docs/TF-SEMANTICS.md §2).
 * Entry points: autograph_convert_module, autograph_find_converted.
 * Memory owner: the converted tree lives in the caller's Arena; the input is untouched. */
#ifndef INGOT_AUTOGRAPH_H
#define INGOT_AUTOGRAPH_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* Converts a parsed module (AST_MODULE): its top level and every function (nested
 * ones too), except functions decorated with do_not_convert. Returns a new tree (the
 * input is not modified), or NULL after reporting errors into diag.
 * Every AST_FUNCDEF of the result that stands for a def of the input has
 * funcdef.original pointing at that def (generated helpers have NULL). */
Node *autograph_convert_module(Arena *arena, Diag *diag, const Node *module);

/* The converted form of one def (for tf.autograph.to_code): the AST_FUNCDEF in the
 * converted module whose funcdef.original is `def`, or NULL when there is none. */
const Node *autograph_find_converted(const Node *converted_module, const Node *def);

#endif
