/* text_lines.c — texts as linked lines, and their diff (text_lines.h). */
#include "text_lines.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define DIFF_MAX_CELLS (4 * 1000 * 1000)

TextLines text_lines_split(Arena *a, const char *text) {
    int n = 0;
    for (const char *p = text; *p; p++) n += *p == '\n';
    size_t len = strlen(text);
    if (len && text[len - 1] != '\n') n++;
    TextLines t = {ARENA_ARRAY(a, TextLine, n ? n : 1), 0};
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) : strlen(p);
        t.lines[t.n++] = (TextLine){p, l, 0};
        p += l + (nl != NULL);
    }
    return t;
}

void text_lines_link_marks(TextLines *t, const AstLineMark *marks, int nmarks) {
    int m = 0, line = 0;
    size_t offset = 0;
    for (int i = 0; i < t->n; i++) {
        /* A line belongs to the last statement that started at or before its start. */
        while (m < nmarks && marks[m].offset <= offset) line = marks[m++].line;
        t->lines[i].src_line = line;
        offset += t->lines[i].len + 1;
    }
}

/* The N of "SCRIPT:N" at p, or 0 when p does not start so. */
static int script_line_at(const char *p, const char *end, const char *script) {
    size_t n = strlen(script);
    if ((size_t)(end - p) <= n || strncmp(p, script, n) != 0 || p[n] != ':') return 0;
    int line = 0;
    for (p += n + 1; p < end && *p >= '0' && *p <= '9' && line < 100000000; p++)
        line = line * 10 + (*p - '0');
    return line;
}

/* The line a C line names, as described in the header; -1 when it names none. */
static int c_line_names(const TextLine *l, const char *script) {
    const char *p = l->text, *end = l->text + l->len;
    while (p < end && *p == ' ') p++;
    if (end - p > 3 && strncmp(p, "/* ", 3) == 0) {
        int n = script_line_at(p + 3, end, script);
        if (n > 0) return n;
    }
    static const char traced[] = "* traced from ";
    if ((size_t)(end - p) > sizeof traced && strncmp(p, traced, sizeof traced - 1) == 0)
        for (const char *q = end - 4; q > p; q--) /* the last " at " */
            if (strncmp(q, " at ", 4) == 0) {
                int n = script_line_at(q + 4, end, script);
                return n > 0 ? n : -1;
            }
    return -1;
}

void text_lines_link_c(TextLines *t, const char *script) {
    int line = 0;
    for (int i = 0; i < t->n; i++) {
        TextLine *l = &t->lines[i];
        int named = c_line_names(l, script);
        if (named > 0) {
            line = named;
            /* The header comment's first line belongs to the function too. */
            if (i > 0 && strncmp(l->text, " * traced", 9) == 0) t->lines[i - 1].src_line = line;
        }
        l->src_line = line;
        if (l->len >= 1 && l->text[0] == '}') line = 0;
    }
}

void text_lines_link_mentions(TextLines *t, const char *script) {
    size_t n = strlen(script);
    for (int i = 0; i < t->n; i++) {
        TextLine *l = &t->lines[i];
        const char *end = l->text + l->len;
        for (const char *p = l->text; p + n < end && !l->src_line; p++)
            if (p == l->text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
                l->src_line = script_line_at(p, end, script);
    }
}

bool text_line_equal(const TextLine *x, const TextLine *y) {
    return x->len == y->len && memcmp(x->text, y->text, x->len) == 0;
}

static DiffRow *diff_by_position(Arena *a, const TextLines *l, const TextLines *r, int *nrows) {
    int n = l->n > r->n ? l->n : r->n;
    DiffRow *rows = ARENA_ARRAY(a, DiffRow, n ? n : 1);
    for (int i = 0; i < n; i++) rows[i] = (DiffRow){i < l->n ? i : -1, i < r->n ? i : -1};
    *nrows = n;
    return rows;
}

DiffRow *text_lines_diff(Arena *a, const TextLines *l, const TextLines *r, int *nrows) {
    int n = l->n, m = r->n;
    if ((long long)(n + 1) * (m + 1) > DIFF_MAX_CELLS) return diff_by_position(a, l, r, nrows);
    /* lcs[i][j]: the longest common subsequence of l[i..] and r[j..]. */
    int *lcs = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof(int));
    if (!lcs) return diff_by_position(a, l, r, nrows);
#define LCS(i, j) lcs[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
    for (int i = n - 1; i >= 0; i--)
        for (int j = m - 1; j >= 0; j--)
            LCS(i, j) = text_line_equal(&l->lines[i], &r->lines[j])
                            ? LCS(i + 1, j + 1) + 1
                            : (LCS(i + 1, j) >= LCS(i, j + 1) ? LCS(i + 1, j) : LCS(i, j + 1));
    DiffRow *rows = ARENA_ARRAY(a, DiffRow, n + m + 1);
    int k = 0, i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && text_line_equal(&l->lines[i], &r->lines[j]))
            rows[k++] = (DiffRow){i++, j++};
        else if (j == m || (i < n && LCS(i + 1, j) >= LCS(i, j + 1)))
            rows[k++] = (DiffRow){i++, -1};
        else
            rows[k++] = (DiffRow){-1, j++};
    }
#undef LCS
    free(lcs);
    *nrows = k;
    return rows;
}
