/* unary.c — elementwise kernels of one input: neg, relu and logical_not, and relu's
 * gradient; neg, relu and relu_grad write over a donated input (ig_donate).
 * Entry points: ig_neg, ig_relu, ig_relu_grad, ig_logical_not.
 * Memory owner: results belong to the caller. */
#include "internal.h"

/* Both stay plain loops at every size: they are memory-bound, so a vectorised loop is
 * as fast as a primitive, and oneDNN's relu (x > 0 ? x : alpha*x) gives -0.0 for
 * negative inputs where TensorFlow's max(x, 0) gives 0, which tf.print would show. */

/* Each loop has two forms. A new output: restrict tells the compiler it is never x,
 * which lets -O2 vectorise the loop without a run-time overlap check (which its cheap
 * cost model refuses to add, leaving a scalar, branching loop). The output written over
 * a donated x (ig_tensor_take_donated): one pointer, each element read then written. */
#define UNARY_LOOP(T, EXPR)                                                            \
    do {                                                                               \
        if (out->data == x->data) {                                                    \
            T *p = out->data;                                                          \
            for (int64_t i = 0; i < n; i++) {                                          \
                T v = p[i];                                                            \
                p[i] = EXPR;                                                           \
            }                                                                          \
            break;                                                                     \
        }                                                                              \
        const T *restrict src = x->data;                                               \
        T *restrict dst = out->data;                                                   \
        for (int64_t i = 0; i < n; i++) {                                              \
            T v = src[i];                                                              \
            dst[i] = EXPR;                                                             \
        }                                                                              \
    } while (0)

/* The same, vectorised whatever the cost model says (OpenMP's simd): for a select
 * such as relu's, which -O2 leaves as a branch per element because the loop needs a
 * remainder. Only for expressions without calls, which would stay scalar anyway. */
#define UNARY_LOOP_SIMD(T, EXPR)                                                       \
    do {                                                                               \
        if (out->data == x->data) {                                                    \
            T *p = out->data;                                                          \
            _Pragma("omp simd") for (int64_t i = 0; i < n; i++) {                      \
                T v = p[i];                                                            \
                p[i] = EXPR;                                                           \
            }                                                                          \
            break;                                                                     \
        }                                                                              \
        const T *restrict src = x->data;                                               \
        T *restrict dst = out->data;                                                   \
        _Pragma("omp simd") for (int64_t i = 0; i < n; i++) {                          \
            T v = src[i];                                                              \
            dst[i] = EXPR;                                                             \
        }                                                                              \
    } while (0)

IgTensor *ig_neg(IgSite *site, const IgTensor *x)
{
    IgTensor *out = ig_tensor_make_or_take(site, "neg", x, NULL, x->dtype, x->rank, x->shape);
    int64_t n = x->size;
    switch (x->dtype) {
    /* Integers wrap (-INT_MIN == INT_MIN) as in TensorFlow (ingot/scalar.h). */
    case IG_INT32: UNARY_LOOP(int32_t, ig_neg_i32(v)); break;
    case IG_INT64: UNARY_LOOP(int64_t, ig_neg_i64(v)); break;
    case IG_FLOAT32: UNARY_LOOP(float, ig_neg_f32(v)); break;
    case IG_FLOAT64: UNARY_LOOP(double, ig_neg_f64(v)); break;
    default:
        ig_internal_error(__FILE__, __LINE__, "neg: dtype %s is not supported",
                          ig_dtype_name(x->dtype));
    }
    return out;
}

IG_VECTOR_CLONES IgTensor *ig_relu(IgSite *site, const IgTensor *x)
{
    IgTensor *out = ig_tensor_make_or_take(site, "relu", x, NULL, x->dtype, x->rank, x->shape);
    int64_t n = x->size;
    /* v < 0 ? 0 : v keeps NaN (a comparison with NaN is false), like Eigen's max. */
    switch (x->dtype) {
    case IG_INT32: UNARY_LOOP(int32_t, v < 0 ? 0 : v); break;
    case IG_INT64: UNARY_LOOP(int64_t, v < 0 ? 0 : v); break;
    case IG_FLOAT32: UNARY_LOOP_SIMD(float, v < 0 ? 0.0f : v); break;
    case IG_FLOAT64: UNARY_LOOP_SIMD(double, v < 0 ? 0.0 : v); break;
    default:
        ig_internal_error(__FILE__, __LINE__, "relu: dtype %s is not supported",
                          ig_dtype_name(x->dtype));
    }
    return out;
}

/* o[i] = x[i] > 0 ? dy[i] : 0, dy read whatever x says: a select, not a branch. */
#define RELU_GRAD_LOOP(T, RESTRICT)                                                    \
    do {                                                                               \
        const T *RESTRICT d = dy->data, *RESTRICT v = x->data;                         \
        T *RESTRICT o = out->data;                                                     \
        _Pragma("omp simd") for (int64_t i = 0; i < n; i++) {                          \
            T g = d[i];                                                                \
            o[i] = v[i] > 0 ? g : (T)0;                                                \
        }                                                                              \
    } while (0)

IG_VECTOR_CLONES IgTensor *ig_relu_grad(IgSite *site, const IgTensor *dy, const IgTensor *x)
{
    if (dy->dtype != x->dtype)
        ig_internal_error(__FILE__, __LINE__, "relu_grad: dy and x differ in dtype");
    if (!ig_shape_equal(dy->rank, dy->shape, x->rank, x->shape)) {
        char a[IG_SHAPE_STR_MAX], b[IG_SHAPE_STR_MAX];
        ig_fatal(site, "relu_grad: dy of shape %s and x of shape %s differ",
                 ig_shape_str(a, dy->rank, dy->shape), ig_shape_str(b, x->rank, x->shape));
    }
    /* Over dy or x when donated (the gradient flowing back usually dies here), then
       with no restrict: the output is dy's buffer or x's, and dy may be x. */
    IgTensor *out = ig_tensor_make_or_take(site, "relu_grad", dy, x, x->dtype, x->rank, x->shape);
    bool in_place = out->data == dy->data || out->data == x->data;
    int64_t n = x->size;
    switch (x->dtype) {
    case IG_FLOAT32:
        if (in_place)
            RELU_GRAD_LOOP(float, );
        else
            RELU_GRAD_LOOP(float, restrict);
        break;
    case IG_FLOAT64:
        if (in_place)
            RELU_GRAD_LOOP(double, );
        else
            RELU_GRAD_LOOP(double, restrict);
        break;
    default:
        ig_internal_error(__FILE__, __LINE__, "relu_grad: dtype %s is not supported",
                          ig_dtype_name(x->dtype));
    }
    return out;
}

IgTensor *ig_logical_not(IgSite *site, const IgTensor *x)
{
    if (x->dtype != IG_BOOL)
        ig_internal_error(__FILE__, __LINE__, "logical_not: dtype %s is not supported",
                          ig_dtype_name(x->dtype));
    IgTensor *out = ig_tensor_make(site, "logical_not", IG_BOOL, x->rank, x->shape);
    int64_t n = x->size;
    /* Any nonzero byte is true; the result is a canonical 0 or 1. */
    UNARY_LOOP(uint8_t, (uint8_t)(v == 0));
    return out;
}
