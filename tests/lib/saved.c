/* saved.c — the library saved.py's tf.saved_model.save names: its two signatures,
 * with the weights built in (NULL) and with those the program saved (argv[1]). */
#include <stdio.h>

#include "saved.h"

static void use(const char *weights)
{
    char err[256];
    saved *m = saved_new(weights, err, sizeof err);
    if (m == NULL) {
        printf("saved_new: %s\n", err);
        return;
    }
    float x[2] = {1.0f, 2.0f}, by = 0.5f;
    saved_tensor in[2] = {{SAVED_FLOAT32, 1, {2}, x}, {SAVED_FLOAT32, 0, {0}, &by}}, out;
    if (saved_serving_default(m, in, &out) == 0)
        printf("%s: serving_default [1, 2] -> [%g, %g]\n", weights ? "saved weights" : "built in",
               ((const float *)out.data)[0], ((const float *)out.data)[1]);
    if (saved_shifted(m, in, &out) == 0)
        printf("%s: shifted [1, 2] by 0.5 -> [%g, %g]\n", weights ? "saved weights" : "built in",
               ((const float *)out.data)[0], ((const float *)out.data)[1]);
    else
        printf("shifted: %s\n", saved_last_error(m));
    saved_delete(m);
}

int main(int argc, char **argv)
{
    use(NULL);
    if (argc > 1) use(argv[1]);
    return 0;
}
