/* process.h — running the tools a build needs (the C compiler, ld, objcopy, ar) and
 * the program `ingot run` built. Entry points: process_run, process_split_words.
 * Memory owner: words come from the caller's Arena. */
#ifndef INGOT_PROCESS_H
#define INGOT_PROCESS_H

#include "arena.h"

/* Runs argv (NULL-terminated) and waits: its exit status, 128 + the signal that
 * killed it, or -1 when it could not be started or waited for. */
int process_run(char **argv);

/* Splits s at spaces ("ccache gcc", "gcc -m64") into at most max words; the count. */
int process_split_words(Arena *a, const char *s, char **out, int max);

#endif
