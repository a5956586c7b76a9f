/* fuzz_files.c — libFuzzer harness for the runtime's file readers: data files and
 * checkpoints are input too, so a damaged one must end in a located error, never a
 * crash or an unbounded allocation. The first byte picks the reader (CSV, .npy, IDX,
 * a safetensors checkpoint, a CheckpointManager index) and what the program expects
 * (dtype, rank); the rest is the file, written to a temporary path (gzip'd or not:
 * zlib decides by its magic, as for any file).
 * A reader's error (ig_io_fail, ig_fatal) comes back through ig_fatal_exit_hook; what
 * was allocated before it leaks, as in a program that stops there (no leak check). */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ingot/rt.h>

#include "fuzz_common.h"

/* The runtime's hook run before a fatal error's exit (runtime/src/internal.h). */
extern void (*ig_fatal_exit_hook)(void);

static _Noreturn void jump_back(void) {
    fuzz_fatal_count++;
    fuzz_fatal_armed = 0;
    longjmp(fuzz_fatal_jmp, 1);
}

static char dir[64], path[96], index_path[128];

static void setup(void) {
    if (dir[0]) return;
    snprintf(dir, sizeof dir, "/tmp/ingot-fuzz-files-%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/input", dir);
    snprintf(index_path, sizeof index_path, "%s/checkpoint", dir);
    ig_fatal_exit_hook = jump_back;
}

static IgTensor *string_tensor(const char *s) {
    static IgSite site = IG_SITE("fuzz.py", 1);
    return ig_string(&site, s);
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
    static const int64_t any[4] = {-1, -1, -1, -1}, fixed[4] = {2, 3, 1, 2};
    IgLoadSpec spec = {dtypes[(how / 20) % 5], reader == 0 ? 2 : rank,
                       (how & 0x80) ? fixed : any, how % 3, ",", "w"};
    IgSite site = IG_SITE("fuzz.py", 2);
    IgTensor *p = string_tensor(path), *result = NULL, *current = NULL;
    fuzz_fatal_armed = 1;
    if (!setjmp(fuzz_fatal_jmp)) {
        switch (reader) {
        case 0: result = ig_load_csv(&site, p, &spec); break;
        case 1: result = ig_load_npy(&site, p, &spec); break;
        case 2: result = ig_load_idx(&site, p, &spec); break;
        case 3:
            spec.dtype = IG_FLOAT32;
            spec.dims = fixed;
            current = ig_tensor_new(IG_FLOAT32, spec.rank, fixed);
            memset(current->data, 0, (size_t)current->size * sizeof(float));
            result = ig_restore_tensor(&site, p, current, &spec);
            break;
        default: result = ig_checkpoint_latest(&site, string_tensor(dir)); break;
        }
        fuzz_fatal_armed = 0;
        ig_release(result);
        ig_release(current);
    }
    ig_site_release(&site);
    return 0;
}
