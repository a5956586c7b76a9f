/* classify.c — a C program using the digits classifier that classifier.py exports
 * (digits.h): reads rows of 64 pixels (0-16) and a label from a CSV file, classifies
 * them in batches and prints the accuracy. No Python, no framework: the model is
 * libdigits, found with pkg-config:
 *
 *     ingot build --lib classifier.py -o lib/digits
 *     export PKG_CONFIG_PATH=$PWD/lib
 *     cc classify.c $(pkg-config --cflags --libs digits) -o classify
 *     LD_LIBRARY_PATH=lib ./classify digits.safetensors digits.csv
 */
#include <stdio.h>
#include <stdlib.h>

#include "digits.h"

#define PIXELS 64
#define BATCH 256

/* Reads up to BATCH rows of "p0,...,p63,label" into pixels (scaled to [0, 1], as the
 * model was trained) and labels; the count, or -1 on a malformed row. */
static int read_batch(FILE *csv, float pixels[BATCH][PIXELS], int labels[BATCH])
{
    int n = 0;
    while (n < BATCH) {
        int value;
        if (fscanf(csv, "%d", &value) != 1) return feof(csv) && n >= 0 ? n : -1;
        pixels[n][0] = (float)value / 16.0f;
        for (int i = 1; i < PIXELS; i++) {
            if (fscanf(csv, " ,%d", &value) != 1) return -1;
            pixels[n][i] = (float)value / 16.0f;
        }
        if (fscanf(csv, " ,%d", &labels[n]) != 1) return -1;
        n++;
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s WEIGHTS.safetensors DIGITS.csv\n", argv[0]);
        return 2;
    }
    char err[512];
    digits *model = digits_new(argv[1], err, sizeof err);
    if (model == NULL) {
        fprintf(stderr, "classify: %s\n", err);
        return 1;
    }
    FILE *csv = fopen(argv[2], "r");
    if (csv == NULL) {
        perror(argv[2]);
        digits_delete(model);
        return 1;
    }
    static float pixels[BATCH][PIXELS];
    static int labels[BATCH];
    long rows = 0, correct = 0;
    int n;
    while ((n = read_batch(csv, pixels, labels)) > 0) {
        /* One input, [n, 64] float32, used in place; two outputs: the digits (int32,
           [n]) and their probabilities (float32, [n, 10]), owned by the model. */
        digits_tensor input = {DIGITS_FLOAT32, 2, {n, PIXELS}, pixels};
        digits_tensor outputs[2];
        if (digits_predict(model, &input, outputs) != 0) {
            fprintf(stderr, "classify: %s\n", digits_last_error(model));
            break;
        }
        const int32_t *predicted = outputs[0].data;
        for (int i = 0; i < n; i++) correct += predicted[i] == labels[i];
        rows += n;
    }
    fclose(csv);
    digits_delete(model);
    if (n < 0) {
        fprintf(stderr, "classify: %s: a row is not 64 pixels and a label\n", argv[2]);
        return 1;
    }
    double accuracy = rows > 0 ? (double)correct / (double)rows : 0.0;
    printf("classified %ld rows\n", rows);
    printf("accuracy at least 95%%: %s\n", accuracy >= 0.95 ? "yes" : "no");
    return accuracy >= 0.95 ? 0 : 1;
}
