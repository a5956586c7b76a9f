/* initial.c — the digits classifier from its built-in weights (digits_new(NULL)):
 * prints the probabilities of one row in full precision, so that run_lib.py can check
 * that a library built with --embed-weights (the initial values computed at build
 * time) starts exactly where one computing them in digits_new does. */
#include <stdio.h>

#include "digits.h"

int main(void)
{
    char err[256];
    digits *m = digits_new(NULL, err, sizeof err);
    if (m == NULL) {
        printf("digits_new(NULL): %s\n", err);
        return 1;
    }
    float row[64];
    for (int i = 0; i < 64; i++) row[i] = (float)(i % 17) / 16.0f;
    digits_tensor in = {DIGITS_FLOAT32, 2, {1, 64}, row}, out[2];
    if (digits_predict(m, &in, out) != 0) {
        printf("%s\n", digits_last_error(m));
        return 1;
    }
    const float *p = out[1].data;
    for (int i = 0; i < 10; i++) printf("%.9g\n", p[i]);
    digits_delete(m);
    return 0;
}
