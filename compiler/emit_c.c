/* emit_c.c — not written yet. */
#include "diag.h"
typedef int ingot_stub_emit_c;
