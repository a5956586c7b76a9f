/* embedded.c — errs built with --weights=good.safetensors (run_lib.py): errs_new(NULL)
 * starts from the checkpoint's values built into the library, no file read. */
#include <stdio.h>

#include "errs.h"

int main(void)
{
    char err[256];
    errs *m = errs_new(NULL, err, sizeof err);
    if (m == NULL) {
        printf("errs_new(NULL): %s\n", err);
        return 1;
    }
    int32_t rows[] = {1, 0};
    errs_tensor in = {ERRS_INT32, 1, {2}, rows}, out;
    if (errs_lookup(m, &in, &out) != 0 || errs_count(m, NULL, &out) != 0) {
        printf("%s\n", errs_last_error(m));
        return 1;
    }
    printf("calls: %d (the checkpoint's 5, and this lookup)\n", *(const int32_t *)out.data);
    errs_lookup(m, &in, &out);
    const float *v = out.data;
    printf("table rows 1 and 0: %g %g %g %g %g %g\n", v[0], v[1], v[2], v[3], v[4], v[5]);
    errs_delete(m);
    return 0;
}
