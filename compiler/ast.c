/* ast.c — not written yet. */
#include "ast.h"
typedef int ingot_stub_ast;
