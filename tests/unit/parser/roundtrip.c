/* roundtrip.c — the printer's oracle over real scripts: every *.py under the given
 * directories is parsed, printed, re-parsed and printed again; the two trees must be
 * equal (ast_equal) and the two texts identical.
 * Usage: roundtrip [-v] DIR|FILE...  Prints each failure and "N passed, N failed".
 * A script that does not parse is skipped only if NAME.err sits next to it
 * (an expected-error script); otherwise it fails. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "parse.h"

typedef struct Stats {
    int passed, failed, skipped;
    bool verbose;
} Stats;

static bool has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The printed module as a malloc'ed string (this tool is not compiler code). */
static char *print_to_string(const Node *module) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        perror("open_memstream");
        exit(2);
    }
    ast_print(f, module);
    fclose(f);
    return buf;
}

static bool sibling_err_exists(const char *path) {
    size_t n = strlen(path);
    char *err = malloc(n + 2);
    memcpy(err, path, n - 3); /* drop ".py" */
    strcpy(err + n - 3, ".err");
    bool exists = access(err, F_OK) == 0;
    free(err);
    return exists;
}

static void fail(Stats *st, const char *path, const char *why, const char *detail) {
    st->failed++;
    printf("FAIL %s: %s\n", path, why);
    if (detail) printf("%s", detail);
}

static void check_file(Stats *st, const char *path) {
    Arena *arena = arena_new();
    char *diag_text = NULL;
    size_t diag_len = 0;
    FILE *diag_out = open_memstream(&diag_text, &diag_len);
    Diag diag;
    diag_init(&diag, diag_out);
    char *first = NULL, *second = NULL;

    SourceFile *src = diag_load_file(arena, path);
    if (!src) {
        fclose(diag_out);
        fail(st, path, "cannot read", NULL);
        goto done;
    }
    Node *m1 = parse_file(arena, &diag, src);
    fflush(diag_out);
    if (!m1) {
        if (sibling_err_exists(path)) {
            st->skipped++;
            if (st->verbose) printf("skip %s (expected-error script)\n", path);
        } else {
            fail(st, path, "does not parse", diag_text);
        }
        fclose(diag_out);
        goto done;
    }
    first = print_to_string(m1);
    SourceFile *printed = diag_source_from_string(arena, path, first);
    Node *m2 = parse_file(arena, &diag, printed);
    fflush(diag_out);
    if (!m2) {
        fail(st, path, "printed text does not parse", diag_text);
        printf("--- printed text ---\n%s--- end ---\n", first);
        fclose(diag_out);
        goto done;
    }
    fclose(diag_out);
    second = print_to_string(m2);
    if (!ast_equal(m1, m2)) {
        fail(st, path, "re-parsed tree differs", NULL);
        printf("--- printed text ---\n%s--- end ---\n", first);
    } else if (strcmp(first, second) != 0) {
        fail(st, path, "printing twice gives different text", NULL);
        printf("--- first ---\n%s--- second ---\n%s--- end ---\n", first, second);
    } else {
        st->passed++;
        if (st->verbose) printf("ok   %s\n", path);
    }
done:
    free(first);
    free(second);
    free(diag_text);
    arena_free(arena);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Depth-first, in name order, so the output is the same on every machine. */
static void walk(Stats *st, const char *path) {
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fail(st, path, "no such file or directory", NULL);
        return;
    }
    if (!S_ISDIR(sb.st_mode)) {
        if (has_suffix(path, ".py")) check_file(st, path);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir) {
        fail(st, path, "cannot open directory", NULL);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(dir))) {
        if (de->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            names = realloc(names, cap * sizeof *names);
        }
        names[n++] = strdup(de->d_name);
    }
    closedir(dir);
    if (n) qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(path) + strlen(names[i]) + 2;
        char *child = malloc(len);
        snprintf(child, len, "%s/%s", path, names[i]);
        walk(st, child);
        free(child);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv) {
    Stats st = {0};
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        st.verbose = true;
        first = 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: roundtrip [-v] DIR|FILE...\n");
        return 2;
    }
    for (int i = first; i < argc; i++) walk(&st, argv[i]);
    printf("%d passed, %d failed\n", st.passed, st.failed);
    return st.failed ? 1 : 0;
}
