/* format.c — tensors as tf.print shows them, following TensorFlow's
 * Tensor::SummarizeValue(summarize, print_v2=true) in tensor.cc (PrintOneDimV2,
 * PrintDimSpacing) and its number formatting (FloatToBuffer, DoubleToBuffer).
 * Entry points: ig_format_element, ig_format_tensor.
 * Memory owner: ig_format_tensor's result is malloc'd; the caller frees it. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- A growing string --------------------------------------------------------------- */

typedef struct StrBuf {
    char *p;
    size_t len, cap;
} StrBuf;

static void sb_append(StrBuf *sb, const char *s, size_t n)
{
    if (sb->len + n + 1 > sb->cap) {
        size_t cap = sb->cap ? sb->cap : 64;
        while (cap < sb->len + n + 1) cap *= 2;
        char *p = realloc(sb->p, cap);
        if (p == NULL) ig_fatal(NULL, "out of memory");
        sb->p = p;
        sb->cap = cap;
    }
    memcpy(sb->p + sb->len, s, n);
    sb->len += n;
    sb->p[sb->len] = '\0';
}

static void sb_puts(StrBuf *sb, const char *s)
{
    sb_append(sb, s, strlen(s));
}

/* ---- One element -------------------------------------------------------------------- */

/* TensorFlow's FloatToBuffer: FLT_DIG (6) significant digits if that reads back as the
 * same float, else FLT_DIG + 3 (9), which always does. NaN keeps its sign. */
static int format_f32(char *buf, size_t size, float v)
{
    if (isnan(v)) return snprintf(buf, size, "%snan", signbit(v) ? "-" : "");
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%.6g", (double)v);
    if (strtof(tmp, NULL) != v) snprintf(tmp, sizeof tmp, "%.9g", (double)v);
    return snprintf(buf, size, "%s", tmp);
}

/* DoubleToBuffer: DBL_DIG (15) digits, else DBL_DIG + 2 (17). */
static int format_f64(char *buf, size_t size, double v)
{
    if (isnan(v)) return snprintf(buf, size, "%snan", signbit(v) ? "-" : "");
    char tmp[40];
    snprintf(tmp, sizeof tmp, "%.15g", v);
    if (strtod(tmp, NULL) != v) snprintf(tmp, sizeof tmp, "%.17g", v);
    return snprintf(buf, size, "%s", tmp);
}

/* Bools print as 1 and 0: TensorFlow streams them as integers (its own comment in
 * SummarizeValue: 'This will emit "1 0..." which is more compact'). A string element
 * is its text, raw; ig_format_tensor adds the quotes tf.print puts around it. */
int ig_format_element(char *buf, size_t bufsize, IgDType dtype, const void *element)
{
    switch (dtype) {
    case IG_BOOL: return snprintf(buf, bufsize, "%d", *(const uint8_t *)element != 0);
    case IG_INT32: return snprintf(buf, bufsize, "%" PRId32, *(const int32_t *)element);
    case IG_INT64: return snprintf(buf, bufsize, "%" PRId64, *(const int64_t *)element);
    case IG_FLOAT32: return format_f32(buf, bufsize, *(const float *)element);
    case IG_FLOAT64: return format_f64(buf, bufsize, *(const double *)element);
    case IG_STRING: return snprintf(buf, bufsize, "%s", (const char *)element);
    case IG_DTYPE_COUNT: break;
    }
    ig_internal_error(__FILE__, __LINE__, "format: bad dtype %d", (int)dtype);
}

/* A string element as print_v2 shows it: in double quotes, C-escaped the way
 * absl::Utf8SafeCEscape does (bytes >= 0x80 pass through as UTF-8). */
static void format_string_quoted(StrBuf *sb, const char *s)
{
    sb_puts(sb, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        char esc[8];
        switch (*c) {
        case '\n': sb_puts(sb, "\\n"); break;
        case '\r': sb_puts(sb, "\\r"); break;
        case '\t': sb_puts(sb, "\\t"); break;
        case '\"': sb_puts(sb, "\\\""); break;
        case '\'': sb_puts(sb, "\\'"); break;
        case '\\': sb_puts(sb, "\\\\"); break;
        default:
            if (*c < 0x20 || *c == 0x7f) {
                snprintf(esc, sizeof esc, "\\%03o", *c);
                sb_puts(sb, esc);
            } else {
                sb_append(sb, (const char *)c, 1);
            }
        }
    }
    sb_puts(sb, "\"");
}

static void format_one(StrBuf *sb, const IgTensor *t, int64_t index)
{
    if (t->dtype == IG_STRING) {
        format_string_quoted(sb, t->data);
        return;
    }
    char buf[48];
    const char *elem = (const char *)t->data + (size_t)index * ig_dtype_size(t->dtype);
    ig_format_element(buf, sizeof buf, t->dtype, elem);
    sb_puts(sb, buf);
}

/* ---- Whole tensors ------------------------------------------------------------------ */

/* Between two entries of dimension dim: a space in the innermost dimension; otherwise
 * one newline per dimension still inside it (a blank line between the blocks of a 3-D
 * tensor), then dim + 1 spaces so the next '[' lines up under the previous one. */
static void format_dim_spacing(StrBuf *sb, int dim, int rank)
{
    if (dim == rank - 1) {
        sb_puts(sb, " ");
        return;
    }
    for (int j = 0; j < rank - dim - 1; j++) sb_puts(sb, "\n");
    for (int j = 0; j <= dim; j++) sb_puts(sb, " ");
}

/* Dimension dim of t starting at element index: the first `ends` entries, "..." if
 * more than 2*ends exist, then the last `ends` (all of them if there are few). */
static void format_dim(StrBuf *sb, const IgTensor *t, int dim, int64_t ends, int64_t index)
{
    if (dim == t->rank) {
        format_one(sb, t, index);
        return;
    }
    sb_puts(sb, "[");
    int64_t count = t->shape[dim];
    int64_t start_of_end = count - ends > ends ? count - ends : ends;
    int64_t per_entry = 1;
    for (int d = dim + 1; d < t->rank; d++) per_entry *= t->shape[d];
    for (int64_t i = 0; i < ends && i < count; i++) {
        if (i > 0) format_dim_spacing(sb, dim, t->rank);
        format_dim(sb, t, dim + 1, ends, index + per_entry * i);
    }
    if (count > 2 * ends) {
        format_dim_spacing(sb, dim, t->rank);
        sb_puts(sb, "...");
    }
    for (int64_t i = start_of_end; i < count; i++) {
        format_dim_spacing(sb, dim, t->rank);
        format_dim(sb, t, dim + 1, ends, index + per_entry * i);
    }
    sb_puts(sb, "]");
}

char *ig_format_tensor(const IgTensor *t, int summarize)
{
    StrBuf sb = {0};
    sb_append(&sb, "", 0); /* an empty result is still a string */
    int64_t max_entries = summarize < 0 ? t->size : summarize;
    int64_t limit = max_entries < t->size ? max_entries : t->size;
    if (t->dtype == IG_BOOL && limit == 0) {
        /* TensorFlow's SummarizeArray<bool> returns "" when no element is shown
         * (its data pointer is null then), where other dtypes print "[]". */
        return sb.p;
    }
    if (t->rank == 0) {
        if (limit > 0) format_one(&sb, t, 0);
        if (t->size > limit) sb_puts(&sb, "...");
        return sb.p;
    }
    /* TensorFlow passes min(summarize, size) as the number of entries kept at each end
     * of every dimension. */
    format_dim(&sb, t, 0, limit, 0);
    return sb.p;
}
