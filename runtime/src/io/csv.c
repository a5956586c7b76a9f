/* csv.c — ingot.data.load_csv: a file of numbers, one row a line, into a rank-2 tensor.
 * Blank lines are skipped (as NumPy's loadtxt does); every row must have the first
 * row's number of fields; a field that is not a number stops the program naming the
 * file's line and the field.
 * Entry point: ig_load_csv. Memory owner: the result belongs to the caller. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

static const char *const OP = "load_csv";

/* A field's value: an int64 table keeps integers exactly (beyond 2^53, where a double
   cannot), every other dtype goes through double. */
typedef union Number {
    double f;
    int64_t i;
} Number;

typedef struct Rows {
    IgDType dtype;       /* what each value must fit */
    Number *values;
    int64_t count, cap;  /* values */
    int64_t rows, cols;
} Rows;

static void rows_push(const IgSite *site, const char *path, Rows *r, Number v)
{
    if (r->count == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 1024;
        if (r->values != NULL) ig_io_unhold(r->values);
        Number *grown = realloc(r->values, (size_t)r->cap * sizeof *grown);
        if (grown == NULL) {
            free(r->values);
            r->values = NULL;
            ig_io_fail(site, OP, path, 0, "out of memory reading the file");
        }
        r->values = ig_io_hold(grown, ig_io_release_free);
    }
    r->values[r->count++] = v;
}

static bool is_blank(const char *p, const char *end)
{
    for (; p < end; p++)
        if (!isspace((unsigned char)*p)) return false;
    return true;
}

/* Field parsing's outcome: a value for dtype, text that is not a number, or a number
   with no equal in dtype (ints take whole numbers in their range). */
typedef enum FieldParse { FIELD_OK, FIELD_NOT_A_NUMBER, FIELD_DOES_NOT_FIT } FieldParse;

/* One field [p, end) as a number of dtype; surrounding spaces are allowed, nothing
   else. An int64 field written as an integer is read as one, exactly. */
static FieldParse parse_field(const char *p, const char *end, IgDType dtype, Number *out)
{
    while (p < end && isspace((unsigned char)*p)) p++;
    while (end > p && isspace((unsigned char)end[-1])) end--;
    if (p == end || end - p > 63) return FIELD_NOT_A_NUMBER;
    char text[64];
    memcpy(text, p, (size_t)(end - p));
    text[end - p] = '\0';
    char *stop;
    if (dtype == IG_INT64) {
        errno = 0;
        long long i = strtoll(text, &stop, 10);
        if (*stop == '\0') {
            if (errno == ERANGE) return FIELD_DOES_NOT_FIT;
            out->i = i;
            return FIELD_OK;
        }
    }
    errno = 0;
    double v = strtod(text, &stop);
    if (*stop != '\0' || (errno == ERANGE && isinf(v))) return FIELD_NOT_A_NUMBER;
    if (dtype == IG_INT32 && !(v >= INT32_MIN && v <= INT32_MAX && v == floor(v)))
        return FIELD_DOES_NOT_FIT;
    if (dtype == IG_INT64) {
        if (!(v >= -0x1p63 && v < 0x1p63 && v == floor(v))) return FIELD_DOES_NOT_FIT;
        out->i = (int64_t)v; /* "3.0" */
        return FIELD_OK;
    }
    out->f = v;
    return FIELD_OK;
}

static void parse_row(const IgSite *site, const char *path, long line, char delim,
                      const char *p, const char *end, Rows *r)
{
    int64_t fields = 0;
    for (;;) {
        const char *stop = memchr(p, delim, (size_t)(end - p));
        if (stop == NULL) stop = end;
        Number v;
        FieldParse parsed = parse_field(p, stop, r->dtype, &v);
        if (parsed == FIELD_NOT_A_NUMBER) {
            int n = (int)(stop - p) > 40 ? 40 : (int)(stop - p);
            ig_io_fail(site, OP, path, line, "field %lld is '%.*s%s', not a number",
                       (long long)fields + 1, n, p, stop - p > 40 ? "..." : "");
        }
        if (parsed == FIELD_DOES_NOT_FIT) {
            int n = (int)(stop - p) > 40 ? 40 : (int)(stop - p);
            ig_io_fail(site, OP, path, line, "field %lld is '%.*s%s', not %s %s",
                       (long long)fields + 1, n, p, stop - p > 40 ? "..." : "",
                       "an", ig_dtype_name(r->dtype));
        }
        rows_push(site, path, r, v);
        fields++;
        if (stop == end) break;
        p = stop + 1;
    }
    if (r->rows == 0)
        r->cols = fields;
    else if (fields != r->cols)
        ig_io_fail(site, OP, path, line, "this row has %lld fields, the first row has %lld",
                   (long long)fields, (long long)r->cols);
    r->rows++;
}

IgTensor *ig_load_csv(IgSite *site, const IgTensor *path_t, const IgLoadSpec *spec)
{
    const char *path = ig_io_path(path_t);
    if (spec->delimiter == NULL || strlen(spec->delimiter) != 1)
        ig_io_fail(site, OP, path, 0, "the delimiter must be one character");
    char delim = spec->delimiter[0];
    IgBytes file = ig_io_read(site, OP, path);
    Rows r = {.dtype = spec->dtype};
    const char *p = file.data, *end = file.data + file.len;
    long line = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (eol == NULL) eol = end;
        const char *stop = eol > p && eol[-1] == '\r' ? eol - 1 : eol;
        line++;
        if (line > spec->skip_header && !is_blank(p, stop))
            parse_row(site, path, line, delim, p, stop, &r);
        p = eol + (eol < end);
    }
    ig_io_bytes_free(&file);
    if (r.rows == 0)
        ig_io_fail(site, OP, path, 0, "the file has no rows of numbers%s",
                   spec->skip_header ? " after its header" : "");
    int64_t shape[2] = {r.rows, r.cols};
    ig_io_check_shape(site, OP, path, spec, "the table", 2, shape);
    IgTensor *t = ig_tensor_make(site, OP, spec->dtype, 2, shape);
    for (int64_t i = 0; i < r.count; i++) {
        bool stored = spec->dtype == IG_INT64 ? ig_io_store_i64(t, i, r.values[i].i)
                                              : ig_io_store_f64(t, i, r.values[i].f);
        IG_RT_ASSERT(stored); /* parse_row checked each value */
    }
    ig_io_unhold(r.values);
    free(r.values);
    return t;
}
