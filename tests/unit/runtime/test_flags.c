/* test_flags.c — the command-line parser behind ingot.flag (runtime/src/flags.c):
 * every spelling it accepts, every mistake it rejects (with the message naming the
 * flag), --help's text, and the exit codes main() gets from ig_flags_parse. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "rt_test.h"

static const IgFlagSpec table[] = {
    {"epochs", IG_INT32, "5", "number of passes"},
    {"seed", IG_INT64, "-3000000000", "random seed"},
    {"lr", IG_FLOAT32, "0.1", "learning rate"},
    {"decay", IG_FLOAT64, "0.999", ""},
    {"verbose", IG_BOOL, "false", "print more"},
    {"name", IG_STRING, "world", "who to greet"},
    {"dry-run", IG_BOOL, "true", "only plan"},
};
enum { EPOCHS, SEED, LR, DECAY, VERBOSE, NAME, DRY_RUN, NFLAGS };

/* What one parse wrote, and how it ended. */
typedef struct Parsed {
    IgFlagsStatus status;
    char out[2048];
    char err[512];
} Parsed;

static Parsed parsed;

/* Parses "prog" followed by the given arguments against table. */
#define PARSE(...) parse_args((char *[]){"./bin/prog", __VA_ARGS__, NULL})
#define PARSE_NONE() parse_args((char *[]){"./bin/prog", NULL})

static IgFlagsStatus parse_args(char **argv) {
    int argc = 0;
    while (argv[argc]) argc++;
    memset(&parsed, 0, sizeof parsed);
    FILE *out = fmemopen(parsed.out, sizeof parsed.out - 1, "w");
    FILE *err = fmemopen(parsed.err, sizeof parsed.err - 1, "w");
    cr_assert(out && err);
    parsed.status = ig_flags_try_parse(argc, argv, table, NFLAGS, out, err);
    fclose(out);
    fclose(err);
    return parsed.status;
}

static void teardown(void) { ig_runtime_shutdown(); }

TestSuite(flags, .fini = teardown);

static int32_t i32_of(int index) { return AT(int32_t, ig_flag_value(NULL, index), 0); }
static int64_t i64_of(int index) { return AT(int64_t, ig_flag_value(NULL, index), 0); }
static float f32_of(int index) { return AT(float, ig_flag_value(NULL, index), 0); }
static double f64_of(int index) { return AT(double, ig_flag_value(NULL, index), 0); }
static bool bool_of(int index) { return AT(uint8_t, ig_flag_value(NULL, index), 0) != 0; }
static const char *str_of(int index) { return ig_flag_value(NULL, index)->data; }

static void expect_ok(void) {
    cr_assert_eq(parsed.status, IG_FLAGS_OK, "stderr: %s", parsed.err);
    cr_assert_str_empty(parsed.err);
    cr_assert_str_empty(parsed.out);
}

static void expect_error(const char *message) {
    cr_assert_eq(parsed.status, IG_FLAGS_ERROR);
    cr_assert_str_eq(parsed.err, message);
    cr_assert_str_empty(parsed.out);
}

/* ---- accepted ----------------------------------------------------------------------- */
Test(flags, defaults_without_arguments) {
    PARSE_NONE();
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), 5);
    cr_assert_eq(i64_of(SEED), -3000000000LL);
    cr_assert_eq(f32_of(LR), 0.1f);
    cr_assert_eq(f64_of(DECAY), 0.999);
    cr_assert_not(bool_of(VERBOSE));
    cr_assert_str_eq(str_of(NAME), "world");
    cr_assert(bool_of(DRY_RUN));
}

Test(flags, values_are_scalar_tensors_of_the_flag_dtype) {
    PARSE_NONE();
    expect_ok();
    for (int i = 0; i < NFLAGS; i++) {
        IgTensor *t = ig_flag_value(NULL, i);
        cr_assert_eq(t->dtype, table[i].dtype, "%s", table[i].name);
        cr_assert_eq(t->rank, 0);
        cr_assert_eq(t->size, 1);
        /* Immortal: the emitted C releases each read after its last use. */
        ig_release(t);
        ig_release(t);
        cr_assert_eq(ig_flag_value(NULL, i), t);
    }
}

Test(flags, equals_and_separate_value) {
    PARSE("--epochs=20", "--lr", "0.5", "--name", "Ada Lovelace", "--seed=7");
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), 20);
    cr_assert_eq(f32_of(LR), 0.5f);
    cr_assert_str_eq(str_of(NAME), "Ada Lovelace");
    cr_assert_eq(i64_of(SEED), 7);
    cr_assert_eq(f64_of(DECAY), 0.999, "an unset flag keeps its default");
}

Test(flags, negative_numbers_as_separate_values) {
    PARSE("--epochs", "-3", "--lr", "-1e-3", "--seed", "-9223372036854775808");
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), -3);
    cr_assert_eq(f32_of(LR), -1e-3f);
    cr_assert_eq(i64_of(SEED), INT64_MIN);
}

Test(flags, int_limits) {
    PARSE("--epochs=2147483647", "--seed=9223372036854775807");
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), INT32_MAX);
    cr_assert_eq(i64_of(SEED), INT64_MAX);
    PARSE("--epochs=-2147483648", "--epochs=+12");
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), 12, "the last one wins");
}

Test(flags, bool_spellings) {
    PARSE("--verbose");
    expect_ok();
    cr_assert(bool_of(VERBOSE));
    PARSE("--verbose=true", "--dry-run=false");
    expect_ok();
    cr_assert(bool_of(VERBOSE));
    cr_assert_not(bool_of(DRY_RUN));
    PARSE("--verbose=1", "--dry-run=0");
    expect_ok();
    cr_assert(bool_of(VERBOSE));
    cr_assert_not(bool_of(DRY_RUN));
}

Test(flags, a_bare_bool_does_not_take_the_next_argument) {
    PARSE("--verbose", "--epochs", "2");
    expect_ok();
    cr_assert(bool_of(VERBOSE));
    cr_assert_eq(i32_of(EPOCHS), 2);
}

Test(flags, floats_exact_and_special) {
    PARSE("--lr=3.4028235e38", "--decay=1e-310");
    expect_ok();
    cr_assert_eq(f32_of(LR), FLT_MAX);
    cr_assert_eq(f64_of(DECAY), 1e-310, "a subnormal double is a value, not an error");
    PARSE("--lr=inf", "--decay=nan");
    expect_ok();
    cr_assert(isinf(f32_of(LR)));
    cr_assert(isnan(f64_of(DECAY)));
    PARSE("--lr=7");
    expect_ok();
    cr_assert_eq(f32_of(LR), 7.0f);
}

Test(flags, string_values_are_taken_as_they_are) {
    PARSE("--name=", "--name=a=b");
    expect_ok();
    cr_assert_str_eq(str_of(NAME), "a=b");
    PARSE("--name", "--epochs=3");
    expect_ok();
    cr_assert_str_eq(str_of(NAME), "--epochs=3", "--name V takes the next argument whatever it is");
    cr_assert_eq(i32_of(EPOCHS), 5);
    PARSE("--name=");
    expect_ok();
    cr_assert_str_eq(str_of(NAME), "");
}

Test(flags, a_later_parse_replaces_the_values) {
    PARSE("--epochs=1");
    expect_ok();
    PARSE_NONE();
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), 5);
}

/* ---- rejected ----------------------------------------------------------------------- */
Test(flags, unparsable_values_name_the_flag) {
    PARSE("--epochs=abc");
    expect_error("prog: error: invalid value 'abc' for --epochs: expected an int32\n");
    PARSE("--epochs=3.5");
    expect_error("prog: error: invalid value '3.5' for --epochs: expected an int32\n");
    PARSE("--epochs=");
    expect_error("prog: error: invalid value '' for --epochs: expected an int32\n");
    PARSE("--epochs", " 4");
    expect_error("prog: error: invalid value ' 4' for --epochs: expected an int32\n");
    PARSE("--seed=12x");
    expect_error("prog: error: invalid value '12x' for --seed: expected an int64\n");
    PARSE("--lr=fast");
    expect_error("prog: error: invalid value 'fast' for --lr: expected a float32\n");
    PARSE("--decay=1.0.0");
    expect_error("prog: error: invalid value '1.0.0' for --decay: expected a float64\n");
    PARSE("--verbose=yes");
    expect_error(
        "prog: error: invalid value 'yes' for --verbose: expected a bool (true, false, 1 or 0)\n");
    PARSE("--dry-run=TRUE");
    expect_error(
        "prog: error: invalid value 'TRUE' for --dry-run: expected a bool (true, false, 1 or 0)\n");
}

Test(flags, out_of_range_numbers) {
    PARSE("--epochs=2147483648");
    expect_error("prog: error: invalid value '2147483648' for --epochs: expected an int32, between "
                 "-2147483648 "
                 "and 2147483647\n");
    PARSE("--epochs=-2147483649");
    expect_error("prog: error: invalid value '-2147483649' for --epochs: expected an int32, "
                 "between -2147483648 "
                 "and 2147483647\n");
    PARSE("--seed=9223372036854775808");
    expect_error(
        "prog: error: invalid value '9223372036854775808' for --seed: expected an int64, between "
        "-9223372036854775808 and 9223372036854775807\n");
    PARSE("--lr=1e39");
    expect_error("prog: error: invalid value '1e39' for --lr: expected a float32 (the value is out "
                 "of range)\n");
    PARSE("--decay=1e309");
    expect_error("prog: error: invalid value '1e309' for --decay: expected a float64 (the value is "
                 "out of range)\n");
}

Test(flags, unknown_flags) {
    PARSE("--epoch=3");
    expect_error("prog: error: unknown flag '--epoch' (--help lists the flags)\n");
    PARSE("--epochs=3", "--nope");
    expect_error("prog: error: unknown flag '--nope' (--help lists the flags)\n");
    PARSE("--=3");
    expect_error("prog: error: unknown flag '--' (--help lists the flags)\n");
}

Test(flags, missing_values) {
    PARSE("--epochs");
    expect_error("prog: error: missing value for --epochs: expected an int32\n");
    PARSE("--verbose", "--name");
    expect_error("prog: error: missing value for --name: expected a string\n");
}

Test(flags, stray_arguments) {
    PARSE("data.csv");
    expect_error("prog: error: unexpected argument 'data.csv' (flags are written --name=value)\n");
    PARSE("-epochs=3");
    expect_error("prog: error: unexpected argument '-epochs=3' (flags are written --name=value)\n");
    PARSE("--");
    expect_error("prog: error: unexpected argument '--' (flags are written --name=value)\n");
}

Test(flags, an_error_keeps_the_previous_values_unset) {
    PARSE("--epochs=9", "--lr=x");
    expect_error("prog: error: invalid value 'x' for --lr: expected a float32\n");
    PARSE_NONE();
    expect_ok();
    cr_assert_eq(i32_of(EPOCHS), 5);
}

/* ---- --help ------------------------------------------------------------------------- */
Test(flags, help_lists_every_flag) {
    PARSE("--help");
    cr_assert_eq(parsed.status, IG_FLAGS_HELP);
    cr_assert_str_empty(parsed.err);
    cr_assert_str_eq(parsed.out,
                     "usage: prog [flags]\n"
                     "\n"
                     "flags:\n"
                     "  --epochs=<int32>    number of passes (default: 5)\n"
                     "  --seed=<int64>      random seed (default: -3000000000)\n"
                     "  --lr=<float32>      learning rate (default: 0.1)\n"
                     "  --decay=<float64>   (default: 0.999)\n"
                     "  --verbose[=<bool>]  print more (default: false)\n"
                     "  --name=<string>     who to greet (default: \"world\")\n"
                     "  --dry-run[=<bool>]  only plan (default: true)\n"
                     "  --threads=<int>     threads a kernel may use (default: "
                     "$INGOT_NUM_THREADS or the cores)\n"
                     "  --help              show this help and exit\n");
}

Test(flags, help_wins_over_later_mistakes) {
    PARSE("-h", "--nope");
    cr_assert_eq(parsed.status, IG_FLAGS_HELP);
    cr_assert(strstr(parsed.out, "--epochs=<int32>"));
    PARSE("--epochs=x", "--help");
    expect_error("prog: error: invalid value 'x' for --epochs: expected an int32\n");
}

Test(flags, no_flags) {
    char *argv[] = {"tool", "--help", NULL};
    char out[256] = "", err[256] = "";
    FILE *o = fmemopen(out, sizeof out - 1, "w"), *e = fmemopen(err, sizeof err - 1, "w");
    cr_assert_eq(ig_flags_try_parse(2, argv, NULL, 0, o, e), IG_FLAGS_HELP);
    fclose(o);
    fclose(e);
    cr_assert_str_eq(out, "usage: tool [flags]\n\nflags:\n"
                          "  --threads=<int>  threads a kernel may use (default: "
                          "$INGOT_NUM_THREADS or the cores)\n"
                          "  --help           show this help and exit\n");
    char *argv2[] = {"tool", "--epochs=3", NULL};
    o = fmemopen(out, sizeof out - 1, "w");
    e = fmemopen(err, sizeof err - 1, "w");
    cr_assert_eq(ig_flags_try_parse(2, argv2, NULL, 0, o, e), IG_FLAGS_ERROR);
    fclose(o);
    fclose(e);
    cr_assert_str_eq(err, "tool: error: unknown flag '--epochs' (--help lists the flags)\n");
    cr_assert_eq(ig_flags_try_parse(1, argv, NULL, 0, stdout, stderr), IG_FLAGS_OK);
}

/* --threads belongs to the runtime: every program takes it, unless the script declares
   a flag of that name, which then wins; INGOT_NUM_THREADS is read there too. */
Test(flags, threads_is_the_runtimes_own) {
    char out[512] = "", err[512] = "";
    FILE *o = fmemopen(out, sizeof out - 1, "w"), *e = fmemopen(err, sizeof err - 1, "w");
    char *ok[] = {"tool", "--threads=1", "--threads", "1", NULL};
    cr_assert_eq(ig_flags_try_parse(4, ok, NULL, 0, o, e), IG_FLAGS_OK);
    char *zero[] = {"tool", "--threads=0", NULL};
    cr_assert_eq(ig_flags_try_parse(2, zero, NULL, 0, o, e), IG_FLAGS_ERROR);
    char *word[] = {"tool", "--threads", "many", NULL};
    cr_assert_eq(ig_flags_try_parse(3, word, NULL, 0, o, e), IG_FLAGS_ERROR);
    fclose(o);
    fclose(e);
    cr_assert_str_eq(err, "tool: error: invalid value '0' for --threads: expected a number of "
                          "threads, 1 to 4096\n"
                          "tool: error: invalid value 'many' for --threads: expected a number of "
                          "threads, 1 to 4096\n");
    setenv("INGOT_NUM_THREADS", "zero", 1); /* each test runs in its own process */
    char *plain[] = {"tool", NULL};
    char err2[256] = "";
    FILE *e2 = fmemopen(err2, sizeof err2 - 1, "w");
    cr_assert_eq(ig_flags_try_parse(1, plain, NULL, 0, stdout, e2), IG_FLAGS_ERROR);
    fclose(e2);
    cr_assert_str_eq(err2, "tool: error: INGOT_NUM_THREADS='zero' is not a number of threads "
                           "(1 to 4096)\n");
    setenv("INGOT_NUM_THREADS", "2", 1);
    cr_assert_eq(ig_flags_try_parse(1, plain, NULL, 0, stdout, stderr), IG_FLAGS_OK);
    unsetenv("INGOT_NUM_THREADS");
    IgFlagSpec own[] = {{"threads", IG_INT32, "7", "the script's own"}};
    char *mine[] = {"tool", "--threads=0", NULL};
    cr_assert_eq(ig_flags_try_parse(2, mine, own, 1, stdout, stderr), IG_FLAGS_OK);
    cr_assert_eq(*(int32_t *)ig_flag_value(NULL, 0)->data, 0);
    ig_flags_release_all();
}

/* ---- what main() sees ------------------------------------------------------------------ */
Test(flags, parse_exits_2_on_an_error, .exit_code = 2) {
    cr_assert(freopen("/dev/null", "w", stderr));
    ig_flags_parse(2, (char *[]){"prog", "--epochs=abc", NULL}, table, NFLAGS);
    cr_assert_fail("ig_flags_parse returned after an error");
}

Test(flags, parse_exits_0_after_help, .exit_code = 0) {
    cr_assert(freopen("/dev/null", "w", stdout));
    ig_flags_parse(2, (char *[]){"prog", "--help", NULL}, table, NFLAGS);
    cr_assert_fail("ig_flags_parse returned after --help");
}

Test(flags, parse_returns_when_the_arguments_are_good) {
    ig_flags_parse(2, (char *[]){"prog", "--epochs=8", NULL}, table, NFLAGS);
    cr_assert_eq(i32_of(EPOCHS), 8);
}
