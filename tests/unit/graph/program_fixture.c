/* program_fixture.c — emitting, compiling and running the fixture's module (see
 * program_fixture.h). */
#include "program_fixture.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
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

bool pf_scalars;

const char *pf_emit_c(void) {
    EmitOptions opt = {.script_name = "tests/loop.py", .scalars = pf_scalars};
    return pf_emit_c_with(&opt);
}

const char *pf_emit_c_with(const EmitOptions *opt) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    Arena *scratch = arena_new();
    emit_c_module(f, scratch, gf.m, opt);
    arena_free(scratch);
    fclose(f);
    const char *copy = arena_strdup(gf.arena, buf);
    free(buf);
    return copy;
}

static const char *read_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return "";
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    int c;
    while ((c = fgetc(f)) != EOF) fputc(c, out);
    fclose(out);
    fclose(f);
    const char *copy = arena_strdup(gf.arena, buf);
    free(buf);
    return copy;
}

/* wait4 gives this child's own rusage. */
PfRun pf_run(char *const *argv) {
    char out_path[] = "/tmp/ingot_pf_out_XXXXXX", err_path[] = "/tmp/ingot_pf_err_XXXXXX";
    int ofd = mkstemp(out_path), efd = mkstemp(err_path);
    cr_assert(ofd >= 0 && efd >= 0);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(ofd, 1);
        dup2(efd, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    cr_assert(wait4(pid, &status, 0, &ru) == pid);
    close(ofd);
    close(efd);
    PfRun r = {.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
               .out = read_file(out_path), .err = read_file(err_path), .maxrss_kb = ru.ru_maxrss};
    unlink(out_path);
    unlink(err_path);
    return r;
}

const char *pf_compile(const char *name) {
    const char *text = pf_emit_c();
    char *dir = arena_strdup(gf.arena, "/tmp/ingot_pf_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    const char *src = arena_printf(gf.arena, "%s/%s.c", dir, name);
    const char *exe = arena_printf(gf.arena, "%s/%s", dir, name);
    FILE *f = fopen(src, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    char *argv[] = {"cc",        "-std=c11",
                    "-Wall",     "-Wextra",
                    "-Werror",   "-pedantic",
                    "-O1",       "-I" INGOT_SOURCE_ROOT "/runtime/include",
                    (char *)src, INGOT_BUILD_ROOT "/runtime/libingot_rt.a",
                    "-ldnnl",    "-fopenmp",
                    "-lm",       "-lpthread",
                    "-o",        (char *)exe,
                    NULL,        NULL};
    /* The sanitizer flag, if any, goes in the first NULL slot. */
    if (INGOT_SANITIZE_FLAGS[0]) argv[sizeof argv / sizeof argv[0] - 2] = INGOT_SANITIZE_FLAGS;
    PfRun cc = pf_run(argv);
    unlink(src);
    cr_assert_eq(cc.status, 0, "cc failed:\n%s\n--- source ---\n%s", cc.err, text);
    return exe;
}

void pf_remove(const char *exe) {
    unlink(exe);
    const char *slash = strrchr(exe, '/');
    rmdir(arena_strndup(gf.arena, exe, (size_t)(slash - exe)));
}

const char *pf_compile_and_run(void) {
    pf_verify_ok();
    const char *exe = pf_compile("program");
    PfRun r = pf_run((char *[]){(char *)exe, NULL});
    pf_remove(exe);
    cr_assert_eq(r.status, 0, "the program failed (%d):\n%s%s\n--- source ---\n%s", r.status, r.out,
                 r.err, pf_emit_c());
    return arena_printf(gf.arena, "%s%s", r.out, r.err);
}
