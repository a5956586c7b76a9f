/* eager_text.c — how a concrete tensor prints in Python, as TensorFlow's eager tensors
 * print: str() is `tf.Tensor(<numpy str>, shape=(3,), dtype=int32)` and repr() is
 * `<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>`, the
 * values formatted as NumPy's array2string does with its default options: a common
 * width, '1.' for whole floats, scientific notation when magnitudes are far apart,
 * lines wrapped at 75 columns, and arrays of more than 1000 elements summarized with
 * '...'. Entry points: concrete_tensor_str, concrete_tensor_repr, concrete_numpy_repr,
 * concrete_ndarray_str.
 * Memory owner: the text lives in the given Arena. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

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

/* ---- Arrays: NumPy's array2string with its default options ------------------------- */
#define NUMPY_LINE_WIDTH 75
#define NUMPY_THRESHOLD 1000  /* more elements than this: summarized */
#define NUMPY_EDGE_ITEMS 3    /* shown at each end of a summarized axis */
#define NUMPY_PRECISION 8

/* How every element of one array is written (NumPy's FloatingFormat, IntegerFormat
   and BoolFormat), decided from the elements shown. */
typedef struct ElementFormat {
    bool is_float, exp_format;
    int precision;          /* exp_format: fraction digits, always all written */
    int pad_left, pad_right; /* float: int part width / fraction width (positional) */
    int exp_size;           /* exp_format: exponent digits */
    int width;              /* ints and bools: the right-aligned width */
} ElementFormat;

/* What the first pass (NumPy's fillFormat) learns from the elements shown. */
typedef struct FormatScan {
    double min_abs, max_abs;  /* of the finite non-zero values */
    bool any_nonzero, any_nonfinite, any_neg_inf, any_finite;
    int ilen, flen, exp_ilen, exp_flen, exp_size;
} FormatScan;

typedef struct ArrayPrinter {
    Arena *a;
    const IgTensor *t;
    bool summarize;
    const char *separator;  /* " " for str, ", " for repr */
    int64_t strides[IG_MAX_RANK];
    ElementFormat fmt;
    FormatScan scan;
} ArrayPrinter;

static double element_double(const IgTensor *t, int64_t i) {
    switch (t->dtype) {
    case IG_FLOAT32: return ((const float *)t->data)[i];
    case IG_FLOAT64: return ((const double *)t->data)[i];
    default: UNREACHABLE();
    }
}

/* Positional digits of x: the shortest that read back as x in its precision, with at
   most NUMPY_PRECISION after the point; "-12" and "5" for -12.5. */
static void positional_parts(double x, bool f32, char *ipart, char *fpart) {
    char buf[400];
    int f = 0;
    for (; f < NUMPY_PRECISION; f++) {
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
        strcpy(fpart, dot + 1);
    } else {
        fpart[0] = '\0';
    }
    strcpy(ipart, buf);
}

/* Scientific digits of x: the shortest that read back, at most NUMPY_PRECISION after
   the point; "-1", "25" and -3 for -1.25e-03 ("0", "" and 0 for zero). */
static void scientific_parts(double x, bool f32, char *ipart, char *fpart, int *exp10) {
    if (x == 0) {
        strcpy(ipart, signbit(x) ? "-0" : "0");
        fpart[0] = '\0';
        *exp10 = 0;
        return;
    }
    char d[40];
    shortest_digits(x, f32, d, exp10);
    if (strlen(d) > NUMPY_PRECISION + 1) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*e", NUMPY_PRECISION, fabs(x));
        int n = 0;
        for (const char *p = buf; *p && *p != 'e'; p++)
            if (*p != '.') d[n++] = *p;
        while (n > 1 && d[n - 1] == '0') n--;
        d[n] = '\0';
        *exp10 = atoi(strchr(buf, 'e') + 1);
    }
    snprintf(ipart, 3, "%s%c", x < 0 ? "-" : "", d[0]);
    strcpy(fpart, d + 1);
}

static int exponent_digits(int exp10) {
    int n = 0;
    for (int e = abs(exp10); e; e /= 10) n++;
    return n < 2 ? 2 : n;
}

/* Calls visit for the flat index of every element shown (all, or NumPy's summary). */
static void for_each_shown(ArrayPrinter *p, int axis, int64_t offset,
                           void (*visit)(ArrayPrinter *, int64_t)) {
    if (axis == p->t->rank) {
        visit(p, offset);
        return;
    }
    int64_t n = p->t->shape[axis];
    bool cut = p->summarize && n > 2 * NUMPY_EDGE_ITEMS;
    for (int64_t i = 0; i < n; i++) {
        if (cut && i == NUMPY_EDGE_ITEMS) i = n - NUMPY_EDGE_ITEMS;
        for_each_shown(p, axis + 1, offset + i * p->strides[axis], visit);
    }
}

static void scan_magnitude(ArrayPrinter *p, int64_t i) {
    double x = element_double(p->t, i);
    FormatScan *sc = &p->scan;
    if (!isfinite(x)) {
        sc->any_nonfinite = true;
        sc->any_neg_inf |= isinf(x) && x < 0;
        return;
    }
    sc->any_finite = true;
    if (x == 0) return;
    double m = fabs(x);
    if (!sc->any_nonzero || m < sc->min_abs) sc->min_abs = m;
    if (!sc->any_nonzero || m > sc->max_abs) sc->max_abs = m;
    sc->any_nonzero = true;
}

static void scan_digits(ArrayPrinter *p, int64_t i) {
    double x = element_double(p->t, i);
    if (!isfinite(x)) return;
    bool f32 = p->t->dtype == IG_FLOAT32;
    char ip[400], fp[400];
    FormatScan *sc = &p->scan;
    if (p->fmt.exp_format) {
        int e;
        scientific_parts(x, f32, ip, fp, &e);
        if ((int)strlen(ip) > sc->exp_ilen) sc->exp_ilen = (int)strlen(ip);
        if ((int)strlen(fp) > sc->exp_flen) sc->exp_flen = (int)strlen(fp);
        if (exponent_digits(e) > sc->exp_size) sc->exp_size = exponent_digits(e);
    } else {
        positional_parts(x, f32, ip, fp);
        if ((int)strlen(ip) > sc->ilen) sc->ilen = (int)strlen(ip);
        if ((int)strlen(fp) > sc->flen) sc->flen = (int)strlen(fp);
    }
}

static int element_int_width(const IgTensor *t, int64_t i) {
    char buf[32];
    if (t->dtype == IG_INT32) return snprintf(buf, sizeof buf, "%d", ((const int32_t *)t->data)[i]);
    return snprintf(buf, sizeof buf, "%lld", (long long)((const int64_t *)t->data)[i]);
}

static void scan_int_width(ArrayPrinter *p, int64_t i) {
    int w = element_int_width(p->t, i);
    if (w > p->fmt.width) p->fmt.width = w;
}

static void choose_format(ArrayPrinter *p) {
    ElementFormat *f = &p->fmt;
    *f = (ElementFormat){0};
    if (p->t->dtype == IG_BOOL) {
        f->width = 5; /* NumPy writes " True" in arrays, as wide as "False" */
        return;
    }
    if (p->t->dtype == IG_INT32 || p->t->dtype == IG_INT64) {
        for_each_shown(p, 0, 0, scan_int_width);
        return;
    }
    f->is_float = true;
    p->scan = (FormatScan){0};
    for_each_shown(p, 0, 0, scan_magnitude);
    FormatScan *sc = &p->scan;
    f->exp_format = sc->any_nonzero &&
                    (sc->max_abs >= 1e8 || sc->min_abs < 1e-4 || sc->max_abs / sc->min_abs > 1000.);
    for_each_shown(p, 0, 0, scan_digits);
    if (!sc->any_finite) {
        f->pad_left = f->pad_right = 0;
    } else if (f->exp_format) {
        f->precision = sc->exp_flen;
        f->exp_size = sc->exp_size;
        f->pad_left = sc->exp_ilen;
        f->pad_right = f->exp_size + 2 + f->precision;
    } else {
        f->pad_left = sc->ilen;
        f->pad_right = sc->flen;
    }
    if (sc->any_nonfinite) {
        /* "nan" / "inf" / "-inf" are right-aligned past the decimal point. */
        int offset = f->pad_right + 1;
        int nanlen = 3, inflen = 3 + sc->any_neg_inf;
        if (nanlen - offset > f->pad_left) f->pad_left = nanlen - offset;
        if (inflen - offset > f->pad_left) f->pad_left = inflen - offset;
    }
}

static const char *format_element(ArrayPrinter *p, int64_t i) {
    const IgTensor *t = p->t;
    const ElementFormat *f = &p->fmt;
    Arena *a = p->a;
    switch (t->dtype) {
    case IG_BOOL: return ((const unsigned char *)t->data)[i] ? " True" : "False";
    case IG_INT32: return arena_printf(a, "%*d", f->width, ((const int32_t *)t->data)[i]);
    case IG_INT64:
        return arena_printf(a, "%*lld", f->width, (long long)((const int64_t *)t->data)[i]);
    case IG_FLOAT32:
    case IG_FLOAT64: break;
    default: UNREACHABLE();
    }
    double x = element_double(t, i);
    bool f32 = t->dtype == IG_FLOAT32;
    if (!isfinite(x)) {
        const char *s = isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
        return arena_printf(a, "%*s", f->pad_left + f->pad_right + 1, s);
    }
    char ip[400], fp[400];
    if (f->exp_format) {
        int e;
        scientific_parts(x, f32, ip, fp, &e);
        /* All fraction digits written (zeros added), the exponent to a common width. */
        return arena_printf(a, "%*s.%s%.*se%c%0*d", f->pad_left, ip, fp,
                            (int)(f->precision - strlen(fp)), "00000000000000000000",
                            e < 0 ? '-' : '+', f->exp_size, abs(e));
    }
    positional_parts(x, f32, ip, fp);
    return arena_printf(a, "%*s.%-*s", f->pad_left, ip, f->pad_right, fp);
}

/* NumPy's _extendLine: word goes on line, or on a new line when it would pass width
   (unless the line holds nothing but its indent). */
static void extend_line(StrBuf *s, StrBuf *line, const char *word, int width, const char *indent) {
    bool wrap = line->len + strlen(word) > (size_t)width && line->len > strlen(indent);
    if (wrap) {
        size_t n = line->len;
        while (n > 0 && line->data[n - 1] == ' ') n--;
        strbuf_putn(s, line->data, n);
        strbuf_putc(s, '\n');
        line->len = 0;
        strbuf_puts(line, indent);
    }
    strbuf_puts(line, word);
}

/* NumPy's _formatArray recurser: the text of the sub-array at offset, from axis on,
   its continuation lines starting with indent, at most width columns wide. */
static const char *format_axis(ArrayPrinter *p, int axis, int64_t offset, const char *indent,
                               int width) {
    if (axis == p->t->rank) return format_element(p, offset);
    Arena *a = p->a;
    int axes_left = p->t->rank - axis;
    const char *next_indent = arena_printf(a, "%s ", indent);
    int next_width = width - 1; /* room for the ']' */
    int64_t n = p->t->shape[axis];
    bool summary = p->summarize && n > 2 * NUMPY_EDGE_ITEMS;
    int64_t lead = summary ? NUMPY_EDGE_ITEMS : 0, trail = summary ? NUMPY_EDGE_ITEMS : n;
    int64_t stride = p->strides[axis];
    size_t sep_len = strlen(p->separator);
    while (sep_len > 0 && p->separator[sep_len - 1] == ' ') sep_len--; /* separator.rstrip() */
    StrBuf s;
    strbuf_init(&s, a);
    if (axes_left == 1) {
        int elem_width = width - (sep_len > 1 ? (int)sep_len : 1);
        StrBuf line;
        strbuf_init(&line, a);
        strbuf_puts(&line, indent);
        for (int64_t i = 0; i < lead; i++) {
            extend_line(&s, &line,
                        format_axis(p, axis + 1, offset + i * stride, next_indent, next_width),
                        elem_width, indent);
            strbuf_puts(&line, p->separator);
        }
        if (summary) {
            extend_line(&s, &line, "...", elem_width, indent);
            strbuf_puts(&line, p->separator);
        }
        for (int64_t i = trail; i > 1; i--) {
            extend_line(
                &s, &line,
                format_axis(p, axis + 1, offset + (n - i) * stride, next_indent, next_width),
                elem_width, indent);
            strbuf_puts(&line, p->separator);
        }
        extend_line(&s, &line,
                    format_axis(p, axis + 1, offset + (n - 1) * stride, next_indent, next_width),
                    elem_width, indent);
        strbuf_putn(&s, line.data, line.len);
    } else {
        StrBuf line_sep;
        strbuf_init(&line_sep, a);
        strbuf_putn(&line_sep, p->separator, sep_len);
        for (int k = 0; k < axes_left - 1; k++) strbuf_putc(&line_sep, '\n');
        const char *ls = strbuf_cstr(&line_sep);
        for (int64_t i = 0; i < lead; i++)
            strbuf_printf(&s, "%s%s%s", indent,
                          format_axis(p, axis + 1, offset + i * stride, next_indent, next_width),
                          ls);
        if (summary) strbuf_printf(&s, "%s...%s", indent, ls);
        for (int64_t i = trail; i > 1; i--)
            strbuf_printf(
                &s, "%s%s%s", indent,
                format_axis(p, axis + 1, offset + (n - i) * stride, next_indent, next_width), ls);
        strbuf_printf(&s, "%s%s", indent,
                      format_axis(p, axis + 1, offset + (n - 1) * stride, next_indent, next_width));
    }
    const char *body = strbuf_cstr(&s);
    return arena_printf(a, "[%s]", body + strlen(indent));
}

/* NumPy's array2string for an array of rank >= 1: str's separator is " ", repr's ", "
   with "array(" before it (prefix_len) and width_cut columns kept for what follows. */
static const char *array_text(Arena *a, const IgTensor *t, const char *separator, int prefix_len,
                              int width_cut) {
    if (t->size == 0) return "[]";
    ArrayPrinter p = {
        .a = a, .t = t, .summarize = t->size > NUMPY_THRESHOLD, .separator = separator};
    int64_t stride = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        p.strides[d] = stride;
        stride *= t->shape[d];
    }
    choose_format(&p);
    const char *indent = arena_printf(a, " %*s", prefix_len, "");
    return format_axis(&p, 0, 0, indent, NUMPY_LINE_WIDTH - width_cut);
}

static const char *element_text(Arena *a, const IgTensor *t) {
    switch (t->dtype) {
    case IG_BOOL: return *(const unsigned char *)t->data ? "True" : "False";
    case IG_INT32: return arena_printf(a, "%d", *(const int32_t *)t->data);
    case IG_INT64: return arena_printf(a, "%lld", (long long)*(const int64_t *)t->data);
    case IG_STRING: {
        const char *s = (const char *)t->data;
        return arena_printf(a, "b%s", str_repr(a, s, strlen(s)));
    }
    default: UNREACHABLE();
    }
}

/* NumPy's str() of a 0-d array: the scalar's own text. */
static const char *scalar_text(Arena *a, const IgTensor *t) {
    if (t->dtype == IG_FLOAT32) return float32_repr(a, element_double(t, 0));
    if (t->dtype == IG_FLOAT64) return float_repr(a, element_double(t, 0));
    return element_text(a, t);
}

static const char *tensor_shape_text(Arena *a, const IgTensor *t) {
    Shape s = shape_of(t->rank, t->shape);
    return shape_tuple_text(a, &s);
}

const char *concrete_tensor_str(Arena *a, const IgTensor *t) {
    const char *text = t->rank == 0 ? scalar_text(a, t) : array_text(a, t, " ", 0, 0);
    return arena_printf(a, "tf.Tensor(%s%s, shape=%s, dtype=%s)", strchr(text, '\n') ? "\n" : "",
                        text, tensor_shape_text(a, t), ig_dtype_name(t->dtype));
}

const char *concrete_ndarray_str(Arena *a, const IgTensor *t) {
    return t->rank == 0 ? scalar_text(a, t) : array_text(a, t, " ", 0, 0);
}

const char *concrete_tensor_repr(Arena *a, const IgTensor *t) {
    return arena_printf(a, "<tf.Tensor: shape=%s, dtype=%s, numpy=%s>", tensor_shape_text(a, t),
                        ig_dtype_name(t->dtype), concrete_numpy_repr(a, t));
}

/* NumPy's repr(a): array([...]) and the dtype unless the values imply it (float64,
   int64, bool, when there are values), on a line of its own if the last is full. */
const char *concrete_numpy_repr(Arena *a, const IgTensor *t) {
    if (t->rank == 0) return scalar_text(a, t);
    bool show_dtype =
        (t->dtype != IG_FLOAT64 && t->dtype != IG_INT64 && t->dtype != IG_BOOL) || t->size == 0;
    const char *text =
        arena_printf(a, "array(%s%s", array_text(a, t, ", ", 6, 1), show_dtype ? "," : ")");
    if (t->size == 0 && !(t->rank == 1 && t->shape[0] == 0))
        text = arena_printf(a, "%s shape=%s,", text, tensor_shape_text(a, t));
    if (!show_dtype) return text;
    const char *dtype = arena_printf(a, "dtype=%s)", ig_dtype_name(t->dtype));
    const char *last_line = strrchr(text, '\n') ? strrchr(text, '\n') + 1 : text;
    bool new_line = strlen(last_line) + strlen(dtype) + 1 > NUMPY_LINE_WIDTH;
    return arena_printf(a, "%s%s%s", text, new_line ? "\n      " : " ", dtype);
}
