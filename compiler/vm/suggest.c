/* suggest.c — "Did you mean: 'reduce_sum'?": the name closest to a misspelt one, by
 * CPython 3.12's rule (Python/suggestions.c): a Levenshtein distance where moving a
 * character costs 2 and changing only its case 1, the nearest name within
 * (len(a) + len(b) + 3) * 2 / 6 wins, the first in sorted order on a tie.
 * Entry point: vm_suggest. Memory owner: none (the result is one of the candidates). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

enum { MOVE_COST = 2, CASE_COST = 1, MAX_NAME = 40, MAX_CANDIDATES = 750 };

static int substitution_cost(char a, char b) {
    if (a == b) return 0;
    return tolower((unsigned char)a) == tolower((unsigned char)b) ? CASE_COST : MOVE_COST;
}

/* The distance from a to b, or max_cost + 1 once it must exceed max_cost. */
static size_t distance(const char *a, size_t na, const char *b, size_t nb, size_t max_cost) {
    while (na && nb && a[0] == b[0]) a++, b++, na--, nb--;
    while (na && nb && a[na - 1] == b[nb - 1]) na--, nb--;
    if (na == 0) return nb * MOVE_COST;
    if (nb == 0) return na * MOVE_COST;
    if (na > nb) {
        const char *t = a;
        a = b, b = t;
        size_t n = na;
        na = nb, nb = n;
    }
    if ((nb - na) * MOVE_COST > max_cost) return max_cost + 1;
    size_t row[MAX_NAME + 1];
    for (size_t i = 0; i < na; i++) row[i] = (i + 1) * MOVE_COST;
    size_t result = 0;
    for (size_t bi = 0; bi < nb; bi++) {
        size_t diag = bi * MOVE_COST; /* the distance of b[:bi] from a[:0] */
        result = bi * MOVE_COST;
        size_t min_in_row = (size_t)-1;
        for (size_t ai = 0; ai < na; ai++) {
            size_t subst = diag + (size_t)substitution_cost(b[bi], a[ai]);
            diag = row[ai];
            size_t ins = result + MOVE_COST, del = diag + MOVE_COST;
            result = subst < ins ? subst : ins;
            if (del < result) result = del;
            row[ai] = result;
            if (result < min_in_row) min_in_row = result;
        }
        if (min_in_row > max_cost) return max_cost + 1;
    }
    return result;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *vm_suggest(const char *name, const char **candidates, int n) {
    size_t len = strlen(name);
    if (len > MAX_NAME || n <= 0 || n > MAX_CANDIDATES) return NULL;
    qsort(candidates, (size_t)n, sizeof *candidates, by_name);
    const char *best = NULL;
    size_t best_distance = (size_t)-1;
    for (int i = 0; i < n; i++) {
        const char *c = candidates[i];
        size_t clen = strlen(c);
        if (strcmp(c, name) == 0 || clen > MAX_NAME) continue;
        size_t max_distance = (len + clen + 3) * MOVE_COST / 6;
        if (best && best_distance - 1 < max_distance) max_distance = best_distance - 1;
        size_t d = distance(name, len, c, clen, max_distance);
        if (d > max_distance) continue;
        if (!best || d < best_distance) best = c, best_distance = d;
    }
    return best;
}
