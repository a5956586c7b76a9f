/* token.c — not written yet. */
#include "token.h"
typedef int ingot_stub_token;
