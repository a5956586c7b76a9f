/* checkpoint_index.c — numbered checkpoints and tf.train.CheckpointManager's bookkeeping:
 * "PREFIX-N" paths, and the index file DIRECTORY/checkpoint in TensorFlow's text form
 *     model_checkpoint_path: "ckpt-3"
 *     all_model_checkpoint_paths: "ckpt-2"
 *     all_model_checkpoint_paths: "ckpt-3"
 * (names relative to the directory), which says which checkpoints exist, the newest
 * last; the manager deletes the oldest beyond max_to_keep.
 * Entry points: ig_path_join, ig_checkpoint_path, ig_checkpoint_manage,
 * ig_checkpoint_latest.
 * Memory owner: results are the caller's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"

static IgTensor *string_tensor(const IgSite *site, const char *op, const char *text)
{
    size_t len = strlen(text);
    IgTensor *t = ig_tensor_alloc(site, op, IG_STRING, 0, NULL, len + 1);
    memcpy(t->data, text, len + 1);
    return t;
}

IgTensor *ig_path_join(IgSite *site, const IgTensor *directory, const IgTensor *name)
{
    const char *d = ig_io_path(directory), *n = ig_io_path(name);
    size_t dl = strlen(d);
    if (dl == 0 || n[0] == '\0') return string_tensor(site, "path_join", dl ? d : n);
    char *text = malloc(dl + strlen(n) + 2);
    if (text == NULL) ig_io_fail(site, "path_join", d, 0, "out of memory");
    sprintf(text, "%s%s%s", d, d[dl - 1] == '/' ? "" : "/", n);
    IgTensor *t = string_tensor(site, "path_join", text);
    free(text);
    return t;
}

IgTensor *ig_checkpoint_path(IgSite *site, const IgTensor *prefix, const IgTensor *number)
{
    IG_RT_ASSERT(number->dtype == IG_INT64 && number->rank == 0);
    const char *p = ig_io_path(prefix);
    size_t len = strlen(p) + 24;
    char *text = malloc(len);
    if (text == NULL) ig_io_fail(site, "checkpoint save", p, 0, "out of memory");
    snprintf(text, len, "%s-%lld", p, (long long)*(const int64_t *)number->data);
    IgTensor *t = string_tensor(site, "checkpoint save", text);
    free(text);
    return t;
}

enum { MAX_LISTED = 1024 };

typedef struct Index {
    char *names[MAX_LISTED]; /* relative to the directory, oldest first */
    int n;
} Index;

static char *join(const char *dir, const char *name)
{
    size_t len = strlen(dir) + strlen(name) + 2;
    char *s = malloc(len);
    if (s != NULL) snprintf(s, len, "%s/%s", dir, name);
    return s;
}

/* The quoted value of a line `key: "value"`, or NULL. */
static char *quoted_value(const char *line, const char *key)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0 || strncmp(line + k, ": \"", 3) != 0) return NULL;
    const char *v = line + k + 3, *end = strchr(v, '"');
    return end ? strndup(v, (size_t)(end - v)) : NULL;
}

static void release_index(void *ix);

/* Reads DIR/checkpoint; a missing one is an empty index. */
static void index_read(const IgSite *site, const char *op, const char *file, Index *ix)
{
    ix->n = 0;
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        if (errno == ENOENT) return;
        ig_io_fail(site, op, file, 0, "cannot open the checkpoint index: %s", strerror(errno));
    }
    ig_io_hold(f, ig_io_release_file);
    ig_io_hold(ix, release_index);
    char line[4096];
    long lineno = 0;
    char *latest = NULL;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0') continue;
        char *v = quoted_value(line, "all_model_checkpoint_paths");
        if (v != NULL) {
            if (ix->n == MAX_LISTED)
                ig_io_fail(site, op, file, lineno, "more than %d checkpoints listed", MAX_LISTED);
            ix->names[ix->n++] = v;
            continue;
        }
        v = quoted_value(line, "model_checkpoint_path");
        if (v == NULL)
            ig_io_fail(site, op, file, lineno, "expected 'model_checkpoint_path: \"NAME\"' or "
                       "'all_model_checkpoint_paths: \"NAME\"'");
        free(latest);
        latest = v;
    }
    ig_io_unhold(f);
    fclose(f);
    /* The newest is last in the list; an index that names only the newest lists it. */
    if (latest != NULL && (ix->n == 0 || strcmp(ix->names[ix->n - 1], latest) != 0)) {
        if (ix->n == MAX_LISTED) {
            free(latest);
            ig_io_fail(site, op, file, 0, "too many checkpoints listed");
        }
        ix->names[ix->n++] = latest;
    } else {
        free(latest);
    }
    ig_io_unhold(ix);
}

static void index_free(Index *ix)
{
    for (int i = 0; i < ix->n; i++) free(ix->names[i]);
    ix->n = 0;
}

static void release_index(void *ix) { index_free(ix); }

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void manage(IgSite *site, const IgTensor *directory, const IgTensor *saved,
                   const IgTensor *max_to_keep)
{
    static const char *const OP = "CheckpointManager.save";
    IG_RT_ASSERT(max_to_keep->dtype == IG_INT64 && max_to_keep->rank == 0);
    int64_t keep = *(const int64_t *)max_to_keep->data;
    const char *dir = ig_io_path(directory);
    char *file = join(dir, "checkpoint");
    if (file == NULL) ig_io_fail(site, OP, dir, 0, "out of memory");
    Index ix;
    index_read(site, OP, file, &ix);
    const char *name = base_name(ig_io_path(saved));
    for (int i = 0; i < ix.n; i++) /* saved again under the same number: it moves last */
        if (strcmp(ix.names[i], name) == 0) {
            free(ix.names[i]);
            memmove(ix.names + i, ix.names + i + 1, sizeof *ix.names * (size_t)(ix.n - i - 1));
            ix.n--;
            break;
        }
    if (ix.n == MAX_LISTED) ig_io_fail(site, OP, file, 0, "too many checkpoints listed");
    ix.names[ix.n++] = strdup(name);
    int first = keep > 0 && ix.n > keep ? ix.n - (int)keep : 0;
    /* The index is rewritten before the old files go: a crash in between leaves files
       that nothing lists, never a list naming files that are gone. */
    size_t cap = 64;
    for (int i = first; i < ix.n; i++) cap += strlen(ix.names[i]) + 40;
    char *text = malloc(cap);
    if (text == NULL) ig_io_fail(site, OP, file, 0, "out of memory");
    size_t used = (size_t)snprintf(text, cap, "model_checkpoint_path: \"%s\"\n", name);
    for (int i = first; i < ix.n; i++)
        used += (size_t)snprintf(text + used, cap - used, "all_model_checkpoint_paths: \"%s\"\n",
                                 ix.names[i]);
    const void *pieces[1] = {text};
    size_t sizes[1] = {used};
    ig_io_write_atomic(site, OP, file, 1, pieces, sizes);
    free(text);
    for (int i = 0; i < first; i++) {
        char *old = join(dir, ix.names[i]);
        if (old != NULL && unlink(old) != 0 && errno != ENOENT)
            ig_io_fail(site, OP, old, 0, "cannot delete an old checkpoint: %s", strerror(errno));
        free(old);
    }
    index_free(&ix);
    free(file);
}

IgTensor *ig_checkpoint_manage(IgSite *site, const IgTensor *directory, const IgTensor *saved,
                               const IgTensor *max_to_keep)
{
    /* As ig_save_tensors: rank 0 keeps the index, the other replicas wait for it. */
    if (ig_replica_is_chief()) manage(site, directory, saved, max_to_keep);
    ig_replicas_barrier(site);
    IgTensor *same = (IgTensor *)saved;
    ig_retain(same);
    return same;
}

IgTensor *ig_checkpoint_latest(IgSite *site, const IgTensor *directory)
{
    static const char *const OP = "CheckpointManager.latest_checkpoint";
    const char *dir = ig_io_path(directory);
    char *file = join(dir, "checkpoint");
    if (file == NULL) ig_io_fail(site, OP, dir, 0, "out of memory");
    ig_io_hold(file, ig_io_release_free);
    Index ix;
    index_read(site, OP, file, &ix);
    ig_io_unhold(file);
    free(file);
    IgTensor *t;
    if (ix.n == 0) {
        t = string_tensor(site, OP, "");
    } else {
        char *path = join(dir, ix.names[ix.n - 1]);
        if (path == NULL) ig_io_fail(site, OP, dir, 0, "out of memory");
        t = string_tensor(site, OP, path);
        free(path);
    }
    index_free(&ix);
    return t;
}
