/* program_fixture.c — emitting, compiling and running the fixture's module (see
 * program_fixture.h). */
#include "program_fixture.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

const char *pf_capture(void (*print)(FILE *, const Module *)) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    print(f, gf.m);
    fclose(f);
    const char *copy = arena_strdup(gf.arena, buf);
    free(buf);
    return copy;
}

void pf_verify_ok(void) {
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

const char *pf_emit_c(void) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    EmitOptions opt = {.script_name = "tests/loop.py"};
    Arena *scratch = arena_new();
    emit_c_module(f, scratch, gf.m, &opt);
    arena_free(scratch);
    fclose(f);
    const char *copy = arena_strdup(gf.arena, buf);
    free(buf);
    return copy;
}

/* Everything cmd prints (at most 4 KiB), and its exit status. */
static const char *run_capture(const char *cmd, int *status) {
    FILE *p = popen(cmd, "r");
    cr_assert(p != NULL);
    char buf[4096] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, p);
    buf[n] = '\0';
    *status = pclose(p);
    return arena_strdup(gf.arena, buf);
}

const char *pf_compile_and_run(void) {
    pf_verify_ok();
    const char *text = pf_emit_c();
    char src[] = "/tmp/ingot_prog_XXXXXX.c";
    int fd = mkstemps(src, 2);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    const char *exe = arena_printf(gf.arena, "%.*s", (int)(strlen(src) - 2), src);
    int status;
    const char *cc_out = run_capture(
        arena_printf(gf.arena,
                     "cc -std=c11 -Wall -Wextra -Werror -pedantic -O1 %s -I'%s/runtime/include' '%s' "
                     "'%s/runtime/libingot_rt.a' -ldnnl -lm -lpthread -o '%s' 2>&1",
                     INGOT_SANITIZE_FLAGS, INGOT_SOURCE_ROOT, src, INGOT_BUILD_ROOT, exe),
        &status);
    unlink(src);
    cr_assert_eq(status, 0, "cc failed:\n%s\n--- source ---\n%s", cc_out, text);
    const char *out = run_capture(arena_printf(gf.arena, "'%s' 2>&1", exe), &status);
    unlink(exe);
    cr_assert_eq(status, 0, "the program failed (%d):\n%s\n--- source ---\n%s", status, out, text);
    return out;
}
