/* print.c — tf.print: every argument formatted as TensorFlow does, separated by sep,
 * followed by end, written and flushed at once.
 * Entry point: ig_print.
 * Memory owner: the formatted text is built, written and freed here. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void ig_print(IgSite *site, FILE *stream, int nargs, const IgTensor *const *args,
              const char *sep, const char *end, int summarize)
{
    (void)site;
    for (int i = 0; i < nargs; i++) {
        if (i > 0) fputs(sep, stream);
        const IgTensor *t = args[i];
        /* A string scalar is text to show, not a tensor to summarise: print it raw
         * (tf.print's Python strings and single string tensors appear unquoted). */
        if (t->dtype == IG_STRING) {
            fputs(t->data, stream);
            continue;
        }
        char *text = ig_format_tensor(t, summarize);
        fputs(text, stream);
        free(text);
    }
    fputs(end, stream);
    /* tf.print flushes every message; it also keeps stdout and stderr in order. */
    fflush(stream);
}
