/* nn_xent.c — the cross-entropies with logits: sparse (per row of logits [..., c],
 * logsumexp(row) - row[label], with TensorFlow's checks and words), dense softmax (per
 * row, against a distribution of labels) and sigmoid (per element).
 * Entry points: ig_sparse_softmax_xent, ig_softmax_xent, ig_sigmoid_xent.
 * Memory owner: the result belongs to the caller; the error text dies with the process. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn_internal.h"

static int64_t label_at(const IgTensor *labels, int64_t i)
{
    return labels->dtype == IG_INT32 ? ((const int32_t *)labels->data)[i]
                                     : ((const int64_t *)labels->data)[i];
}

/* TensorFlow's CheckInvalidLabelIndex: names the smallest label when one is negative,
 * else the largest, then lists every label (its SummarizeValue of all elements). */
char *ig_sparse_xent_check_labels(const IgTensor *labels, int64_t c)
{
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int64_t i = 0; i < labels->size; i++) {
        int64_t v = label_at(labels, i);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    if (labels->size == 0 || (lo >= 0 && hi < c)) return NULL;
    /* The head (under 120 chars), then 20 chars and a space per label. */
    size_t cap = 120 + (size_t)labels->size * 21 + 1;
    char *text = malloc(cap);
    if (text == NULL) ig_fatal(NULL, "out of memory");
    size_t len =
        (size_t)snprintf(text, cap,
                         "Received a label value of %lld which is outside the valid range of "
                         "[0, %lld).  Label values:",
                         (long long)(lo < 0 ? lo : hi), (long long)c);
    for (int64_t i = 0; i < labels->size; i++)
        len += (size_t)snprintf(text + len, cap - len, " %lld", (long long)label_at(labels, i));
    return text;
}

/* loss = log(sum(exp(row - max))) - (row[label] - max), accumulated in double. */
#define XENT_ROWS(T)                                                               \
    do {                                                                           \
        const T *pl = logits->data;                                                \
        T *po = loss->data;                                                        \
        IG_PARALLEL_FOR(logits->size,                                              \
        for (int64_t r = 0; r < rows; r++) {                                       \
            const T *row = pl + r * c;                                             \
            double max = -INFINITY, sum = 0.0;                                     \
            for (int64_t j = 0; j < c; j++)                                        \
                if (row[j] > max || isnan((double)row[j])) max = row[j];           \
            for (int64_t j = 0; j < c; j++) sum += exp((double)row[j] - max);      \
            po[r] = (T)(log(sum) - ((double)row[label_at(labels, r)] - max));      \
        });                                                                        \
    } while (0)

IgTensor *ig_sparse_softmax_xent(IgSite *site, const IgTensor *logits, const IgTensor *labels)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if (logits->dtype != IG_FLOAT32 && logits->dtype != IG_FLOAT64)
        ig_fatal(site, "sparse_softmax_cross_entropy_with_logits: logits must be float32 or "
                 "float64, got %s", ig_dtype_name(logits->dtype));
    if (labels->dtype != IG_INT32 && labels->dtype != IG_INT64)
        ig_fatal(site, "sparse_softmax_cross_entropy_with_logits: labels must be int32 or "
                 "int64, got %s", ig_dtype_name(labels->dtype));
    if (logits->rank < 1 || labels->rank != logits->rank - 1 ||
        !ig_shape_equal(labels->rank, labels->shape, labels->rank, logits->shape))
        ig_fatal(site, "Shape mismatch: The shape of labels (received %s) should equal the "
                 "shape of logits except for the last dimension (received %s).",
                 ig_shape_str(s1, labels->rank, labels->shape),
                 ig_shape_str(s2, logits->rank, logits->shape));
    int64_t c = logits->shape[logits->rank - 1], rows = labels->size;
    if (c == 0) /* checked before the rows, as TensorFlow does */
        ig_fatal(site, "Must have at least one class, but got logits shape %s",
                 ig_shape_str(s1, logits->rank, logits->shape));
    char *bad = ig_sparse_xent_check_labels(labels, c);
    if (bad != NULL) ig_fatal_free(site, bad);
    IgTensor *loss = ig_tensor_make(site, "sparse_softmax_cross_entropy_with_logits", logits->dtype,
                                    labels->rank, labels->shape);
    if (rows == 0) return loss;
    if (logits->dtype == IG_FLOAT32)
        XENT_ROWS(float);
    else
        XENT_ROWS(double);
    return loss;
}

/* logits and labels: one float dtype, one shape (TensorFlow's words). */
static void xent_check(IgSite *site, const char *op, const IgTensor *logits,
                       const IgTensor *labels)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if ((logits->dtype != IG_FLOAT32 && logits->dtype != IG_FLOAT64) ||
        labels->dtype != logits->dtype)
        ig_fatal(site, "%s: logits and labels must both be float32 or both float64, got %s and %s",
                 op, ig_dtype_name(logits->dtype), ig_dtype_name(labels->dtype));
    if (!ig_shape_equal(logits->rank, logits->shape, labels->rank, labels->shape))
        ig_fatal(site, "logits and labels must be broadcastable: logits_size=%s labels_size=%s",
                 ig_shape_str(s1, logits->rank, logits->shape),
                 ig_shape_str(s2, labels->rank, labels->shape));
}

/* loss = logsumexp(row) - sum(label * row) = sum(label * (logsumexp(row) - row)) when
   the labels sum to 1; TensorFlow's kernel computes sum(label * (lse - row)), which
   also holds for labels that do not. */
#define SOFTMAX_XENT_ROWS(T)                                                       \
    do {                                                                           \
        const T *pl = logits->data, *py = labels->data;                            \
        T *po = loss->data;                                                        \
        IG_PARALLEL_FOR(logits->size,                                              \
        for (int64_t r = 0; r < rows; r++) {                                       \
            const T *row = pl + r * c, *lab = py + r * c;                          \
            double max = -INFINITY, sum = 0.0, total = 0.0;                        \
            for (int64_t j = 0; j < c; j++)                                        \
                if (row[j] > max || isnan((double)row[j])) max = row[j];           \
            for (int64_t j = 0; j < c; j++) sum += exp((double)row[j] - max);      \
            double lse = log(sum) + max;                                           \
            for (int64_t j = 0; j < c; j++)                                        \
                total += (double)lab[j] * (lse - (double)row[j]);                  \
            po[r] = (T)total;                                                      \
        });                                                                        \
    } while (0)

IgTensor *ig_softmax_xent(IgSite *site, const IgTensor *logits, const IgTensor *labels)
{
    const char *op = "softmax_cross_entropy_with_logits";
    xent_check(site, op, logits, labels);
    if (logits->rank < 1) ig_fatal(site, "%s: logits must have rank 1 or more", op);
    int64_t c = logits->shape[logits->rank - 1];
    IgTensor *loss = ig_tensor_make(site, op, logits->dtype, logits->rank - 1, logits->shape);
    int64_t rows = loss->size;
    if (rows == 0) return loss;
    if (c == 0) { /* a sum over no classes */
        memset(loss->data, 0, (size_t)rows * ig_dtype_size(loss->dtype));
        return loss;
    }
    if (logits->dtype == IG_FLOAT32)
        SOFTMAX_XENT_ROWS(float);
    else
        SOFTMAX_XENT_ROWS(double);
    return loss;
}

#define SIGMOID_XENT_LOOP(T)                                                       \
    do {                                                                           \
        const T *px = logits->data, *pz = labels->data;                            \
        T *po = loss->data;                                                        \
        for (int64_t i = 0; i < loss->size; i++) {                                 \
            double x = px[i], z = pz[i];                                           \
            po[i] = (T)((x > 0 ? x : 0.0) - x * z + log1p(exp(-fabs(x))));         \
        }                                                                          \
    } while (0)

IgTensor *ig_sigmoid_xent(IgSite *site, const IgTensor *logits, const IgTensor *labels)
{
    const char *op = "sigmoid_cross_entropy_with_logits";
    xent_check(site, op, logits, labels);
    IgTensor *loss = ig_tensor_make(site, op, logits->dtype, logits->rank, logits->shape);
    if (logits->dtype == IG_FLOAT32)
        SIGMOID_XENT_LOOP(float);
    else
        SIGMOID_XENT_LOOP(double);
    return loss;
}
