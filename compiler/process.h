/* process.h — running the tools a build needs (the C compiler, ld, objcopy, ar) and
 * the program `ingot run` built. Entry points: process_run, process_run_redirected,
 * process_split_words.
 * Memory owner: words come from the caller's Arena. */
#ifndef INGOT_PROCESS_H
#define INGOT_PROCESS_H

#include "arena.h"

/* Runs argv (NULL-terminated) and waits: its exit status, 128 + the signal that
 * killed it, or -1 when it could not be started or waited for. */
int process_run(char **argv);

/* process_run with the child's stdin read from in_path (NULL: inherited) and its
 * stdout and stderr both written to out_path (created or truncated): how `ingot
 * explain` runs dot and the programs whose output it shows. */
int process_run_redirected(char **argv, const char *in_path, const char *out_path);

/* Splits s at spaces ("ccache gcc", "gcc -m64") into at most max words; the count. */
int process_split_words(Arena *a, const char *s, char **out, int max);

#endif
