/* test_trap.c — a library call's error trap (rt.h's IgTrap): a run-time error under it
 * (a kernel's, ig_fatal's, out of memory, a data file's) prints nothing, exits nothing,
 * leaves its text in the trap and jumps back; the tensors the call made or retained are
 * freed, the variables' values kept; on the normal path ig_trap_leave leaves the results
 * alone. Freed blocks are parked in the thread's cache, last in first out, so the next
 * allocations of their size get exactly them back: that is how a test sees them freed
 * (under AddressSanitizer LeakSanitizer checks the rest). */
#include <setjmp.h>
#include <stdio.h>

#include "rt_test.h"

TestSuite(trap, .fini = ig_runtime_shutdown);

/* stderr and stdout into temporary files, to prove a trapped error prints nothing. */
static int saved_fd[3];
static FILE *capture_file[3];

static void capture_begin(void)
{
    for (int fd = 1; fd <= 2; fd++) {
        fflush(fd == 1 ? stdout : stderr);
        capture_file[fd] = tmpfile();
        cr_assert_not_null(capture_file[fd]);
        saved_fd[fd] = dup(fd);
        dup2(fileno(capture_file[fd]), fd);
    }
}

/* Restores both; asserts nothing was written to them. */
static void capture_end_silent(void)
{
    for (int fd = 1; fd <= 2; fd++) {
        fflush(fd == 1 ? stdout : stderr);
        dup2(saved_fd[fd], fd);
        close(saved_fd[fd]);
        long size = lseek(fileno(capture_file[fd]), 0, SEEK_END);
        fclose(capture_file[fd]);
        cr_assert_eq(size, 0, "fd %d got %ld bytes", fd, size);
    }
}

/* True when the next n allocations of one data block get back exactly the blocks in
 * want (the cache hands back the last parked first; order aside). Releases them. */
static bool next_blocks_are(int n, IgTensor *const *want)
{
    IgTensor *got[16];
    cr_assert(n <= 16);
    bool all = true;
    for (int i = 0; i < n; i++) got[i] = ig_tensor_new(IG_FLOAT32, 1, SHAPE(1));
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < n; j++) found = found || got[j] == want[i];
        all = all && found;
    }
    for (int i = 0; i < n; i++) ig_release(got[i]);
    return all;
}

Test(trap, a_kernel_error_comes_back_with_its_message_and_frees_the_call_tensors)
{
    static IgSite gather_site = IG_SITE("model.py", 7);
    static IgSite const_site = IG_SITE("model.py", 3);
    /* Static: changed after setjmp and read after the jump (C's rule for setjmp). */
    static IgVar w = IG_VAR("w"), step = IG_VAR("step");
    IgTensor *w0 = F32(1, SHAPE(2), 1, 2), *step0 = I64(0, NULL, 0);
    ig_var_init(&w, w0);
    ig_var_init(&step, step0);
    ig_release(w0);
    ig_release(step0);

    IgTrap trap;
    IgTensor *volatile made[4] = {NULL};
    IgTensor *volatile cst = NULL;
    capture_begin();
    if (setjmp(trap.env) != 0) {
        IgTensor *keep[] = {w.value, step.value};
        ig_trap_release_tensors(&trap, keep, 2);
        ig_trap_leave(&trap);
        capture_end_silent();
        cr_assert_str_eq(trap.message, "model.py:7: error: indices[1] = 7 is not in [0, 5)");
        /* Freed: what the call made (x, indices, the sum) and the old value of w, which
         * the call read and the variable then let go of. Kept: w's new value, with the
         * variable's reference only, and step's untouched value. */
        cr_assert(next_blocks_are(4, (IgTensor *const[]){made[0], made[1], made[2], w0}));
        cr_assert_eq(w.value, made[3]);
        cr_assert_eq(w.value->refcount, 1);
        cr_assert_float_eq(AT(float, w.value, 1), 4.0f, 0);
        cr_assert_eq(step.value, step0);
        cr_assert_eq(step.value->refcount, 1);
        /* A constant made in the call is its site's, still there. */
        cr_assert_eq(ig_constant(&const_site, IG_FLOAT32, 0, NULL, (const float[]){0}), cst);
        cr_assert_float_eq(AT(float, cst, 0), 5.0f, 0);
        ig_var_release(&w);
        ig_var_release(&step);
        ig_site_release(&const_site);
        ig_site_release(&gather_site);
        assert_no_leaks();
        return;
    }
    ig_trap_enter(&trap);
    made[0] = F32(1, SHAPE(5), 0, 1, 2, 3, 4);
    made[1] = I64(1, SHAPE(2), 1, 7);
    IgTensor *old = ig_var_read(NULL, &w);
    made[2] = ig_add(NULL, old, old);
    made[3] = ig_tensor_copy(made[2]);
    ig_var_assign(NULL, &w, made[3]); /* w0 is now held by the call alone */
    cst = ig_constant(&const_site, IG_FLOAT32, 0, NULL, (const float[]){5});
    ig_gather(&gather_site, made[0], made[1], 0);
    cr_assert_fail("gather returned");
}

Test(trap, leave_on_the_normal_path_leaves_the_results_alive)
{
    IgTensor *x = F32(1, SHAPE(3), 1, 2, 3);
    IgTrap trap;
    if (setjmp(trap.env) != 0) cr_assert_fail("no error was expected: %s", trap.message);
    ig_trap_enter(&trap);
    IgTensor *y = ig_add(NULL, x, x);
    IgTensor *z = ig_identity(NULL, x);
    ig_trap_leave(&trap);
    cr_assert_str_eq(trap.message, "");
    cr_assert_eq(y->refcount, 1);
    cr_assert_float_eq(AT(float, y, 2), 6.0f, 0);
    cr_assert_eq(x->refcount, 2);
    ig_release(z);
    ig_release(y);
    ig_release(x);
    /* The trap is gone: an error now would end the process, and a new trap may be set. */
    IgTrap again;
    if (setjmp(again.env) != 0) cr_assert_fail("no error was expected");
    ig_trap_enter(&again);
    ig_trap_leave(&again);
}

Test(trap, ig_fatal_without_a_site_and_out_of_memory_are_caught)
{
    IgTrap trap;
    volatile int jumps = 0;
    capture_begin();
    if (setjmp(trap.env) != 0) {
        jumps++;
        ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        if (jumps == 1) {
            cr_assert_str_eq(trap.message, "ingot: error: boom 42");
        } else {
            capture_end_silent();
            cr_assert_str_eq(trap.message,
                             "ingot: error: out of memory allocating 4.5e+15 bytes "
                             "(float32 tensor of shape [1099511627776,1024])");
            return;
        }
    }
    ig_trap_enter(&trap);
    if (jumps == 0) ig_fatal(NULL, "boom %d", 42);
    ig_tensor_new(IG_FLOAT32, 2, SHAPE((int64_t)1 << 40, 1024));
    cr_assert_fail("the allocation returned");
}

/* A data file's error (io/file.c's own reporting): its text, and the reader's buffers
 * and file freed (LeakSanitizer). */
Test(trap, a_data_file_error_is_caught)
{
    static IgSite site = IG_SITE("load.py", 4);
    char path[] = "/tmp/ingot-trap-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "not numpy", 9), 9);
    close(fd);
    IgTensor *p = ig_string(&site, path);
    IgLoadSpec spec = {IG_FLOAT32, 1, NULL, 0, ",", NULL};
    IgTrap trap;
    char want[256];
    snprintf(want, sizeof want,
             "%s: error: not a .npy file: wrong magic number at byte 0 (expected \\x93NUMPY) "
             "(in load_npy at load.py:4)", path);
    capture_begin();
    if (setjmp(trap.env) != 0) {
        ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        capture_end_silent();
        unlink(path);
        cr_assert_str_eq(trap.message, want);
        ig_site_release(&site);
        assert_no_leaks();
        return;
    }
    ig_trap_enter(&trap);
    ig_load_npy(&site, p, &spec);
    cr_assert_fail("load_npy returned");
}

/* Without a trap nothing changed: the message on stderr, exit status 1. */
Test(trap, without_a_trap_ig_fatal_still_exits, .exit_code = 1)
{
    expect_fatal("model.py:9: error: out of range\n");
    static IgSite site = IG_SITE("model.py", 9);
    ig_fatal(&site, "out of range");
}
