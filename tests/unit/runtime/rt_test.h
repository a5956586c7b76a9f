/* rt_test.h — helpers shared by the runtime's unit tests: tensors from literals, and
 * expect_fatal, which checks the message a test's ig_fatal call writes to stderr.
 * Entry points: tensor_of, scalar_*, expect_fatal, assert_no_leaks.
 * Memory owner: tensors returned here belong to the test, which releases them. */
#ifndef INGOT_RT_TEST_H
#define INGOT_RT_TEST_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingot/rt.h"
#include "internal.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

/* Under AddressSanitizer, that LeakSanitizer finds nothing unreachable now: a leak it
 * reports as a test's process exits does not fail the test. Nothing otherwise. */
#if defined(__SANITIZE_ADDRESS__)
#define assert_no_leaks() \
    cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "LeakSanitizer found leaks")
#else
#define assert_no_leaks() ((void)0)
#endif

#define SHAPE(...) ((const int64_t[]){__VA_ARGS__})
#define RANK(...) ((int)(sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t)))

static inline IgTensor *tensor_of(IgDType dt, int rank, const int64_t *shape, const void *data)
{
    IgTensor *t = ig_tensor_new(dt, rank, shape);
    if (t->size > 0) memcpy(t->data, data, (size_t)t->size * ig_dtype_size(dt));
    return t;
}

#define F32(rank, shape, ...) tensor_of(IG_FLOAT32, rank, shape, (const float[]){__VA_ARGS__})
#define F64(rank, shape, ...) tensor_of(IG_FLOAT64, rank, shape, (const double[]){__VA_ARGS__})
#define I32(rank, shape, ...) tensor_of(IG_INT32, rank, shape, (const int32_t[]){__VA_ARGS__})
#define I64(rank, shape, ...) tensor_of(IG_INT64, rank, shape, (const int64_t[]){__VA_ARGS__})
#define BOOLS(rank, shape, ...) tensor_of(IG_BOOL, rank, shape, (const uint8_t[]){__VA_ARGS__})

static inline IgTensor *scalar_i32(int32_t v) { return tensor_of(IG_INT32, 0, NULL, &v); }
static inline IgTensor *scalar_i64(int64_t v) { return tensor_of(IG_INT64, 0, NULL, &v); }
static inline IgTensor *scalar_f32(float v) { return tensor_of(IG_FLOAT32, 0, NULL, &v); }
static inline IgTensor *scalar_f64(double v) { return tensor_of(IG_FLOAT64, 0, NULL, &v); }

#define AT(T, t, i) (((const T *)(t)->data)[i])

/* ig_fatal ends the process, so the message is checked on the way out: stderr goes to
 * a temporary file, and ig_fatal_exit_hook compares it with the expectation. A mismatch
 * exits with status 2, which fails a test declared with .exit_code = 1. */
static char expect_fatal_msg[512], expect_stdout_msg[512];
static int expect_fatal_fd = -1, expect_stdout_fd = -1, expect_fatal_real_stderr = -1;

static inline void expect_file_check(int fd, const char *want, const char *what)
{
    char got[512] = {0};
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, got, sizeof got - 1);
    if (n < 0 || strcmp(got, want) != 0) {
        dprintf(expect_fatal_real_stderr, "%s was \"%s\", expected \"%s\"\n", what, got, want);
        _exit(2);
    }
}

/* Run by ig_fatal as it ends the process, once the message is flushed: what is in the
 * files now is what the code under test wrote itself. */
static inline void expect_fatal_check(void)
{
    expect_file_check(expect_fatal_fd, expect_fatal_msg, "stderr");
    if (expect_stdout_fd >= 0) expect_file_check(expect_stdout_fd, expect_stdout_msg, "stdout");
}

/* Also expect stdout to hold exactly msg when the process exits; call before
 * expect_fatal. */
static inline void expect_stdout(const char *msg)
{
    snprintf(expect_stdout_msg, sizeof expect_stdout_msg, "%s", msg);
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    fflush(stdout);
    expect_stdout_fd = fileno(f);
    dup2(expect_stdout_fd, 1);
}

static inline void expect_fatal(const char *msg)
{
    snprintf(expect_fatal_msg, sizeof expect_fatal_msg, "%s", msg);
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    fflush(stderr);
    expect_fatal_fd = fileno(f);
    expect_fatal_real_stderr = dup(2);
    dup2(expect_fatal_fd, 2);
    ig_fatal_exit_hook = expect_fatal_check; /* ig_fatal ends with _Exit: no atexit */
}

#endif
