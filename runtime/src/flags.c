/* flags.c — the program's command line: ingot.flag values chosen when the binary
 * runs (--epochs=20), parsed once before anything runs, read by the flag nodes.
 * Entry points: ig_flags_try_parse, ig_flags_parse, ig_flag_value.
 * Memory owner: this file owns the flag tensors (immortal) until ig_flags_release_all. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Global mutable state: the parsed values, one scalar tensor per flag of the table
 * main() passed. The flag nodes read them from anywhere in the program, the way a
 * TensorFlow graph reads a placeholder fed once; passing them down every call of the
 * emitted C would only clutter it. */
static IgTensor **g_values;
static int g_nvalues;

/* The program's name in messages: argv[0] without its directory, as getopt does. */
static const char *program_name(int argc, char **argv)
{
    if (argc < 1 || argv[0] == NULL || argv[0][0] == '\0') return "program";
    const char *slash = strrchr(argv[0], '/');
    return slash ? slash + 1 : argv[0];
}

/* "an int32", "a bool": what a value of dtype must look like, for messages. */
static const char *expected_text(IgDType dtype)
{
    switch (dtype) {
    case IG_BOOL: return "a bool (true, false, 1 or 0)";
    case IG_INT32: return "an int32";
    case IG_INT64: return "an int64";
    case IG_FLOAT32: return "a float32";
    case IG_FLOAT64: return "a float64";
    case IG_STRING: return "a string";
    case IG_DTYPE_COUNT: break;
    }
    return "a value";
}

static IgTensor *scalar_new(IgDType dtype, const void *value)
{
    IgTensor *t = ig_tensor_new(dtype, 0, NULL);
    memcpy(t->data, value, ig_dtype_size(dtype));
    t->refcount = -1; /* immortal: flag nodes hand out the same tensor every time */
    return t;
}

static IgTensor *string_new(const char *text)
{
    size_t len = strlen(text);
    IgTensor *t = ig_tensor_alloc(NULL, "a flag", IG_STRING, 0, NULL, len + 1);
    memcpy(t->data, text, len + 1);
    t->refcount = -1;
    return t;
}

typedef enum { PARSE_OK, PARSE_BAD, PARSE_RANGE } ParseResult;

/* Integers in base 10, the whole text, no leading blanks (strtoll would skip them). */
static ParseResult parse_int(const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    if (text[0] == '\0' || text[0] == ' ' || text[0] == '\t') return PARSE_BAD;
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (*end != '\0') return PARSE_BAD;
    if (errno == ERANGE || v < lo || v > hi) return PARSE_RANGE;
    *out = v;
    return PARSE_OK;
}

/* What strtod accepts (inf and nan included), the whole text. A float32 is read with
 * strtof, correctly rounded: the compiler writes a float32 default as the shortest
 * text that strtof reads back exactly, so the default arrives bit for bit. */
static ParseResult parse_float(const char *text, bool is_float32, double *out)
{
    if (text[0] == '\0' || text[0] == ' ' || text[0] == '\t') return PARSE_BAD;
    char *end;
    errno = 0;
    double v = is_float32 ? (double)strtof(text, &end) : strtod(text, &end);
    if (*end != '\0') return PARSE_BAD;
    if (errno == ERANGE && isinf(v)) return PARSE_RANGE;
    *out = v;
    return PARSE_OK;
}

/* text as a value of flag f: a new immortal scalar, or NULL with *range telling an
 * out-of-range number from text that is no number at all. */
static IgTensor *flag_value_parse(const IgFlagSpec *f, const char *text, bool *range)
{
    *range = false;
    ParseResult r = PARSE_BAD;
    switch (f->dtype) {
    case IG_BOOL: {
        bool b;
        if (strcmp(text, "true") == 0 || strcmp(text, "1") == 0) b = true;
        else if (strcmp(text, "false") == 0 || strcmp(text, "0") == 0) b = false;
        else return NULL;
        return scalar_new(IG_BOOL, &b);
    }
    case IG_INT32: {
        int64_t v;
        if ((r = parse_int(text, INT32_MIN, INT32_MAX, &v)) != PARSE_OK) break;
        int32_t v32 = (int32_t)v;
        return scalar_new(IG_INT32, &v32);
    }
    case IG_INT64: {
        int64_t v;
        if ((r = parse_int(text, INT64_MIN, INT64_MAX, &v)) != PARSE_OK) break;
        return scalar_new(IG_INT64, &v);
    }
    case IG_FLOAT32: {
        double v;
        if ((r = parse_float(text, true, &v)) != PARSE_OK) break;
        float v32 = (float)v;
        return scalar_new(IG_FLOAT32, &v32);
    }
    case IG_FLOAT64: {
        double v;
        if ((r = parse_float(text, false, &v)) != PARSE_OK) break;
        return scalar_new(IG_FLOAT64, &v);
    }
    case IG_STRING: return string_new(text);
    case IG_DTYPE_COUNT: break;
    }
    *range = r == PARSE_RANGE;
    return NULL;
}

static void values_free(IgTensor **values, int n)
{
    for (int i = 0; i < n; i++) ig_tensor_free(values[i]);
    free(values);
}

/* ---- --help --------------------------------------------------------------------------- */
/* "--epochs=<int32>" or, for a bool, which may stand alone, "--verbose[=<bool>]". */
static int usage_syntax(char *buf, size_t size, const IgFlagSpec *f)
{
    const char *type = ig_dtype_name(f->dtype);
    if (f->dtype == IG_BOOL) return snprintf(buf, size, "--%s[=<%s>]", f->name, type);
    return snprintf(buf, size, "--%s=<%s>", f->name, type);
}

/* Whether the script declared a flag of this name: a script's own --threads takes the
 * place of the runtime's. */
static bool flag_defined(const IgFlagSpec *table, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(table[i].name, name) == 0) return true;
    return false;
}

static void usage_print(FILE *out, const char *prog, const IgFlagSpec *table, int n)
{
    fprintf(out, "usage: %s [flags]\n\nflags:\n", prog);
    int width = (int)strlen("--threads=<int>");
    for (int i = 0; i < n; i++) {
        int len = usage_syntax(NULL, 0, &table[i]);
        if (len > width) width = len;
    }
    for (int i = 0; i < n; i++) {
        const IgFlagSpec *f = &table[i];
        char syntax[256];
        usage_syntax(syntax, sizeof syntax, f);
        const char *quote = f->dtype == IG_STRING ? "\"" : "";
        fprintf(out, "  %-*s  %s%s(default: %s%s%s)\n", width, syntax, f->help,
                f->help[0] ? " " : "", quote, f->default_text, quote);
    }
    if (!flag_defined(table, n, "threads"))
        fprintf(out, "  %-*s  %s\n", width, "--threads=<int>",
                "threads a kernel may use (default: $INGOT_NUM_THREADS or the cores)");
    fprintf(out, "  %-*s  show this help and exit\n", width, "--help");
}

/* ---- parsing ------------------------------------------------------------------------- */
static const IgFlagSpec *flag_find(const IgFlagSpec *table, int n, const char *name, size_t len,
                                   int *index)
{
    for (int i = 0; i < n; i++) {
        if (strlen(table[i].name) == len && strncmp(table[i].name, name, len) == 0) {
            *index = i;
            return &table[i];
        }
    }
    return NULL;
}

/* An error: the partial values are dropped, "<program>: error: <message>" written. */
static IgFlagsStatus fail(FILE *err, const char *prog, IgTensor **values, int n, const char *fmt,
                          ...) __attribute__((format(printf, 5, 6)));
static IgFlagsStatus fail(FILE *err, const char *prog, IgTensor **values, int n, const char *fmt,
                          ...) {
    values_free(values, n);
    fprintf(err, "%s: error: ", prog);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(err, fmt, ap);
    va_end(ap);
    fputc('\n', err);
    fflush(err);
    return IG_FLAGS_ERROR;
}

/* What a number of dtype must be when it parsed but did not fit. */
static const char *range_text(IgDType dtype)
{
    switch (dtype) {
    case IG_INT32: return "an int32, between -2147483648 and 2147483647";
    case IG_INT64: return "an int64, between -9223372036854775808 and 9223372036854775807";
    case IG_FLOAT32: return "a float32 (the value is out of range)";
    case IG_FLOAT64: return "a float64 (the value is out of range)";
    default: return expected_text(dtype);
    }
}

IgFlagsStatus ig_flags_try_parse(int argc, char **argv, const IgFlagSpec *table, int n, FILE *out,
                                 FILE *err)
{
    IG_RT_ASSERT(n >= 0 && (n == 0 || table != NULL));
    const char *prog = program_name(argc, argv);
    /* Defaults first; the arguments replace them one by one (the last one wins). */
    IgTensor **values = calloc(n > 0 ? (size_t)n : 1, sizeof *values);
    if (values == NULL) ig_fatal(NULL, "out of memory");
    for (int i = 0; i < n; i++) {
        bool range;
        values[i] = flag_value_parse(&table[i], table[i].default_text, &range);
        if (values[i] == NULL)
            ig_internal_error(__FILE__, __LINE__, "the default '%s' of --%s is not %s",
                              table[i].default_text, table[i].name, expected_text(table[i].dtype));
    }
    /* The thread budget from the environment; --threads below overrides it. */
    const char *env_threads = getenv("INGOT_NUM_THREADS");
    if (env_threads != NULL && *env_threads != '\0' && !ig_threads_configure(env_threads))
        return fail(err, prog, values, n,
                    "INGOT_NUM_THREADS='%s' is not a number of threads (1 to 4096)", env_threads);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            values_free(values, n);
            usage_print(out, prog, table, n);
            fflush(out);
            return IG_FLAGS_HELP;
        }
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
            return fail(err, prog, values, n,
                        "unexpected argument '%s' (flags are written --name=value)", arg);
        const char *name = arg + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int index = -1;
        const IgFlagSpec *f = flag_find(table, n, name, len, &index);
        if (f == NULL && len == strlen("threads") && strncmp(name, "threads", len) == 0) {
            const char *count = eq ? eq + 1 : i + 1 < argc ? argv[++i] : "";
            if (!ig_threads_configure(count))
                return fail(err, prog, values, n,
                            "invalid value '%s' for --threads: expected a number of threads, "
                            "1 to 4096", count);
            continue;
        }
        if (f == NULL)
            return fail(err, prog, values, n, "unknown flag '--%.*s' (--help lists the flags)",
                        (int)len, name);
        const char *text;
        if (eq) text = eq + 1;
        else if (f->dtype == IG_BOOL)
            text = "true"; /* a bare --verbose: never eats the next argument */
        else if (i + 1 < argc) text = argv[++i];
        else return fail(err, prog, values, n, "missing value for --%s: expected %s", f->name,
                         expected_text(f->dtype));
        bool range;
        IgTensor *v = flag_value_parse(f, text, &range);
        if (v == NULL)
            return fail(err, prog, values, n, "invalid value '%s' for --%s: expected %s", text,
                        f->name, range ? range_text(f->dtype) : expected_text(f->dtype));
        ig_tensor_free(values[index]);
        values[index] = v;
    }
    ig_flags_release_all();
    g_values = values;
    g_nvalues = n;
    return IG_FLAGS_OK;
}

void ig_flags_parse(int argc, char **argv, const IgFlagSpec *table, int n)
{
    switch (ig_flags_try_parse(argc, argv, table, n, stdout, stderr)) {
    case IG_FLAGS_OK: return;
    case IG_FLAGS_HELP: exit(0);
    case IG_FLAGS_ERROR: exit(2); /* a usage error, as getopt-style tools report it */
    }
}

IgTensor *ig_flag_value(IgSite *site, int index)
{
    (void)site;
    if (index < 0 || index >= g_nvalues)
        ig_internal_error(__FILE__, __LINE__,
                          "flag %d read before ig_flags_parse set it (%d flags)", index, g_nvalues);
    return g_values[index];
}

void ig_flags_release_all(void)
{
    if (g_values != NULL) values_free(g_values, g_nvalues);
    g_values = NULL;
    g_nvalues = 0;
}
