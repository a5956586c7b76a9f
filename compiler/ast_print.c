/* ast_print.c — not written yet. */
#include "ast.h"
typedef int ingot_stub_ast_print;
