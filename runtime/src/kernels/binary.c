/* binary.c — not written yet. */
#include "ingot/rt.h"
typedef int ingot_stub_binary;
