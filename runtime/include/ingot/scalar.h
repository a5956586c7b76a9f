/* scalar.h — TensorFlow's arithmetic on single elements, as static inline C. The
 * elementwise kernels (binary.c, create.c's cast) compute every element with these,
 * and so does the code the compiler emits for 0-d tensors it keeps in C variables
 * (compiler/passes/scalars.c): a value cannot differ between the two.
 * Included by rt.h; needs IgSite and ig_fatal from it. */
#ifndef INGOT_SCALAR_H
#define INGOT_SCALAR_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* Integers wrap on overflow as TensorFlow's do; C only promises that for unsigned
 * arithmetic, so the sums go through the unsigned type U. Division truncates in C,
 * so floor division and modulo correct the result when the signs differ. The
 * y == -1 cases dodge INT_MIN / -1, which traps on x86. */
#define IG_SCALAR_INT_FNS(SUF, T, U)                                                   \
    static inline T ig_add_##SUF(T x, T y) { return (T)((U)x + (U)y); }                \
    static inline T ig_sub_##SUF(T x, T y) { return (T)((U)x - (U)y); }                \
    static inline T ig_mul_##SUF(T x, T y) { return (T)((U)x * (U)y); }                \
    static inline T ig_neg_##SUF(T x) { return (T)(0 - (U)x); }                        \
    static inline T ig_floordiv_##SUF(const IgSite *site, T x, T y)                    \
    {                                                                                  \
        if (y == 0) ig_fatal(site, "integer division by zero");                        \
        if (y == -1) return (T)(0 - (U)x);                                             \
        T q = x / y;                                                                   \
        if (x % y != 0 && ((x < 0) != (y < 0))) q--;                                   \
        return q;                                                                      \
    }                                                                                  \
    static inline T ig_mod_##SUF(const IgSite *site, T x, T y)                         \
    {                                                                                  \
        if (y == 0) ig_fatal(site, "integer division by zero");                        \
        if (y == -1) return 0;                                                         \
        T r = x % y;                                                                   \
        if (r != 0 && ((r < 0) != (y < 0))) r += y;                                    \
        return r;                                                                      \
    }                                                                                  \
    /* Repeated squaring, wrapping like the products above. */                         \
    static inline T ig_pow_##SUF(const IgSite *site, T x, T y)                         \
    {                                                                                  \
        if (y < 0) ig_fatal(site, "pow: integers to negative integer powers are not allowed"); \
        U base = (U)x, result = 1;                                                     \
        for (T e = y; e != 0; e >>= 1) {                                               \
            if (e & 1) result *= base;                                                 \
            base *= base;                                                              \
        }                                                                              \
        return (T)result;                                                              \
    }
IG_SCALAR_INT_FNS(i32, int32_t, uint32_t)
IG_SCALAR_INT_FNS(i64, int64_t, uint64_t)

/* Floats: floordiv is floor(x / y) and mod the floored fmod, as TensorFlow's
 * FloorDiv/FloorMod kernels compute them (the result takes the divisor's sign). */
#define IG_SCALAR_FLOAT_FNS(SUF, T, FLOOR, FMOD, POW)                                  \
    static inline T ig_add_##SUF(T x, T y) { return x + y; }                           \
    static inline T ig_sub_##SUF(T x, T y) { return x - y; }                           \
    static inline T ig_mul_##SUF(T x, T y) { return x * y; }                           \
    static inline T ig_neg_##SUF(T x) { return -x; }                                   \
    static inline T ig_div_##SUF(T x, T y) { return x / y; }                           \
    static inline T ig_floordiv_##SUF(const IgSite *site, T x, T y)                    \
    {                                                                                  \
        (void)site;                                                                    \
        return FLOOR(x / y);                                                           \
    }                                                                                  \
    static inline T ig_mod_##SUF(const IgSite *site, T x, T y)                         \
    {                                                                                  \
        (void)site;                                                                    \
        T r = FMOD(x, y);                                                              \
        return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;                          \
    }                                                                                  \
    static inline T ig_pow_##SUF(const IgSite *site, T x, T y)                         \
    {                                                                                  \
        (void)site;                                                                    \
        return POW(x, y);                                                              \
    }                                                                                  \
    /* The element functions of the fused elementwise loops the compiler writes, as  \
       the kernels compute them: maximum and minimum propagate a NaN from either side \
       (select.c's PICK), relu keeps NaN and gives +0 (unary.c), sqrt is C's (math.c,  \
       correctly rounded either way). */                                              \
    static inline T ig_maximum_##SUF(T x, T y) { return (x > y || x != x) ? x : y; }   \
    static inline T ig_minimum_##SUF(T x, T y) { return (x < y || x != x) ? x : y; }   \
    static inline T ig_relu_##SUF(T x) { return x < 0 ? (T)0 : x; }                   \
    static inline T ig_square_##SUF(T x) { return x * x; }                             \
    static inline T ig_sqrt_##SUF(T x) { return (T)sqrt(x); }
IG_SCALAR_FLOAT_FNS(f32, float, floorf, fmodf, powf)
IG_SCALAR_FLOAT_FNS(f64, double, floor, fmod, pow)

/* Float to integer: C leaves NaN and out-of-range values undefined; x86's cvttsd2si,
 * which TensorFlow's CPU casts compile to, gives the "integer indefinite" INT_MIN
 * then. These do the same, so NaN and overflow agree with TensorFlow. */
static inline int32_t ig_f64_to_i32(double v)
{
    if (!(v > -2147483649.0 && v < 2147483648.0)) return INT32_MIN;
    return (int32_t)v;
}

static inline int64_t ig_f64_to_i64(double v)
{
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return INT64_MIN;
    return (int64_t)v;
}

/* A 0-d tensor's element (the compiler reads a tensor this way where it computes on a
 * C scalar), and a new 0-d tensor holding a C scalar (for a kernel that takes it). */
#define IG_SCALAR_BOX_FNS(SUF, T, DT)                                                  \
    static inline T ig_value_##SUF(const IgTensor *t) { return *(const T *)t->data; }  \
    static inline IgTensor *ig_box_##SUF(T v)                                          \
    {                                                                                  \
        IgTensor *t = ig_tensor_new(DT, 0, NULL);                                      \
        *(T *)t->data = v;                                                             \
        return t;                                                                      \
    }
IG_SCALAR_BOX_FNS(i32, int32_t, IG_INT32)
IG_SCALAR_BOX_FNS(i64, int64_t, IG_INT64)
IG_SCALAR_BOX_FNS(f32, float, IG_FLOAT32)
IG_SCALAR_BOX_FNS(f64, double, IG_FLOAT64)

/* Bools are bytes; any nonzero byte is true. */
static inline bool ig_value_b(const IgTensor *t) { return *(const uint8_t *)t->data != 0; }
static inline IgTensor *ig_box_b(bool v)
{
    IgTensor *t = ig_tensor_new(IG_BOOL, 0, NULL);
    *(uint8_t *)t->data = v;
    return t;
}

#endif
