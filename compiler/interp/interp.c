/* interp.c — not written yet. */
#include "diag.h"
typedef int ingot_stub_interp;
