/* diag.c — GCC/Clang-style diagnostics with the source line and a caret. */
#include "diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(Diag *d, FILE *out) {
    memset(d, 0, sizeof *d);
    d->out = out;
}

SourceFile *diag_source_from_string(Arena *arena, const char *path, const char *text) {
    SourceFile *f = ARENA_NEW(arena, SourceFile);
    f->path = arena_strdup(arena, path);
    f->len = strlen(text);
    f->text = arena_strndup(arena, text, f->len);
    return f;
}

SourceFile *diag_load_file(Arena *arena, const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    StrBuf sb;
    strbuf_init(&sb, arena);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0) strbuf_putn(&sb, buf, n);
    int failed = ferror(fp);
    fclose(fp);
    if (failed) {
        errno = EIO;
        return NULL;
    }
    SourceFile *f = ARENA_NEW(arena, SourceFile);
    f->path = arena_strdup(arena, path);
    f->text = strbuf_cstr(&sb);
    f->len = sb.len;
    return f;
}

/* GCC's colours (its default GCC_COLORS), each ended by COLOR_END. */
#define COLOR_LOCUS "\033[01m\033[K"
#define COLOR_ERROR "\033[01;31m\033[K"
#define COLOR_WARNING "\033[01;35m\033[K"
#define COLOR_NOTE "\033[01;36m\033[K"
#define COLOR_CARET "\033[01;32m\033[K"
#define COLOR_END "\033[m\033[K"

static const char *color(const Diag *d, const char *code) { return d->color ? code : ""; }

static const char *severity_color(const char *severity) {
    return strcmp(severity, "warning") == 0 ? COLOR_WARNING
           : strcmp(severity, "note") == 0  ? COLOR_NOTE
                                            : COLOR_ERROR;
}

static void print_source_line(const Diag *d, SrcLoc loc) {
    FILE *out = d->out;
    size_t len;
    const char *start = srcfile_line(loc.file, loc.line, &len);
    if (!start) return;
    int width = (int)len;
    fprintf(out, "%5d | %.*s\n", loc.line, width, start);
    fprintf(out, "      | ");
    /* Keep tabs so the caret lines up with the text above it. */
    for (int i = 0; i < loc.col - 1 && i < width; i++) fputc(start[i] == '\t' ? '\t' : ' ', out);
    for (int i = width; i < loc.col - 1; i++) fputc(' ', out);
    fprintf(out, "%s^", color(d, COLOR_CARET));
    for (int i = 1; i < loc.len && loc.col - 1 + i < width; i++) fputc('~', out);
    fprintf(out, "%s\n", color(d, COLOR_END));
}

/* The message's first line, "place: severity: message", then the source line. */
static void report(Diag *d, SrcLoc loc, const char *severity, const char *fmt, va_list ap) {
    fputs(color(d, COLOR_LOCUS), d->out);
    if (loc.file) fprintf(d->out, "%s:%d:%d:", loc.file->path, loc.line, loc.col);
    else fputs("ingot:", d->out);
    fprintf(d->out, "%s %s%s:%s ", color(d, COLOR_END), color(d, severity_color(severity)),
            severity, color(d, COLOR_END));
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (loc.file && loc.line > 0) print_source_line(d, loc);
}

void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) {
    d->errors++;
    if (d->errors > DIAG_MAX_ERRORS) {
        if (!d->too_many) fprintf(d->out, "ingot: fatal error: too many errors, stopping\n");
        d->too_many = true;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "error", fmt, ap);
    va_end(ap);
}

void diag_warning(Diag *d, SrcLoc loc, const char *fmt, ...) {
    d->warnings++;
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "warning", fmt, ap);
    va_end(ap);
}

void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) {
    if (d->too_many) return;
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_warning_flag(Diag *d, SrcLoc loc, const char *name, bool as_error, const char *msg) {
    if (as_error) diag_error(d, loc, "%s [-Werror=%s]", msg, name);
    else diag_warning(d, loc, "%s [-W%s]", msg, name);
}

void diag_error_noloc(Diag *d, const char *fmt, ...) {
    d->errors++;
    va_list ap;
    va_start(ap, fmt);
    report(d, (SrcLoc){0}, "error", fmt, ap);
    va_end(ap);
}

bool diag_has_errors(const Diag *d) { return d->errors > 0; }

void diag_text(Diag *d, const char *fmt, ...) {
    if (d->too_many) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(d->out, fmt, ap);
    va_end(ap);
}

void diag_traceback_entry(Diag *d, SrcLoc loc, const char *func) {
    if (d->too_many || !loc.file) return;
    fprintf(d->out, "  File \"%s\", line %d, in %s\n", loc.file->path, loc.line, func);
    size_t len;
    const char *start = srcfile_line(loc.file, loc.line, &len);
    if (!start) return;
    const char *eol = start + len;
    while (start < eol && (*start == ' ' || *start == '\t')) start++;
    while (eol > start && (eol[-1] == '\r' || eol[-1] == ' ' || eol[-1] == '\t')) eol--;
    if (eol > start) fprintf(d->out, "    %.*s\n", (int)(eol - start), start);
}

void diag_internal_error(const char *file, int line, const char *fmt, ...) {
    fflush(stdout);
    fprintf(stderr, "ingot: internal error at %s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\n(this is a bug in ingot, not in your script)\n", stderr);
    abort();
}
