/* eager_text.c — how a concrete tensor prints in Python, as TensorFlow's eager tensors
 * print: str() is `tf.Tensor(<numpy str>, shape=(3,), dtype=int32)` and repr() is
 * `<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>`, the
 * values formatted as NumPy formats arrays (common width, '1.' for whole floats).
 * Differences from NumPy: no scientific notation inside arrays and no '...'
 * summarization of large arrays. Entry points: eager_tensor_str, eager_tensor_repr.
 * Memory owner: the text lives in the given Arena. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp_internal.h"

/* The shortest decimal digits that read back as x in its own precision (float32 or
   float64): "15" with exp10 = 0 for 1.5. x is finite and non-zero. */
static void shortest_digits(double x, bool f32, char *digits, int *exp10) {
    char buf[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, x);
        double back = strtod(buf, NULL);
        if (f32 ? (float)back == (float)x : back == x) break;
    }
    /* buf: [-]d.ddde[+-]XX */
    const char *s = buf + (buf[0] == '-');
    int n = 0;
    for (; *s && *s != 'e'; s++)
        if (*s != '.') digits[n++] = *s;
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = '\0';
    *exp10 = atoi(s + 1);
}

/* A float scalar as NumPy's str() of a 0-d array (Python's float repr rules). */
static void scalar_float_text(StrBuf *sb, double x, bool f32) {
    if (isnan(x) || isinf(x) || x == 0) {
        strbuf_puts(sb, isnan(x) ? "nan" : isinf(x) ? (x < 0 ? "-inf" : "inf") : signbit(x) ? "-0.0" : "0.0");
        return;
    }
    char d[40];
    int e;
    shortest_digits(x, f32, d, &e);
    int n = (int)strlen(d);
    if (x < 0) strbuf_putc(sb, '-');
    if (e < -4 || e >= 16) {
        strbuf_putc(sb, d[0]);
        if (n > 1) strbuf_printf(sb, ".%s", d + 1);
        strbuf_printf(sb, "e%c%02d", e < 0 ? '-' : '+', abs(e));
    } else if (e < 0) {
        strbuf_puts(sb, "0.");
        for (int i = 0; i < -e - 1; i++) strbuf_putc(sb, '0');
        strbuf_puts(sb, d);
    } else {
        for (int i = 0; i <= e; i++) strbuf_putc(sb, i < n ? d[i] : '0');
        strbuf_putc(sb, '.');
        strbuf_puts(sb, n > e + 1 ? d + e + 1 : "0");
    }
}

/* A float array element, positional: integer part and fraction (at most 8 digits, as
   NumPy's default precision), e.g. "1." for 1, "0.25", "-3.5". */
static void element_float_parts(Arena *a, double x, bool f32, const char **ipart, const char **fpart) {
    if (isnan(x) || isinf(x)) {
        *ipart = isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
        *fpart = NULL;
        return;
    }
    char buf[400];
    int f = 0;
    for (; f < 8; f++) {
        snprintf(buf, sizeof buf, "%.*f", f, x);
        double back = strtod(buf, NULL);
        if (f32 ? (float)back == (float)x : back == x) break;
    }
    snprintf(buf, sizeof buf, "%.*f", f, x);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = dot + strlen(dot);
        while (end > dot + 1 && end[-1] == '0') *--end = '\0';
        *dot = '\0';
        *fpart = arena_strdup(a, dot + 1);
    } else {
        *fpart = "";
    }
    *ipart = arena_strdup(a, buf);
}

typedef struct Layout {
    const char **ipart, **fpart;  /* per element; fpart NULL for non-floats */
    int iwidth, fwidth;
    bool is_float;
} Layout;

static const char *element_text(Arena *a, const IgTensor *t, int64_t i, bool repr) {
    const char *p = (const char *)t->data + (size_t)i * ig_dtype_size(t->dtype);
    switch (t->dtype) {
    case IG_BOOL: return *(const unsigned char *)p ? "True" : "False";
    case IG_INT32: return arena_printf(a, "%d", *(const int32_t *)p);
    case IG_INT64: return arena_printf(a, "%lld", (long long)*(const int64_t *)p);
    case IG_STRING: {
        (void)repr;
        const char *s = (const char *)t->data;
        return arena_printf(a, "b%s", str_repr(a, s, strlen(s)));
    }
    default: UNREACHABLE();
    }
}

static void layout_elements(Arena *a, const IgTensor *t, Layout *l, bool repr) {
    l->ipart = ARENA_ARRAY(a, const char *, t->size + 1);
    l->fpart = ARENA_ARRAY(a, const char *, t->size + 1);
    bool is_float = l->is_float = t->dtype == IG_FLOAT32 || t->dtype == IG_FLOAT64;
    for (int64_t i = 0; i < t->size; i++) {
        if (is_float) {
            double x = t->dtype == IG_FLOAT32 ? ((const float *)t->data)[i] : ((const double *)t->data)[i];
            element_float_parts(a, x, t->dtype == IG_FLOAT32, &l->ipart[i], &l->fpart[i]);
        } else {
            l->ipart[i] = element_text(a, t, i, repr);
            l->fpart[i] = NULL;
        }
        int iw = (int)strlen(l->ipart[i]), fw = l->fpart[i] ? (int)strlen(l->fpart[i]) : 0;
        if (iw > l->iwidth) l->iwidth = iw;
        if (fw > l->fwidth) l->fwidth = fw;
    }
}

static void put_element(StrBuf *sb, const Layout *l, int64_t i) {
    const char *ip = l->ipart[i], *fp = l->fpart[i];
    if (l->is_float && !fp) {
        /* nan/inf in a float array: right-aligned to the whole width. */
        strbuf_printf(sb, "%*s", l->iwidth + 1 + l->fwidth, ip);
        return;
    }
    strbuf_printf(sb, "%*s", l->iwidth, ip);
    if (fp) strbuf_printf(sb, ".%-*s", l->fwidth, fp);
}

/* One dimension of the array, NumPy's nesting: "[1 2]" / "[[1 2]\n [3 4]]".
   indent: the column where this bracket opens (repr's "array(" shifts it). */
static void put_dim(StrBuf *sb, const IgTensor *t, const Layout *l, int d, int64_t *index, bool repr, int indent) {
    strbuf_putc(sb, '[');
    int64_t n = t->shape[d];
    for (int64_t i = 0; i < n; i++) {
        if (i > 0) {
            if (repr) strbuf_putc(sb, ',');
            if (d == t->rank - 1) {
                strbuf_putc(sb, ' ');
            } else {
                for (int k = 0; k < t->rank - d - 1; k++) strbuf_putc(sb, '\n');
                for (int k = 0; k < indent + d + 1; k++) strbuf_putc(sb, ' ');
            }
        }
        if (d == t->rank - 1) put_element(sb, l, (*index)++);
        else put_dim(sb, t, l, d + 1, index, repr, indent);
    }
    strbuf_putc(sb, ']');
}

/* NumPy's str(a) (repr false) or the inside of repr(a) (repr true). */
static void numpy_text(StrBuf *sb, Arena *a, const IgTensor *t, bool repr, int indent) {
    if (t->rank == 0) {
        if (t->dtype == IG_FLOAT32 || t->dtype == IG_FLOAT64)
            scalar_float_text(sb, t->dtype == IG_FLOAT32 ? *(const float *)t->data : *(const double *)t->data,
                              t->dtype == IG_FLOAT32);
        else
            strbuf_puts(sb, element_text(a, t, 0, repr));
        return;
    }
    Layout l = {0};
    layout_elements(a, t, &l, repr);
    int64_t index = 0;
    put_dim(sb, t, &l, 0, &index, repr, indent);
}

static const char *tensor_shape_text(Arena *a, const IgTensor *t) {
    Shape s = shape_of(t->rank, t->shape);
    return shape_tuple_text(a, &s);
}

const char *eager_tensor_str(Arena *a, const IgTensor *t) {
    StrBuf v;
    strbuf_init(&v, a);
    numpy_text(&v, a, t, false, 0);
    const char *text = strbuf_cstr(&v);
    return arena_printf(a, "tf.Tensor(%s%s, shape=%s, dtype=%s)", strchr(text, '\n') ? "\n" : "", text,
                        tensor_shape_text(a, t), ig_dtype_name(t->dtype));
}

const char *eager_tensor_repr(Arena *a, const IgTensor *t) {
    return arena_printf(a, "<tf.Tensor: shape=%s, dtype=%s, numpy=%s>", tensor_shape_text(a, t),
                        ig_dtype_name(t->dtype), eager_numpy_repr(a, t));
}

const char *eager_numpy_repr(Arena *a, const IgTensor *t) {
    StrBuf v;
    strbuf_init(&v, a);
    if (t->rank == 0) {
        numpy_text(&v, a, t, true, 0);
    } else {
        strbuf_puts(&v, "array(");
        numpy_text(&v, a, t, true, 6);
        /* NumPy names the dtype unless it is the default for the values. */
        if (t->dtype != IG_FLOAT64 && t->dtype != IG_INT64 && t->dtype != IG_BOOL)
            strbuf_printf(&v, ", dtype=%s", ig_dtype_name(t->dtype));
        strbuf_putc(&v, ')');
    }
    return strbuf_cstr(&v);
}
