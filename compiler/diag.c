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

static void print_source_line(FILE *out, SrcLoc loc) {
    size_t len;
    const char *start = srcfile_line(loc.file, loc.line, &len);
    if (!start) return;
    int width = (int)len;
    fprintf(out, "%5d | %.*s\n", loc.line, width, start);
    fprintf(out, "      | ");
    /* Keep tabs so the caret lines up with the text above it. */
    for (int i = 0; i < loc.col - 1 && i < width; i++) fputc(start[i] == '\t' ? '\t' : ' ', out);
    for (int i = width; i < loc.col - 1; i++) fputc(' ', out);
    fputc('^', out);
    for (int i = 1; i < loc.len && loc.col - 1 + i < width; i++) fputc('~', out);
    fputc('\n', out);
}

static void report(Diag *d, SrcLoc loc, const char *severity, const char *fmt, va_list ap) {
    if (loc.file)
        fprintf(d->out, "%s:%d:%d: %s: ", loc.file->path, loc.line, loc.col, severity);
    else
        fprintf(d->out, "ingot: %s: ", severity);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (loc.file && loc.line > 0) print_source_line(d->out, loc);
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
