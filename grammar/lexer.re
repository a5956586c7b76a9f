/* lexer.re — not written yet. */
#include "lexer.h"
typedef int ingot_stub_lexer;
