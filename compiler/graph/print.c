/* print.c — not written yet. */
#include "ir.h"
typedef int ingot_stub_print;
