/* threads.c — two models of one library (the c_api example's digits) used at once
 * from two threads: each classifies the same rows many times and must get, every
 * time, what one model on the main thread got first. Prints "ok" or what differed. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "digits.h"

#define ROWS 64
#define PIXELS 64
#define CALLS 2000

static float pixels[ROWS][PIXELS];
static float expected[ROWS][10];

typedef struct Worker {
    const char *weights;
    int mismatches, failures;
    char error[512];
} Worker;

/* The probabilities of the rows, into probs; 0 or the call's error code. */
static int classify(digits *m, float probs[ROWS][10])
{
    digits_tensor in = {DIGITS_FLOAT32, 2, {ROWS, PIXELS}, pixels}, out[2];
    int rc = digits_predict(m, &in, out);
    if (rc == 0) memcpy(probs, out[1].data, sizeof(float) * ROWS * 10);
    return rc;
}

static void *work(void *arg)
{
    Worker *w = arg;
    digits *m = digits_new(w->weights, w->error, sizeof w->error);
    if (m == NULL) {
        w->failures++;
        return NULL;
    }
    float probs[ROWS][10];
    for (int call = 0; call < CALLS; call++) {
        if (classify(m, probs) != 0) {
            snprintf(w->error, sizeof w->error, "%s", digits_last_error(m));
            w->failures++;
            break;
        }
        w->mismatches += memcmp(probs, expected, sizeof probs) != 0;
    }
    digits_delete(m);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s WEIGHTS\n", argv[0]);
        return 2;
    }
    for (int r = 0; r < ROWS; r++)
        for (int i = 0; i < PIXELS; i++) pixels[r][i] = (float)((r * 7 + i * 3) % 17) / 16.0f;
    char err[512];
    digits *m = digits_new(argv[1], err, sizeof err);
    if (m == NULL || classify(m, expected) != 0) {
        printf("reference: %s\n", m ? digits_last_error(m) : err);
        return 1;
    }
    digits_delete(m);
    Worker workers[2] = {{.weights = argv[1]}, {.weights = argv[1]}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, work, &workers[i]);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    int bad = 0;
    for (int i = 0; i < 2; i++)
        if (workers[i].failures || workers[i].mismatches) {
            printf("thread %d: %d failed calls (%s), %d results differing\n", i,
                   workers[i].failures, workers[i].error, workers[i].mismatches);
            bad = 1;
        }
    if (!bad) printf("two models on two threads, %d calls each: ok\n", CALLS);
    return bad;
}
