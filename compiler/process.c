/* process.c — running the tools a build needs (process.h). */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: fd becomes path opened with flags, or the child exits 127. */
static void redirect(int fd, const char *path, int flags) {
    int f = open(path, flags, 0644);
    if (f < 0 || dup2(f, fd) < 0) {
        fprintf(stderr, "ingot: error: cannot open '%s': %s\n", path, strerror(errno));
        _exit(127);
    }
    close(f);
}

int process_run_redirected(char **argv, const char *in_path, const char *out_path) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (in_path) redirect(STDIN_FILENO, in_path, O_RDONLY);
        if (out_path) {
            redirect(STDOUT_FILENO, out_path, O_WRONLY | O_CREAT | O_TRUNC);
            if (dup2(STDOUT_FILENO, STDERR_FILENO) < 0) _exit(127);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "ingot: error: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

int process_run(char **argv) { return process_run_redirected(argv, NULL, NULL); }

int process_split_words(Arena *a, const char *s, char **out, int max) {
    int n = 0;
    const char *p = s;
    while (*p && n < max) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && *p != ' ') p++;
        out[n++] = arena_strndup(a, start, (size_t)(p - start));
    }
    return n;
}
