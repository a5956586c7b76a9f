/* arena.c — not written yet. */
#include "arena.h"
typedef int ingot_stub_arena;
