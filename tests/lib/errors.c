/* errors.c — what a caller of a library (errors.py, built as "errs") can get wrong,
 * and what it gets back: each call's return code and errs_last_error, printed for
 * errors.out. Also: the model still works after each error, functions of several
 * inputs, several outputs and none, outputs valid until the next call, and bad
 * weights files (argv[1..]: paths to try with errs_new; run_lib.py writes them). */
#include <stdio.h>
#include <string.h>

#include "errs.h"

static void show(const char *what, int rc, const errs *m)
{
    printf("%-26s rc=%d %s\n", what, rc, rc ? errs_last_error(m) : "");
}

static void show_tensor(const char *what, const errs_tensor *t)
{
    printf("%-26s dtype=%d rank=%d dims=[", what, (int)t->dtype, t->rank);
    int64_t n = 1;
    for (int d = 0; d < t->rank; d++) {
        printf("%s%lld", d ? "," : "", (long long)t->dims[d]);
        n *= t->dims[d];
    }
    printf("] values=");
    for (int64_t i = 0; i < n; i++) {
        if (t->dtype == ERRS_FLOAT32) printf("%s%g", i ? " " : "", ((const float *)t->data)[i]);
        else printf("%s%d", i ? " " : "", ((const int32_t *)t->data)[i]);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    char err[256];
    errs *m = errs_new(NULL, err, sizeof err);
    if (m == NULL) {
        printf("errs_new(NULL): %s\n", err);
        return 1;
    }
    int32_t rows[] = {1, 0, 1};
    errs_tensor in = {ERRS_INT32, 1, {3}, rows}, out[2];
    show("lookup", errs_lookup(m, &in, out), m);
    show_tensor("  result", &out[0]);

    errs_tensor wrong = in;
    wrong.dtype = ERRS_FLOAT32;
    show("lookup float32", errs_lookup(m, &wrong, out), m);
    wrong.dtype = ERRS_UINT8;
    show("lookup uint8", errs_lookup(m, &wrong, out), m);
    wrong = in;
    wrong.rank = 2;
    wrong.dims[1] = 1;
    show("lookup rank 2", errs_lookup(m, &wrong, out), m);
    wrong = in;
    wrong.dims[0] = -1;
    show("lookup dim -1", errs_lookup(m, &wrong, out), m);
    wrong = in;
    wrong.data = NULL;
    show("lookup NULL data", errs_lookup(m, &wrong, out), m);
    show("lookup NULL inputs", errs_lookup(m, NULL, out), m);
    printf("%-26s rc=%d %s\n", "lookup NULL model", errs_lookup(NULL, &in, out),
           errs_last_error(NULL));

    int32_t bad_rows[] = {0, 7};
    errs_tensor bad = {ERRS_INT32, 1, {2}, bad_rows};
    show("lookup row 7 of 2", errs_lookup(m, &bad, out), m);
    show("lookup after the error", errs_lookup(m, &in, out), m);
    show_tensor("  result", &out[0]);

    float x[2][3] = {{1, 2, 3}, {4, 5, 6}}, k = 0.5f;
    errs_tensor args[2] = {{ERRS_FLOAT32, 2, {2, 3}, x}, {ERRS_FLOAT32, 0, {0}, &k}};
    show("scale", errs_scale(m, args, out), m);
    show_tensor("  outputs[0]", &out[0]);
    show_tensor("  outputs[1]", &out[1]);
    /* An output passed back in: it stays valid until the call using it returns. */
    errs_tensor again[2] = {out[0], args[1]};
    show("scale of its own output", errs_scale(m, again, out), m);
    show_tensor("  outputs[0]", &out[0]);
    args[0].dims[1] = 4;
    show("scale [2, 4]", errs_scale(m, args, out), m);
    args[0].dims[1] = 3;
    args[1].rank = 1;
    args[1].dims[0] = 1;
    show("scale k of rank 1", errs_scale(m, args, out), m);

    /* A result that is an input: a copy the model owns, not the caller's array. */
    float echoed[2] = {1.5f, -2.0f};
    errs_tensor e = {ERRS_FLOAT32, 1, {2}, echoed};
    show("echo", errs_echo(m, &e, out), m);
    printf("  a copy: %s\n", out[0].data != (void *)echoed ? "yes" : "no");
    show_tensor("  result", &out[0]);

    /* A variable assigned an input keeps its own copy: the caller's array is theirs. */
    float kept[2] = {7.0f, 8.0f};
    errs_tensor k2 = {ERRS_FLOAT32, 1, {2}, kept};
    show("remember [7, 8]", errs_remember(m, &k2, NULL), m);
    kept[0] = kept[1] = -1.0f;
    show("recall after the caller's change", errs_recall(m, NULL, out), m);
    show_tensor("  result", &out[0]);

    show("count", errs_count(m, NULL, out), m);
    show_tensor("  calls (3 lookups ran)", &out[0]);
    errs_delete(m);

    for (int i = 1; i < argc; i++) {
        const char *name = strrchr(argv[i], '/');
        errs *w = errs_new(argv[i], err, sizeof err);
        printf("errs_new(%s): %s\n", name ? name + 1 : argv[i], w ? "ok" : err);
        if (w != NULL) {
            show("  lookup", errs_lookup(w, &in, out), w);
            show_tensor("  result", &out[0]);
        }
        errs_delete(w);
    }
    return 0;
}
