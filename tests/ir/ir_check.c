/* ir_check.c — the IR text tests (tests/ir/): reads .ir files with the reader
 * (compiler/graph/read.c) and compares what the printer writes back.
 *   ir_check roundtrip FILE.ir...    each file must print back byte for byte
 *   ir_check PASS IN.ir EXPECTED     IN after the pass (dce, fold_constants, fuse_bias_act,
 *                                    fuse_elementwise, library_init)
 *                                    must print as EXPECTED (IR_CHECK_UPDATE=1 rewrites it)
 * Prints the first differing line on a mismatch; exit status 1 on any failure.
 * Memory owner: one Arena per file, freed after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "passes.h"
#include "read.h"

/* What graph_print writes for m, in a malloc'd buffer. */
static char *print_module(const Module *m) {
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out) return NULL;
    graph_print(out, m);
    fclose(out);
    return buf;
}

/* Reports the first line where got and want differ; true when they are equal. */
static bool same_text(const char *name, const char *got, const char *want) {
    if (strcmp(got, want) == 0) return true;
    int line = 1;
    const char *g = got, *w = want;
    while (*g && *g == *w) {
        if (*g == '\n') line++;
        g++, w++;
    }
    while (g > got && g[-1] != '\n') g--;
    while (w > want && w[-1] != '\n') w--;
    fprintf(stderr, "%s:%d: printed text differs\n  want: %.*s\n  got:  %.*s\n", name, line,
            (int)strcspn(w, "\n"), w, (int)strcspn(g, "\n"), g);
    return false;
}

typedef int (*Pass)(Arena *scratch, Module *m);

/* Reads path; runs pass, if any; compares the printed module with the file want_path. */
static bool check(const char *path, const char *pass_name, Pass pass, const char *want_path) {
    Arena *a = arena_new();
    Diag d;
    diag_init(&d, stderr);
    bool ok = false;
    Module *m = ir_read_file(a, &d, path);
    const SourceFile *want = m ? diag_load_file(a, want_path) : NULL;
    if (m && !want) fprintf(stderr, "ir_check: cannot read '%s'\n", want_path);
    if (m && want) {
        if (pass) {
            pass(a, m);
            char err[512];
            if (!graph_verify(m, err, sizeof err))
                fprintf(stderr, "%s: after %s: %s\n", path, pass_name, err);
        }
        char *got = print_module(m);
        /* IR_CHECK_UPDATE=1 rewrites a pass's golden after a deliberate change. */
        const char *update = getenv("IR_CHECK_UPDATE");
        if (got && pass && update && strcmp(update, "1") == 0) {
            FILE *f = fopen(want_path, "w");
            if (f) fputs(got, f);
            if (f && fclose(f) == 0) {
                free(got);
                arena_free(a);
                return true;
            }
        }
        ok = got && same_text(want_path, got, want->text);
        free(got);
    }
    arena_free(a);
    return ok;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "roundtrip") == 0) {
        int failed = 0;
        for (int i = 2; i < argc; i++) failed += !check(argv[i], NULL, NULL, argv[i]);
        return failed ? 1 : 0;
    }
    static const struct { const char *name; Pass pass; } passes[] = {
        {"dce", pass_dce},
        {"fold_constants", pass_fold_constants},
        {"fuse_bias_act", pass_fuse_bias_act},
        {"fuse_elementwise", pass_fuse_elementwise},
        {"library_init", pass_library_init},
    };
    for (size_t i = 0; argc == 4 && i < sizeof passes / sizeof passes[0]; i++)
        if (strcmp(argv[1], passes[i].name) == 0)
            return check(argv[2], passes[i].name, passes[i].pass, argv[3]) ? 0 : 1;
    fprintf(stderr, "usage: ir_check roundtrip FILE.ir... | ir_check PASS IN.ir EXPECTED\n");
    return 2;
}
