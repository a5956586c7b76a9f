/* indent.c — not written yet. */
#include "lexer.h"
typedef int ingot_stub_indent;
