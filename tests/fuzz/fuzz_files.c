/* fuzz_files.c — libFuzzer harness for the runtime's file readers: data files and
 * checkpoints are input too, so a damaged one must end in a located error, never a
 * crash or an unbounded allocation. The first byte picks the reader (CSV, .npy, IDX,
 * a safetensors checkpoint, a CheckpointManager index) and what the program expects
 * (dtype, rank); the rest is the file, written to a temporary path (gzip'd or not:
 * zlib decides by its magic, as for any file).
 * A reader's error (ig_io_fail, ig_fatal) comes back through the runtime's error trap
 * (fuzz_run_trapped), which frees what the read had allocated: so leaks are checked
 * here, error paths included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ingot/rt.h>

#include "fuzz_common.h"

static char dir[64], path[96], index_path[128];
static const int64_t fixed[4] = {2, 3, 1, 2}; /* a shape the program expects */

static void setup(void) {
    if (dir[0]) return;
    snprintf(dir, sizeof dir, "/tmp/ingot-fuzz-files-%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/input", dir);
    snprintf(index_path, sizeof index_path, "%s/checkpoint", dir);
}

static IgTensor *string_tensor(const char *s) {
    static IgSite site = IG_SITE("fuzz.py", 1);
    return ig_string(&site, s);
}

/* One read: which reader, what the program expects, of which file. */
typedef struct Read {
    int reader;
    IgLoadSpec spec;
    IgSite *site;
    IgTensor *path;
    IgTensor *result;  /* what the reader returned */
    IgTensor *current; /* a restore's target; the directory checkpoint_latest searches */
} Read;

static void run_reader(void *ctx) {
    Read *r = ctx;
    switch (r->reader) {
    case 0: r->result = ig_load_csv(r->site, r->path, &r->spec); break;
    case 1: r->result = ig_load_npy(r->site, r->path, &r->spec); break;
    case 2: r->result = ig_load_idx(r->site, r->path, &r->spec); break;
    case 3:
        r->spec.dtype = IG_FLOAT32;
        r->spec.dims = fixed;
        r->current = ig_tensor_new(IG_FLOAT32, r->spec.rank, fixed);
        memset(r->current->data, 0, (size_t)r->current->size * sizeof(float));
        r->result = ig_restore_tensor(r->site, r->path, r->current, &r->spec);
        break;
    default:
        r->current = string_tensor(dir);
        r->result = ig_checkpoint_latest(r->site, r->current);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    setup();
    uint8_t how = data[0];
    int reader = how % 5;
    FILE *f = fopen(reader == 4 ? index_path : path, "wb");
    if (!f) abort();
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    static const IgDType dtypes[] = {IG_FLOAT32, IG_INT32, IG_FLOAT64, IG_INT64, IG_BOOL};
    int rank = (how / 5) % 4;
    static const int64_t any[4] = {-1, -1, -1, -1};
    IgLoadSpec spec = {dtypes[(how / 20) % 5], reader == 0 ? 2 : rank,
                       (how & 0x80) ? fixed : any, how % 3, ",", "w"};
    IgSite site = IG_SITE("fuzz.py", 2);
    Read read = {reader, spec, &site, string_tensor(path)};
    if (fuzz_run_trapped(run_reader, &read, true)) {
        ig_release(read.result);
        ig_release(read.current);
    }
    ig_release(read.path);
    ig_site_release(&site);
    return 0;
}
