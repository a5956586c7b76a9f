/* fuzz_runtime_flags.c — the runtime harness's flags half: a table of flags, as the
 * compiler declares them (valid names, a default the dtype parses), and a fuzzed
 * command line, through ig_flags_try_parse (runtime/src/flags.c); after a good parse
 * every flag's value is read back. */
#include <stdlib.h>
#include <string.h>

#include <ingot/rt.h>

#include "fuzz_common.h"
#include "fuzz_runtime.h"

#define FUZZ_MAX_FLAGS 4
#define FUZZ_MAX_ARGS 16

static const char *const flag_names[] = {"epochs", "lr", "name", "verbose", "x",
                                         "x-y", "a_b", "h", "help2", "e"};

/* Defaults as the compiler writes them (emit_c.c's flag_default_text), by dtype. */
static const char *const defaults[IG_DTYPE_COUNT][3] = {
    [IG_BOOL] = {"true", "false", "true"},
    [IG_INT32] = {"5", "-2147483648", "2147483647"},
    [IG_INT64] = {"0", "-9223372036854775808", "9223372036854775807"},
    [IG_FLOAT32] = {"0.1", "1e+38", "-0"},
    [IG_FLOAT64] = {"2.5", "1e+308", "5e-324"},
    [IG_STRING] = {"", "hello", "a b=c"},
};

void fuzz_flags_one(FuzzReader *r) {
    IgFlagSpec table[FUZZ_MAX_FLAGS];
    const size_t nnames = sizeof flag_names / sizeof flag_names[0];
    int n = fuzz_u8(r) % (FUZZ_MAX_FLAGS + 1);
    size_t first = fuzz_u8(r);
    for (int i = 0; i < n; i++) {
        /* Distinct names, as module_add_flag makes them. */
        IgDType dt = (IgDType)(fuzz_u8(r) % IG_DTYPE_COUNT);
        const char *dflt = defaults[dt][fuzz_u8(r) % 3];
        const char *help = i % 2 ? "" : "a flag";
        table[i] = (IgFlagSpec){flag_names[(first + (size_t)i) % nnames], dt, dflt, help};
    }
    /* The rest is the command line, its arguments separated by NUL bytes. */
    char *text = malloc(r->size - r->pos + 1);
    if (!text) abort();
    size_t len = r->size - r->pos;
    memcpy(text, r->data + r->pos, len);
    text[len] = '\0';
    r->pos = r->size;
    char *argv[FUZZ_MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)"prog";
    for (size_t p = 0; p < len && argc <= FUZZ_MAX_ARGS; p += strlen(text + p) + 1)
        argv[argc++] = text + p;
    argv[argc] = NULL;
    IgFlagsStatus st = ig_flags_try_parse(argc, argv, table, n, fuzz_sink(), fuzz_sink());
    if (st == IG_FLAGS_OK) {
        IgSite site = IG_SITE("fuzz.py", 1);
        for (int i = 0; i < n; i++) {
            const IgTensor *v = ig_flag_value(&site, i);
            if (v->dtype != table[i].dtype || v->rank != 0) abort();
        }
    }
    ig_runtime_shutdown();
    free(text);
}
