/* read.c — the IR's text form read back into a Module: the inverse of graph_print
 * (print.c), as QBE's parser is of its printer, so passes get .ir goldens.
 *
 *   module  = { flag | var | func }
 *   flag    = 'flag' STRING ':' dtype '=' literal [attrs] NL
 *   var     = 'var' $name ':' type '=' literal ':' dtype [attrs] NL
 *   func    = 'func' @name '(' [param {',' param}] ')' '->' '(' [type {',' type}] ')' '{' NL
 *             {inst} 'ret' [values] NL '}' NL
 *   inst    = [out {',' out} '='] op operands [attrs] NL      (out = %N ':' type)
 *           | [outs '='] 'cond' %p '{' NL region '}' 'else' '{' NL region '}' NL
 *           | [outs '='] 'while' [values] 'cond' params '{' NL region
 *                                           '}' 'body' params '{' NL region '}' NL
 *   region  = {inst} 'yield' [values] NL
 *   type    = dtype '[' [dim {',' dim}] ']'                   (dim = INT | '?')
 *
 * A trailing "# file:line" is an instruction's location; other comments ('#' or ';' to
 * the end of the line) are skipped, and so is indentation. Every op goes through the
 * builder, so its shape rule checks the line (a mismatch is reported at the op's name),
 * and the types the text declares must be the ones the builder gives.
 *
 * Errors: the first one is reported (diag) and reading stops with a longjmp back to
 * ir_read, like Lua's parser: a line after a bad one would only add errors about values
 * that line failed to define.
 * Entry points: ir_read, ir_read_file. Memory owner: the Module's Arena. */
#include "read.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "irtext.h"

/* Value numbers above this are refused, so a typo cannot make a huge table. */
#define READ_MAX_VALUE (1 << 22)
/* Nested regions deeper than this are refused: reading them recurses. */
#define READ_MAX_DEPTH 200

/* ---- tokens ------------------------------------------------------------------------ */
typedef enum {
    T_EOF,
    T_NEWLINE,  /* num 1: the one added where the input ends without one */
    T_VALUE,    /* %3: num */
    T_FUNC,     /* @name: text */
    T_VAR,      /* $name: text */
    T_IDENT,    /* add, f32, else: text */
    T_INT,      /* -12: num */
    T_FLOAT,    /* 2.5, 1e-05, nan, -inf: f, text the spelling */
    T_STRING,   /* "a\n": text unescaped */
    T_ELLIPSIS, /* ... (an abbreviated constant) */
    T_ARROW,    /* -> */
    T_LOC,      /* "# f.py:3": text the file, num the line */
    T_PUNCT,    /* = : , ( ) [ ] { } ?: punct */
} TokKind;

typedef struct Tok {
    TokKind kind;
    char punct;
    const char *text;  /* interned for names */
    const char *start; /* where it is in the source */
    int64_t num;
    double f;
    SrcLoc loc;
} Tok;

/* One output a line declares: "%4:f32[2]". */
typedef struct OutDecl {
    int num;
    TensorType type;
    SrcLoc loc; /* of the type */
} OutDecl;

/* A function's header, read before any body so calls can name later functions. */
typedef struct FuncHead {
    Func *f;
    int start; /* token index of 'func' */
    int open;  /* token index of its '{' */
    int body;  /* token index after the header's newline */
    const Tok *name;
    OutDecl *params;
    int nparams;
    TensorType *results;
    SrcLoc *result_locs;
    int nresults;
} FuncHead;

typedef struct Reader {
    Arena *a;
    Diag *diag;
    const SourceFile *src;
    jmp_buf fail;
    Tok *toks;
    int ntoks, tcap, pos;
    Module *m;
    Builder b;
    FuncHead *heads;
    int nheads;
    /* The values of the function being read, by text number: state 0 undefined, 1 in
       scope, 2 defined in a region that has ended. */
    IrValue **vals;
    unsigned char *state;
    int vcap;
    int *defined; /* numbers in definition order; a region's end pops back to its mark */
    int ndefined, defined_cap;
    int depth;
    SourceFile **files; /* of the location comments, one per path */
    int nfiles;
} Reader;

static _Noreturn void read_fail(Reader *r, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static _Noreturn void read_fail(Reader *r, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vprintf(r->a, fmt, ap);
    va_end(ap);
    diag_error(r->diag, loc, "%s", msg);
    longjmp(r->fail, 1);
}

/* ---- lexer ------------------------------------------------------------------------- */
typedef struct Lexer {
    Reader *r;
    const char *p, *end, *line_start;
    int line;
} Lexer;

static SrcLoc lex_loc(const Lexer *lx, const char *start, const char *stop) {
    int len = (int)(stop - start);
    return (SrcLoc){.file = lx->r->src,
                    .line = lx->line,
                    .col = (int)(start - lx->line_start) + 1,
                    .len = len > 0 ? len : 1};
}

static Tok *lex_push(Lexer *lx, TokKind kind, const char *start, const char *stop) {
    Reader *r = lx->r;
    if (r->ntoks == r->tcap) {
        int cap = r->tcap ? r->tcap * 2 : 256;
        r->toks = arena_grow(r->a, r->toks, sizeof(Tok), (size_t)r->ntoks, (size_t)cap);
        r->tcap = cap;
    }
    Tok *t = &r->toks[r->ntoks++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->start = start;
    t->loc = lex_loc(lx, start, stop);
    return t;
}

static bool is_name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

static const char *lex_name(Lexer *lx, const char *p) {
    while (p < lx->end && is_name_char(*p)) p++;
    return p;
}

/* "# file:line" (the printer's location comment) or any other comment, skipped. */
static void lex_comment(Lexer *lx) {
    const char *start = lx->p;
    const char *eol = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
    if (!eol) eol = lx->end;
    lx->p = eol;
    /* Only a comment after something on its line is a location; a line of its own
       is free text, whatever it says. */
    const Tok *last = lx->r->ntoks ? &lx->r->toks[lx->r->ntoks - 1] : NULL;
    if (*start != '#' || !last || last->kind == T_NEWLINE) return;
    const char *b = start + 1, *e = eol;
    while (b < e && (*b == ' ' || *b == '\t')) b++;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
    const char *colon = NULL;
    for (const char *q = b; q < e; q++)
        if (*q == ':') colon = q;
    if (!colon || colon == b || colon + 1 == e || e - (colon + 1) > 9) return;
    for (const char *q = colon + 1; q < e; q++)
        if (!is_digit(*q)) return;
    Tok *t = lex_push(lx, T_LOC, start, e);
    t->text = arena_intern(lx->r->a, b, (size_t)(colon - b));
    t->num = strtol(colon + 1, NULL, 10);
}

static void lex_string(Lexer *lx) {
    const char *start = lx->p;
    StrBuf sb;
    strbuf_init(&sb, lx->r->a);
    const char *p = start + 1;
    for (;;) {
        if (p >= lx->end || *p == '\n')
            read_fail(lx->r, lex_loc(lx, start, start + 1), "unterminated string");
        char c = *p++;
        if (c == '"') break;
        if (c != '\\') {
            strbuf_putc(&sb, c);
            continue;
        }
        char e = p < lx->end ? *p++ : '\0';
        switch (e) {
        case '"': strbuf_putc(&sb, '"'); break;
        case '\\': strbuf_putc(&sb, '\\'); break;
        case 'n': strbuf_putc(&sb, '\n'); break;
        case 't': strbuf_putc(&sb, '\t'); break;
        case 'r': strbuf_putc(&sb, '\r'); break;
        case 'x': {
            int v = 0, k = 0;
            for (; k < 2 && p < lx->end; k++, p++) {
                char h = *p;
                int d = is_digit(h)              ? h - '0'
                        : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                        : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                 : -1;
                if (d < 0) break;
                v = v * 16 + d;
            }
            if (k != 2 || v == 0)
                read_fail(lx->r, lex_loc(lx, p - k - 2, p),
                          "bad escape in a string: '\\x' takes two hex digits (not 00)");
            strbuf_putc(&sb, (char)v);
            break;
        }
        default: read_fail(lx->r, lex_loc(lx, p - 2, p), "unknown escape in a string");
        }
    }
    Tok *t = lex_push(lx, T_STRING, start, p);
    t->text = strbuf_cstr(&sb);
    lx->p = p;
}

static void lex_number(Lexer *lx) {
    const char *start = lx->p, *p = start;
    if (*p == '-') p++;
    bool is_float = false;
    while (p < lx->end && (is_name_char(*p) || *p == '.' ||
                           ((*p == '-' || *p == '+') && (p[-1] == 'e' || p[-1] == 'E')))) {
        if (*p == '.' || *p == 'e' || *p == 'E') is_float = true;
        p++;
    }
    char *text = arena_strndup(lx->r->a, start, (size_t)(p - start));
    char *stop;
    errno = 0;
    Tok *t = lex_push(lx, is_float ? T_FLOAT : T_INT, start, p);
    t->text = text;
    if (is_float)
        t->f = strtod(text, &stop);
    else
        t->num = strtoll(text, &stop, 10);
    if (*stop) read_fail(lx->r, t->loc, "bad number '%s'", text);
    if (errno == ERANGE && !is_float)
        read_fail(lx->r, t->loc, "integer '%s' is out of range", text);
    lx->p = p;
}

static void lex_all(Reader *r) {
    Lexer lx = {.r = r, .p = r->src->text, .end = r->src->text + r->src->len, .line = 1};
    lx.line_start = lx.p;
    while (lx.p < lx.end) {
        const char *s = lx.p;
        char c = *s;
        if (c == ' ' || c == '\t' || c == '\r') {
            lx.p++;
        } else if (c == '\n') {
            lex_push(&lx, T_NEWLINE, s, s + 1);
            lx.p++;
            lx.line++;
            lx.line_start = lx.p;
        } else if (c == '#' || c == ';') {
            lex_comment(&lx);
        } else if (c == '"') {
            lex_string(&lx);
        } else if (c == '%' || c == '@' || c == '$') {
            const char *e = c == '%' ? s + 1 : lex_name(&lx, s + 1);
            if (c == '%')
                while (e < lx.end && is_digit(*e)) e++;
            if (e == s + 1 || (c != '%' && !is_name_start(s[1])))
                read_fail(r, lex_loc(&lx, s, s + 1), "expected a %s after '%c'",
                          c == '%'   ? "value number"
                          : c == '@' ? "function name"
                                     : "variable name",
                          c);
            Tok *t = lex_push(&lx, c == '%' ? T_VALUE : c == '@' ? T_FUNC : T_VAR, s, e);
            if (c == '%') {
                if (e - s > 8 || strtol(s + 1, NULL, 10) > READ_MAX_VALUE)
                    read_fail(r, t->loc, "value number %.*s is too large", (int)(e - s - 1), s + 1);
                t->num = strtol(s + 1, NULL, 10);
            } else {
                t->text = arena_intern(r->a, s + 1, (size_t)(e - s - 1));
            }
            lx.p = e;
        } else if (c == '-' && s + 1 < lx.end && s[1] == '>') {
            lex_push(&lx, T_ARROW, s, s + 2);
            lx.p += 2;
        } else if (c == '-' && lx.end - s >= 4 && strncmp(s, "-inf", 4) == 0 &&
                   !(s + 4 < lx.end && is_name_char(s[4]))) {
            Tok *t = lex_push(&lx, T_FLOAT, s, s + 4);
            t->f = -INFINITY;
            t->text = "-inf";
            lx.p += 4;
        } else if (is_digit(c) || (c == '-' && s + 1 < lx.end && is_digit(s[1]))) {
            lex_number(&lx);
        } else if (c == '.' && lx.end - s >= 3 && s[1] == '.' && s[2] == '.') {
            lex_push(&lx, T_ELLIPSIS, s, s + 3);
            lx.p += 3;
        } else if (is_name_start(c)) {
            const char *e = lex_name(&lx, s);
            const char *name = arena_intern(r->a, s, (size_t)(e - s));
            bool special = strcmp(name, "inf") == 0 || strcmp(name, "nan") == 0;
            Tok *t = lex_push(&lx, special ? T_FLOAT : T_IDENT, s, e);
            t->text = name;
            if (special) t->f = name[0] == 'i' ? INFINITY : NAN;
            lx.p = e;
        } else if (strchr("=:,()[]{}?", c)) {
            lex_push(&lx, T_PUNCT, s, s + 1)->punct = c;
            lx.p++;
        } else {
            unsigned char u = (unsigned char)c;
            read_fail(
                r, lex_loc(&lx, s, s + 1),
                u >= 0x20 && u < 0x7f ? "unexpected character '%c'" : "unexpected byte 0x%02x", u);
        }
    }
    /* A last line without its newline still ends. */
    if (r->ntoks == 0 || r->toks[r->ntoks - 1].kind != T_NEWLINE)
        lex_push(&lx, T_NEWLINE, lx.p, lx.p)->num = 1;
    lex_push(&lx, T_EOF, lx.p, lx.p);
}

/* ---- token helpers ------------------------------------------------------------------ */
static const Tok *peek(const Reader *r) { return &r->toks[r->pos]; }
static const Tok *peek_at(const Reader *r, int k) {
    int i = r->pos + k;
    return &r->toks[i < r->ntoks ? i : r->ntoks - 1];
}
static const Tok *next(Reader *r) {
    const Tok *t = &r->toks[r->pos];
    if (t->kind != T_EOF) r->pos++;
    return t;
}

static bool is_punct(const Tok *t, char c) { return t->kind == T_PUNCT && t->punct == c; }
static bool is_ident(const Tok *t, const char *s) {
    return t->kind == T_IDENT && strcmp(t->text, s) == 0;
}

/* How a message names what it found: "'%4'", "end of line", "end of input". */
static const char *tok_desc(Reader *r, const Tok *t) {
    switch (t->kind) {
    case T_EOF: return "the end of the input";
    case T_NEWLINE: return t->num ? "the end of the input" : "the end of the line";
    case T_LOC: return "a location comment";
    case T_STRING: return "a string";
    default: return arena_printf(r->a, "'%.*s'", t->loc.len, t->start);
    }
}

static _Noreturn void expected(Reader *r, const char *what) {
    const Tok *t = peek(r);
    read_fail(r, t->loc, "expected %s, found %s", what, tok_desc(r, t));
}

static void expect_punct(Reader *r, char c) {
    if (!is_punct(peek(r), c)) expected(r, arena_printf(r->a, "'%c'", c));
    next(r);
}

static void expect_ident(Reader *r, const char *s) {
    if (!is_ident(peek(r), s)) expected(r, arena_printf(r->a, "'%s'", s));
    next(r);
}

static const Tok *expect_kind(Reader *r, TokKind kind, const char *what) {
    if (peek(r)->kind != kind) expected(r, what);
    return next(r);
}

/* The end of a line: an optional location comment, then the newline. Returns the
   comment's location ({0} without one). */
static SrcLoc read_line_end(Reader *r) {
    SrcLoc loc = {0};
    if (peek(r)->kind == T_LOC) {
        const Tok *t = next(r);
        const SourceFile *file = NULL;
        for (int i = 0; i < r->nfiles && !file; i++)
            if (r->files[i]->path == t->text) file = r->files[i];
        if (!file) {
            r->files = arena_grow(r->a, r->files, sizeof(SourceFile *), (size_t)r->nfiles,
                                  (size_t)r->nfiles + 1);
            SourceFile *nf = diag_source_from_string(r->a, t->text, "");
            nf->path = t->text; /* interned: files compare by pointer above */
            r->files[r->nfiles++] = nf;
            file = nf;
        }
        loc = (SrcLoc){.file = file, .line = (int)t->num, .col = 0, .len = 0};
    }
    if (peek(r)->kind != T_NEWLINE) expected(r, "the end of the line");
    next(r);
    return loc;
}

static void skip_newlines(Reader *r) {
    while (peek(r)->kind == T_NEWLINE) next(r);
}

/* ---- types and literals ---------------------------------------------------------------- */
static DType read_dtype(Reader *r) {
    const Tok *t = peek(r);
    if (t->kind == T_IDENT)
        for (int d = 0; d < DT__COUNT; d++)
            if (strcmp(t->text, dtype_short_name((DType)d)) == 0) {
                next(r);
                return (DType)d;
            }
    if (t->kind == T_IDENT)
        read_fail(r, t->loc, "unknown dtype '%s' (bool, i32, i64, f32, f64 or str)", t->text);
    expected(r, "a dtype");
}

/* "[2,?,3]": a shape, '?' for an unknown dim unless static_only. */
static Shape read_shape(Reader *r) {
    Shape s = shape_scalar();
    expect_punct(r, '[');
    if (is_punct(peek(r), ']')) {
        next(r);
        return s;
    }
    for (;;) {
        const Tok *t = peek(r);
        if (s.rank == IR_MAX_RANK) read_fail(r, t->loc, "more than %d dimensions", IR_MAX_RANK);
        if (is_punct(t, '?')) {
            s.dims[s.rank++] = DIM_UNKNOWN;
        } else if (t->kind == T_INT) {
            if (t->num < 0) read_fail(r, t->loc, "a dimension must not be negative");
            s.dims[s.rank++] = t->num;
        } else {
            expected(r, "a dimension (a number or '?')");
        }
        next(r);
        if (is_punct(peek(r), ']')) break;
        if (!is_punct(peek(r), ',')) expected(r, "',' or ']'");
        next(r);
    }
    next(r);
    return s;
}

static TensorType read_type(Reader *r, SrcLoc *loc) {
    const Tok *start = peek(r);
    TensorType t;
    memset(&t, 0, sizeof t);
    t.dtype = read_dtype(r);
    t.shape = read_shape(r);
    if (loc) {
        *loc = start->loc;
        const Tok *last = &r->toks[r->pos - 1];
        if (last->loc.line == start->loc.line)
            loc->len = last->loc.col + last->loc.len - start->loc.col;
    }
    return t;
}

/* One element of dtype dt into p. */
static void read_element(Reader *r, DType dt, void *p) {
    const Tok *t = peek(r);
    switch (dt) {
    case DT_BOOL:
        if (!is_ident(t, "true") && !is_ident(t, "false")) expected(r, "'true' or 'false'");
        *(bool *)p = t->text[0] == 't';
        break;
    case DT_INT32:
        if (t->kind != T_INT) expected(r, "an i32 number");
        if (t->num < INT32_MIN || t->num > INT32_MAX)
            read_fail(r, t->loc, "%s is out of range for i32", t->text);
        *(int32_t *)p = (int32_t)t->num;
        break;
    case DT_INT64:
        if (t->kind != T_INT) expected(r, "an i64 number");
        *(int64_t *)p = t->num;
        break;
    case DT_FLOAT32:
    case DT_FLOAT64: {
        if (t->kind != T_FLOAT && t->kind != T_INT) expected(r, "a number");
        /* From the spelling: strtof rounds once, as the printer's check does. */
        double x = t->kind == T_INT ? (double)t->num : t->f;
        if (dt == DT_FLOAT32)
            *(float *)p = t->kind == T_FLOAT ? strtof(t->text, NULL) : (float)x;
        else
            *(double *)p = x;
        break;
    }
    case DT_STRING:
        if (t->kind != T_STRING) expected(r, "a string");
        *(const char **)p = t->text;
        break;
    default: UNREACHABLE();
    }
    next(r);
}

typedef struct ConstBuf {
    char *data;
    size_t len, cap; /* bytes */
} ConstBuf;

static void *const_slot(Reader *r, ConstBuf *cb, size_t size) {
    if (cb->len + size > cb->cap) {
        size_t cap = cb->cap ? cb->cap * 2 : 64;
        while (cap < cb->len + size) cap *= 2;
        cb->data = arena_grow(r->a, cb->data, 1, cb->len, cap);
        cb->cap = cap;
    }
    void *p = cb->data + cb->len;
    cb->len += size;
    return p;
}

static void read_const_dim(Reader *r, DType dt, const Shape *s, int dim, ConstBuf *cb) {
    if (is_punct(peek(r), '[') || peek(r)->kind == T_ELLIPSIS || dim < s->rank) {
        if (peek(r)->kind == T_ELLIPSIS)
            read_fail(r, peek(r)->loc,
                      "abbreviated constant: the text shows only some elements of a tensor of "
                      "more than %d, so its data is not there to read",
                      IRTEXT_MAX_ELEMENTS);
        if (dim == s->rank)
            read_fail(r, peek(r)->loc, "the constant has more dimensions than its type");
        const Tok *open = peek(r);
        expect_punct(r, '[');
        int64_t n = 0;
        while (!is_punct(peek(r), ']')) {
            if (n > 0) expect_punct(r, ',');
            if (n == s->dims[dim])
                read_fail(
                    r, peek(r)->loc,
                    "the constant has more entries in dimension %d than the %lld its type says",
                    dim + 1, (long long)s->dims[dim]);
            read_const_dim(r, dt, s, dim + 1, cb);
            n++;
        }
        if (n != s->dims[dim])
            read_fail(r, open->loc,
                      "the constant has %lld entr%s in dimension %d, its type says %lld",
                      (long long)n, n == 1 ? "y" : "ies", dim + 1, (long long)s->dims[dim]);
        next(r);
        return;
    }
    read_element(r, dt, const_slot(r, cb, dtype_size(dt)));
}

/* A literal of dtype dt and shape s ("[[1, 2], [3, 4]]"), as the printer writes it. */
static const ConstData *read_const(Reader *r, DType dt, Shape s) {
    ConstBuf cb = {0};
    read_const_dim(r, dt, &s, 0, &cb);
    ConstData *c = ARENA_NEW(r->a, ConstData);
    c->dtype = dt;
    c->shape = s;
    c->data = cb.data ? (const void *)cb.data : arena_alloc(r->a, 1);
    return c;
}

/* " {key=value, ...}", as irtext_attrs writes it. A '[...]' is a shape for key "shape"
   or when it holds a '?', else a list of ints. */
static void read_attrs(Reader *r, Attrs *attrs) {
    if (!is_punct(peek(r), '{')) return;
    next(r);
    for (;;) {
        const Tok *k = expect_kind(r, T_IDENT, "an attribute name");
        if (attrs_get(attrs, k->text))
            read_fail(r, k->loc, "attribute '%s' is given twice", k->text);
        expect_punct(r, '=');
        const Tok *v = peek(r);
        if (v->kind == T_INT) {
            attrs_set_int(r->a, attrs, k->text, v->num);
            next(r);
        } else if (v->kind == T_FLOAT) {
            attrs_set_float(r->a, attrs, k->text, v->f);
            next(r);
        } else if (v->kind == T_STRING) {
            attrs_set_string(r->a, attrs, k->text, v->text);
            next(r);
        } else if (is_ident(v, "true") || is_ident(v, "false")) {
            attrs_set_bool(r->a, attrs, k->text, v->text[0] == 't');
            next(r);
        } else if (v->kind == T_IDENT) {
            attrs_set_dtype(r->a, attrs, k->text, read_dtype(r));
        } else if (is_punct(v, '[')) {
            bool shape = strcmp(k->text, "shape") == 0;
            for (int i = 1;
                 !shape && peek_at(r, i)->kind != T_NEWLINE && !is_punct(peek_at(r, i), ']'); i++)
                shape = is_punct(peek_at(r, i), '?');
            if (shape) {
                attrs_set_shape(r->a, attrs, k->text, read_shape(r));
            } else {
                next(r);
                int64_t *items = NULL;
                int n = 0;
                while (!is_punct(peek(r), ']')) {
                    if (n > 0) expect_punct(r, ',');
                    const Tok *t = expect_kind(r, T_INT, "an integer");
                    items = arena_grow(r->a, items, sizeof(int64_t), (size_t)n, (size_t)n + 1);
                    items[n++] = t->num;
                }
                next(r);
                attrs_set_ints(r->a, attrs, k->text, items, n);
            }
        } else {
            expected(r, "an attribute value");
        }
        if (is_punct(peek(r), '}')) break;
        expect_punct(r, ',');
    }
    next(r);
}

/* ---- values ---------------------------------------------------------------------------- */
static void values_reserve(Reader *r, int num) {
    if (num < r->vcap) return;
    int cap = r->vcap ? r->vcap : 64;
    while (cap <= num) cap *= 2;
    r->vals = arena_grow(r->a, r->vals, sizeof(IrValue *), (size_t)r->vcap, (size_t)cap);
    r->state = arena_grow(r->a, r->state, 1, (size_t)r->vcap, (size_t)cap);
    r->vcap = cap;
}

static void define_value(Reader *r, int num, SrcLoc loc, IrValue *v) {
    values_reserve(r, num);
    if (r->state[num]) read_fail(r, loc, "value %%%d is defined twice", num);
    r->vals[num] = v;
    r->state[num] = 1;
    if (r->ndefined == r->defined_cap) {
        int cap = r->defined_cap ? r->defined_cap * 2 : 64;
        r->defined = arena_grow(r->a, r->defined, sizeof(int), (size_t)r->ndefined, (size_t)cap);
        r->defined_cap = cap;
    }
    r->defined[r->ndefined++] = num;
}

/* Values defined after the mark go out of scope: their region has ended. */
static void scope_close(Reader *r, int mark) {
    while (r->ndefined > mark) r->state[r->defined[--r->ndefined]] = 2;
}

static IrValue *read_use(Reader *r) {
    const Tok *t = expect_kind(r, T_VALUE, "a value (%N)");
    int num = (int)t->num;
    int st = num < r->vcap ? r->state[num] : 0;
    if (st == 0) read_fail(r, t->loc, "undefined value %%%d", num);
    if (st == 2)
        read_fail(r, t->loc,
                  "value %%%d is out of scope here: the region that defines it has ended", num);
    return r->vals[num];
}

/* "%1, %2" (possibly none: the list ends where no value follows). */
static IrValue **read_uses(Reader *r, int *n) {
    IrValue **vals = NULL;
    *n = 0;
    if (peek(r)->kind != T_VALUE) return NULL;
    for (;;) {
        vals = arena_grow(r->a, vals, sizeof(IrValue *), (size_t)*n, (size_t)*n + 1);
        vals[(*n)++] = read_use(r);
        if (!is_punct(peek(r), ',') || peek_at(r, 1)->kind != T_VALUE) break;
        next(r);
    }
    return vals;
}

/* "%4:f32[2]" */
static OutDecl read_decl(Reader *r) {
    OutDecl d;
    const Tok *t = expect_kind(r, T_VALUE, "a value (%N)");
    d.num = (int)t->num;
    expect_punct(r, ':');
    d.type = read_type(r, &d.loc);
    return d;
}

/* "(%4:i32[], %5:f32[])": a while region's params, defined in the current scope. */
static void read_region_params(Reader *r, Region *rg) {
    expect_punct(r, '(');
    while (!is_punct(peek(r), ')')) {
        if (rg->nparams > 0) expect_punct(r, ',');
        OutDecl d = read_decl(r);
        define_value(r, d.num, d.loc, region_add_param(r->m, rg, d.type, NULL));
    }
    next(r);
}

/* ---- instructions and regions ------------------------------------------------------------ */
static bool types_equal(const TensorType *a, const TensorType *b) {
    return a->dtype == b->dtype && shape_equal(&a->shape, &b->shape);
}

static const Tok *read_region_lines(Reader *r, Region *rg, const Tok *open);

/* A nested region: [params] '{' [loc] NL, its lines up to its yield; the closing '}' is
   the caller's. *loc gets the opening line's location comment. */
static Region *read_nested(Reader *r, bool params, SrcLoc *loc) {
    Region *rg = region_new(r->m, r->b.region->func);
    int mark = r->ndefined;
    if (params) read_region_params(r, rg);
    const Tok *open = peek(r);
    expect_punct(r, '{');
    SrcLoc l = read_line_end(r);
    if (loc) *loc = l;
    if (r->depth == READ_MAX_DEPTH)
        read_fail(r, open->loc, "regions nested more than %d deep", READ_MAX_DEPTH);
    r->depth++;
    read_region_lines(r, rg, open);
    r->depth--;
    scope_close(r, mark);
    return rg;
}

static Global *find_global(Reader *r, const Tok *t) {
    for (int i = 0; i < r->m->nglobals; i++)
        if (strcmp(r->m->globals[i]->name, t->text) == 0) return r->m->globals[i];
    read_fail(r, t->loc, "undefined variable $%s", t->text);
}

static Func *find_func(Reader *r, const Tok *t) {
    for (int i = 0; i < r->nheads; i++)
        if (r->heads[i].name->text == t->text) return r->heads[i].f;
    read_fail(r, t->loc, "undefined function @%s", t->text);
}

/* The one output type an op takes its dtype (or its whole type) from. */
static const OutDecl *sole_output(Reader *r, const Tok *op, const OutDecl *outs, int nouts) {
    if (nouts != 1) read_fail(r, op->loc, "'%s' needs one output, with its type", op->text);
    return &outs[0];
}

static void read_inst(Reader *r) {
    OutDecl *outs = NULL;
    int nouts = 0;
    if (peek(r)->kind == T_VALUE) {
        for (;;) {
            outs = arena_grow(r->a, outs, sizeof(OutDecl), (size_t)nouts, (size_t)nouts + 1);
            outs[nouts++] = read_decl(r);
            if (!is_punct(peek(r), ',')) break;
            next(r);
        }
        expect_punct(r, '=');
    }
    const Tok *optok = expect_kind(r, T_IDENT, "an op name");
    Opcode op = op_named(optok->text);
    if (op == OP__COUNT) read_fail(r, optok->loc, "unknown op '%s'", optok->text);
    SrcLoc at = optok->loc;
    Builder *b = &r->b;
    Attrs attrs = {0};
    IrValue **ins = NULL;
    int nin = 0;
    Inst *inst = NULL;
    SrcLoc loc = {0};
    if (op == OP_CONST) {
        /* "const 2.0:f32": the shape is the output's */
        const OutDecl *o = sole_output(r, optok, outs, nouts);
        if (!shape_is_static(&o->type.shape))
            read_fail(r, o->loc, "a constant's shape must be fully known");
        DType dt = o->type.dtype;
        /* The literal is read for the suffix's dtype, so look ahead for it. */
        int depth = 0, k = 0;
        for (;; k++) {
            const Tok *t = peek_at(r, k);
            if (t->kind == T_NEWLINE || t->kind == T_EOF) break;
            if (is_punct(t, '[')) depth++;
            if (is_punct(t, ']')) depth--;
            if (depth == 0 && is_punct(t, ':')) break;
        }
        if (is_punct(peek_at(r, k), ':') && peek_at(r, k + 1)->kind == T_IDENT) {
            int save = r->pos;
            r->pos += k + 1;
            dt = read_dtype(r);
            r->pos = save;
        }
        const ConstData *c = read_const(r, dt, o->type.shape);
        expect_punct(r, ':');
        read_dtype(r);
        attrs_set_tensor(r->a, &attrs, "value", c);
        read_attrs(r, &attrs);
        loc = read_line_end(r);
        inst = build_inst(b, op, NULL, 0, &attrs, NULL, at);
    } else if (op == OP_CALL) {
        Func *callee = find_func(r, expect_kind(r, T_FUNC, "a function (@name)"));
        ins = read_uses(r, &nin);
        read_attrs(r, &attrs);
        loc = read_line_end(r);
        inst = build_inst(b, op, ins, nin, &attrs, callee, at);
    } else if (op_is_var(op)) {
        /* "read $v", "assign_add $v, %2" */
        Global *g = find_global(r, expect_kind(r, T_VAR, "a variable ($name)"));
        if (op != OP_READ_VAR) {
            expect_punct(r, ',');
            ins = read_uses(r, &nin);
            if (nin != 1) read_fail(r, at, "'%s' takes one value", optok->text);
        }
        loc = read_line_end(r);
        inst = op == OP_READ_VAR ? (build_read_var(b, g, at) ? b->region->last : NULL)
                                 : build_assign_var(b, op, g, ins[0], at);
    } else if (op_is_random(op)) {
        /* "random_normal $rng {shape=[2], mean=0.0, stddev=1.0}": the dtype is the output's */
        Global *g = find_global(r, expect_kind(r, T_VAR, "a generator state ($name)"));
        IrValue **ins = NULL;
        int nin = 0;
        if (op == OP_RANDOM_PERMUTATION) { /* "random_permutation $rng, %3, %4 {buffer_size=8}" */
            expect_punct(r, ',');
            ins = read_uses(r, &nin);
        } else {
            attrs_set_dtype(r->a, &attrs, "dtype", sole_output(r, optok, outs, nouts)->type.dtype);
        }
        read_attrs(r, &attrs);
        loc = read_line_end(r);
        inst = build_random(b, op, ins, nin, &attrs, g, at);
    } else if (op == OP_FLAG) {
        /* 'flag "epochs"': the dtype is the output's */
        const Tok *name = expect_kind(r, T_STRING, "a flag name (a string)");
        if (!module_find_flag(r->m, name->text))
            read_fail(r, name->loc, "undefined flag \"%s\"", name->text);
        attrs_set_string(r->a, &attrs, "name", name->text);
        attrs_set_dtype(r->a, &attrs, "dtype", sole_output(r, optok, outs, nouts)->type.dtype);
        loc = read_line_end(r);
        inst = build_inst(b, op, NULL, 0, &attrs, NULL, at);
    } else if (op == OP_COND) {
        ins = read_uses(r, &nin);
        if (nin != 1) read_fail(r, at, "'cond' takes one predicate, got %d values", nin);
        Region *then_r = read_nested(r, false, &loc);
        expect_punct(r, '}');
        expect_ident(r, "else");
        Region *else_r = read_nested(r, false, NULL);
        expect_punct(r, '}');
        read_line_end(r);
        inst = build_cond(b, ins[0], then_r, else_r, at);
    } else if (op == OP_WHILE) {
        ins = read_uses(r, &nin);
        expect_ident(r, "cond");
        Region *cond_r = read_nested(r, true, &loc);
        expect_punct(r, '}');
        expect_ident(r, "body");
        Region *body_r = read_nested(r, true, NULL);
        expect_punct(r, '}');
        read_line_end(r);
        inst = build_while(b, ins, nin, cond_r, body_r, at);
    } else {
        ins = read_uses(r, &nin);
        read_attrs(r, &attrs);
        loc = read_line_end(r);
        inst = build_inst(b, op, ins, nin, &attrs, NULL, at);
    }
    if (!inst) longjmp(r->fail, 1); /* the builder reported it */
    if (inst->noutputs != nouts)
        read_fail(r, at, "'%s' has %d output%s here, the text declares %d", optok->text,
                  inst->noutputs, inst->noutputs == 1 ? "" : "s", nouts);
    char b1[16 * IR_MAX_RANK + 16], b2[16 * IR_MAX_RANK + 16];
    for (int i = 0; i < nouts; i++)
        if (!types_equal(&inst->outputs[i]->type, &outs[i].type))
            read_fail(r, outs[i].loc, "'%s' output %d is %s, the text declares %s", optok->text,
                      i + 1, type_str(&inst->outputs[i]->type, b1, sizeof b1),
                      type_str(&outs[i].type, b2, sizeof b2));
    for (int i = 0; i < nouts; i++) define_value(r, outs[i].num, outs[i].loc, inst->outputs[i]);
    /* The script's place, not the .ir line the builder was given for its messages. */
    inst->loc = loc;
    inst->src_line = NULL;
}

/* The lines of region rg (opened by the '{' at open) up to and including its
   'yield' (or 'ret' for a function body), which sets its results; returns that word. */
static const Tok *read_region_lines(Reader *r, Region *rg, const Tok *open) {
    Region *saved = r->b.region;
    r->b.region = rg;
    bool body = rg->parent == NULL && rg == rg->func->body;
    const char *end_word = body ? "ret" : "yield";
    const Tok *end = NULL;
    for (;;) {
        skip_newlines(r);
        const Tok *t = peek(r);
        if (t->kind == T_EOF)
            read_fail(r, open->loc, "unterminated region: the input ends before its '%s'",
                      end_word);
        if (is_ident(t, "func"))
            read_fail(r, open->loc,
                      "unterminated region: the next function starts before its '%s' (line %d)",
                      end_word, t->loc.line);
        if (is_punct(t, '}')) read_fail(r, t->loc, "the region ends without its '%s'", end_word);
        if (is_ident(t, "yield") || is_ident(t, "ret")) {
            if (strcmp(t->text, end_word) != 0)
                read_fail(r, t->loc, "'%s' in %s: it ends with '%s'", t->text,
                          body ? "a function body" : "a nested region", end_word);
            end = next(r);
            int n = 0;
            IrValue **vals = read_uses(r, &n);
            read_line_end(r);
            region_set_results(r->m, rg, vals, n);
            break;
        }
        read_inst(r);
    }
    skip_newlines(r);
    if (peek(r)->kind == T_EOF)
        read_fail(r, open->loc, "unterminated region: the input ends before its '}'");
    if (!is_punct(peek(r), '}')) expected(r, arena_printf(r->a, "'}' after '%s'", end_word));
    r->b.region = saved;
    return end;
}

/* ---- module level ------------------------------------------------------------------------ */
/* flag "epochs": i32 = 5 {help="number of passes"}  # train.py:3 */
static void read_flag(Reader *r) {
    next(r);
    const Tok *name = expect_kind(r, T_STRING, "a flag name (a string)");
    if (!flag_name_is_valid(name->text))
        read_fail(r, name->loc, "bad flag name \"%s\" (letters, digits, '_' and '-')", name->text);
    expect_punct(r, ':');
    DType dt = read_dtype(r);
    expect_punct(r, '=');
    const ConstData *value = read_const(r, dt, shape_scalar());
    Attrs attrs = {0};
    const Tok *at = peek(r);
    read_attrs(r, &attrs);
    const Attr *help = attrs_get(&attrs, "help");
    if (attrs.len > (help != NULL) || (help && help->kind != ATTR_STRING))
        read_fail(r, at->loc, "a flag takes one attribute, 'help' (a string)");
    SrcLoc loc = read_line_end(r);
    if (!module_add_flag(r->m, name->text, value, help ? help->s : "", loc))
        read_fail(r, name->loc, "flag \"%s\" is declared twice", name->text);
}

/* var $counter:i32[] = 0:i32 {trainable=false}  # seed.py:3
   var $w:f32[2,3] = computed  # mlp.py:5        (set by the program's 'initialize') */
static void read_var(Reader *r) {
    next(r);
    const Tok *name = expect_kind(r, T_VAR, "a variable ($name)");
    for (int i = 0; i < r->m->nglobals; i++)
        if (strcmp(r->m->globals[i]->name, name->text) == 0)
            read_fail(r, name->loc, "variable $%s is defined twice", name->text);
    expect_punct(r, ':');
    SrcLoc tloc;
    TensorType type = read_type(r, &tloc);
    if (!shape_is_static(&type.shape)) read_fail(r, tloc, "a variable's shape must be fully known");
    expect_punct(r, '=');
    const ConstData *init = NULL;
    if (peek(r)->kind == T_IDENT && strcmp(peek(r)->text, "computed") == 0) {
        next(r);
    } else {
        init = read_const(r, type.dtype, type.shape);
        expect_punct(r, ':');
        const Tok *dt = peek(r);
        if (read_dtype(r) != type.dtype)
            read_fail(r, dt->loc, "the initial value is %s, the variable %s", dt->text,
                      dtype_short_name(type.dtype));
    }
    Attrs attrs = {0};
    const Tok *at = peek(r);
    read_attrs(r, &attrs);
    const Attr *tr = attrs_get(&attrs, "trainable");
    if (attrs.len > (tr != NULL) || (tr && tr->kind != ATTR_BOOL))
        read_fail(r, at->loc, "a variable takes one attribute, 'trainable' (true or false)");
    SrcLoc loc = read_line_end(r);
    bool trainable = tr ? tr->i != 0 : true;
    Global *g = init ? module_add_global(r->m, name->text, init, trainable, loc)
                     : module_add_computed_global(r->m, name->text, type, trainable, loc);
    IG_ASSERT(strcmp(g->name, name->text) == 0); /* a name the lexer takes is C-safe */
}

/* func @name(%0:f32[], ...) -> (f32[], ...) {   — the header alone */
static FuncHead read_func_head(Reader *r) {
    FuncHead h;
    memset(&h, 0, sizeof h);
    h.start = r->pos;
    next(r);
    h.name = expect_kind(r, T_FUNC, "a function name (@name)");
    expect_punct(r, '(');
    while (!is_punct(peek(r), ')')) {
        if (h.nparams > 0) expect_punct(r, ',');
        h.params =
            arena_grow(r->a, h.params, sizeof(OutDecl), (size_t)h.nparams, (size_t)h.nparams + 1);
        h.params[h.nparams++] = read_decl(r);
    }
    next(r);
    if (peek(r)->kind != T_ARROW) expected(r, "'->'");
    next(r);
    expect_punct(r, '(');
    while (!is_punct(peek(r), ')')) {
        if (h.nresults > 0) expect_punct(r, ',');
        h.results = arena_grow(r->a, h.results, sizeof(TensorType), (size_t)h.nresults,
                               (size_t)h.nresults + 1);
        h.result_locs = arena_grow(r->a, h.result_locs, sizeof(SrcLoc), (size_t)h.nresults,
                                   (size_t)h.nresults + 1);
        h.results[h.nresults] = read_type(r, &h.result_locs[h.nresults]);
        h.nresults++;
    }
    next(r);
    h.open = r->pos;
    expect_punct(r, '{');
    read_line_end(r);
    h.body = r->pos;
    return h;
}

/* Every function's header first, so a call can name one printed after it; the
   program function @main is created first (graph_verify wants it there). Results are
   placeholders of the declared types until the body's 'ret' (calls read their types). */
static void read_func_heads(Reader *r) {
    for (int i = 0; i < r->ntoks; i++) {
        if (!is_ident(&r->toks[i], "func") || (i > 0 && r->toks[i - 1].kind != T_NEWLINE)) continue;
        r->pos = i;
        FuncHead h = read_func_head(r);
        for (int j = 0; j < r->nheads; j++)
            if (r->heads[j].name->text == h.name->text)
                read_fail(r, h.name->loc, "function @%s is defined twice", h.name->text);
        r->heads =
            arena_grow(r->a, r->heads, sizeof(FuncHead), (size_t)r->nheads, (size_t)r->nheads + 1);
        r->heads[r->nheads++] = h;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < r->nheads; i++) {
            FuncHead *h = &r->heads[i];
            bool program = strcmp(h->name->text, "main") == 0;
            if (program != (pass == 0)) continue;
            if (program && h->nparams > 0)
                read_fail(r, h->params[0].loc, "the program function @main takes no parameters");
            if (!program && pass == 1 && r->m->nfuncs == 0)
                read_fail(r, h->name->loc, "no program function @main before @%s", h->name->text);
            /* "compute__1" is what func_new names the first "compute"; the text's name is
               kept whatever func_new says (no pass makes functions, so its counters
               need not know). */
            const char *py = h->name->text;
            const char *sep = strstr(py, "__");
            if (sep) py = arena_strndup(r->a, py, (size_t)(sep - py));
            Func *f = func_new(r->m, program ? NULL : py, program ? FUNC_PROGRAM : FUNC_TRACED,
                               (SrcLoc){0});
            f->name = h->name->text;
            for (int k = 0; k < h->nparams; k++)
                region_add_param(r->m, f->body, h->params[k].type, NULL);
            IrValue **res = ARENA_ARRAY(r->a, IrValue *, h->nresults > 0 ? h->nresults : 1);
            for (int k = 0; k < h->nresults; k++) {
                res[k] = ARENA_NEW(r->a, IrValue);
                res[k]->id = r->m->next_value_id++;
                res[k]->type = h->results[k];
            }
            region_set_results(r->m, f->body, res, h->nresults);
            h->f = f;
        }
    }
}

static void read_func(Reader *r, FuncHead *h) {
    Func *f = h->f;
    if (r->vcap) memset(r->state, 0, (size_t)r->vcap);
    r->ndefined = 0;
    for (int i = 0; i < h->nparams; i++)
        define_value(r, h->params[i].num, h->params[i].loc, f->body->params[i]);
    IrValue **placeholders = f->body->results;
    r->pos = h->body;
    const Tok *ret = read_region_lines(r, f->body, &r->toks[h->open]);
    next(r); /* '}' */
    if (peek(r)->kind != T_NEWLINE && peek(r)->kind != T_EOF) expected(r, "the end of the line");
    Region *body = f->body;
    if (body->nresults != h->nresults)
        read_fail(r, ret->loc, "@%s returns %d value%s, its signature declares %d", f->name,
                  body->nresults, body->nresults == 1 ? "" : "s", h->nresults);
    char b1[16 * IR_MAX_RANK + 16], b2[16 * IR_MAX_RANK + 16];
    for (int i = 0; i < h->nresults; i++)
        if (!types_equal(&body->results[i]->type, &placeholders[i]->type))
            read_fail(r, h->result_locs[i],
                      "@%s returns %s as result %d, its signature declares %s", f->name,
                      type_str(&body->results[i]->type, b1, sizeof b1), i + 1,
                      type_str(&placeholders[i]->type, b2, sizeof b2));
}

static void read_module(Reader *r) {
    lex_all(r);
    read_func_heads(r);
    r->pos = 0;
    int nfunc = 0;
    for (;;) {
        skip_newlines(r);
        const Tok *t = peek(r);
        if (t->kind == T_EOF) break;
        if (is_ident(t, "flag")) {
            read_flag(r);
        } else if (is_ident(t, "var")) {
            read_var(r);
        } else if (is_ident(t, "func")) {
            IG_ASSERT(nfunc < r->nheads && r->heads[nfunc].start == r->pos);
            read_func(r, &r->heads[nfunc++]);
        } else {
            read_fail(r, t->loc, "expected 'flag', 'var' or 'func', found %s", tok_desc(r, t));
        }
    }
    char err[512];
    if (!graph_verify(r->m, err, sizeof err))
        read_fail(r, (SrcLoc){.file = r->src, .line = 1, .col = 1, .len = 1},
                  "the module does not verify: %s", err);
}

Module *ir_read(Arena *a, Diag *d, const SourceFile *src) {
    Reader *r = ARENA_NEW(a, Reader);
    r->a = a;
    r->diag = d;
    r->src = src;
    r->m = module_new(a, src->path);
    r->b.module = r->m;
    r->b.diag = d;
    if (setjmp(r->fail)) return NULL;
    read_module(r);
    return r->m;
}

Module *ir_read_file(Arena *a, Diag *d, const char *path) {
    const SourceFile *src = diag_load_file(a, path);
    if (!src) {
        diag_error_noloc(d, "cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    return ir_read(a, d, src);
}
