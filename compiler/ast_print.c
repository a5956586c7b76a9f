/* ast_print.c — the AST printed back as Python source (--emit=autograph, to_code);
 * ast_dump.c shows the tree itself (--emit=ast).
 * Entry points: ast_print (a module), ast_expr_to_source (one expression).
 * Memory owner: text is built in a StrBuf of a scratch or caller Arena.
 *
 * The output re-parses to an equal tree (ast_equal): parentheses are added where
 * precedence or context needs them and nowhere else; literals are printed the way
 * Python's repr() prints them. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"

/* Binding strength, weakest first. An expression printed where at least `min` is
 * required gets parentheses when its own precedence is lower. */
enum {
    PREC_NAMED = -1, /* x := y: always parenthesized */
    PREC_TUPLE = 0,  /* a bare tuple "a, b" */
    PREC_TEST,       /* lambda */
    PREC_IFEXP,
    PREC_OR,
    PREC_AND,
    PREC_NOT,
    PREC_CMP,
    PREC_BOR,
    PREC_BXOR,
    PREC_BAND,
    PREC_SHIFT,
    PREC_ARITH,
    PREC_TERM,
    PREC_UNARY,
    PREC_POWER,
    PREC_ATOM,
};

typedef struct Printer {
    StrBuf sb;
    Arena *arena;
    /* ast_module_to_source_mapped: each statement's start (a byte offset of the text)
       and its source line, in output order, when mapped. */
    bool mapped;
    AstLineMark *marks;
    int nmarks, marks_cap;
} Printer;

static void print_expr(Printer *p, const Node *e, int min);
static void print_body(Printer *p, const NodeList *body, int indent);

static void put(Printer *p, const char *s) { strbuf_puts(&p->sb, s); }
static void putc_(Printer *p, char c) { strbuf_putc(&p->sb, c); }

static int binop_prec(BinOp op) {
    switch (op) {
    case BIN_BITOR: return PREC_BOR;
    case BIN_BITXOR: return PREC_BXOR;
    case BIN_BITAND: return PREC_BAND;
    case BIN_LSHIFT:
    case BIN_RSHIFT: return PREC_SHIFT;
    case BIN_ADD:
    case BIN_SUB: return PREC_ARITH;
    case BIN_MUL:
    case BIN_MATMUL:
    case BIN_DIV:
    case BIN_FLOORDIV:
    case BIN_MOD: return PREC_TERM;
    case BIN_POW: return PREC_POWER;
    }
    UNREACHABLE();
}

static int expr_prec(const Node *e) {
    switch (e->kind) {
    case AST_NAMED_EXPR: return PREC_NAMED;
    case AST_TUPLE: return e->seq.elts.len == 0 ? PREC_ATOM : PREC_TUPLE;
    case AST_LAMBDA: return PREC_TEST;
    case AST_IFEXP: return PREC_IFEXP;
    case AST_BOOLOP: return e->boolop.op == BOOL_OR ? PREC_OR : PREC_AND;
    case AST_UNARYOP: return e->unaryop.op == UNARY_NOT ? PREC_NOT : PREC_UNARY;
    case AST_COMPARE: return PREC_CMP;
    case AST_BINOP: return binop_prec(e->binop.op);
    case AST_STARRED: return PREC_BOR;
    default: return PREC_ATOM;
    }
}

/* ---- literals ------------------------------------------------------------------ */

/* Python's float repr: the shortest digits that read back exactly, fixed notation
 * for exponents in [-4, 16), always with a '.' or an exponent so it stays a float. */
static void print_float(Printer *p, double v) {
    if (isinf(v)) {
        put(p, v > 0 ? "1e309" : "-1e309");
        return;
    }
    if (isnan(v)) {
        put(p, "(1e309 - 1e309)");
        return;
    }
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
        if (strtod(tmp, NULL) == v) break;
    }
    /* tmp is "[-]d[.ddd]e[+-]XX": split into sign, digits and exponent. */
    const char *s = tmp;
    bool neg = *s == '-';
    if (neg) s++;
    char digits[32];
    int nd = 0;
    for (; *s && *s != 'e'; s++)
        if (*s != '.') digits[nd++] = *s;
    int exp = atoi(s + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = '\0';
    if (neg) putc_(p, '-');
    if (exp >= -4 && exp < 16) {
        if (exp >= 0) {
            for (int i = 0; i <= exp; i++) putc_(p, i < nd ? digits[i] : '0');
            putc_(p, '.');
            if (nd > exp + 1) put(p, digits + exp + 1);
            else putc_(p, '0');
        } else {
            put(p, "0.");
            for (int i = 0; i < -exp - 1; i++) putc_(p, '0');
            put(p, digits);
        }
    } else {
        putc_(p, digits[0]);
        if (nd > 1) {
            putc_(p, '.');
            put(p, digits + 1);
        }
        strbuf_printf(&p->sb, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    }
}

/* repr's choice: single quotes unless the text has a ' and no ". */
static char choose_quote(const char *s, size_t n) {
    bool has_single = memchr(s, '\'', n) != NULL, has_double = memchr(s, '"', n) != NULL;
    return has_single && !has_double ? '"' : '\'';
}

/* One byte of a literal's body, escaped as repr escapes it. Bytes >= 0x80 stay
 * as they are in str (UTF-8 text) and become \xNN in bytes. */
static void put_escaped(Printer *p, unsigned char c, char quote, bool bytes, bool fstring) {
    switch (c) {
    case '\\': put(p, "\\\\"); return;
    case '\n': put(p, "\\n"); return;
    case '\r': put(p, "\\r"); return;
    case '\t': put(p, "\\t"); return;
    case '{':
    case '}':
        putc_(p, (char)c);
        if (fstring) putc_(p, (char)c);
        return;
    default: break;
    }
    if (c == (unsigned char)quote) {
        putc_(p, '\\');
        putc_(p, (char)c);
    } else if (c < 0x20 || c == 0x7f || (bytes && c >= 0x80)) {
        strbuf_printf(&p->sb, "\\x%02x", c);
    } else {
        putc_(p, (char)c);
    }
}

static void print_string(Printer *p, const Node *e) {
    bool bytes = e->kind == AST_BYTES;
    char q = choose_quote(e->str.value ? e->str.value : "", e->str.len);
    if (bytes) putc_(p, 'b');
    putc_(p, q);
    for (size_t i = 0; i < e->str.len; i++)
        put_escaped(p, (unsigned char)e->str.value[i], q, bytes, false);
    putc_(p, q);
}

/* ---- f-strings ------------------------------------------------------------------ */

/* The source of a field's expression, printed on its own so the quote of the
 * enclosing f-string can be chosen to differ from every quote used inside it. */
static const char *field_expr_text(Printer *p, const Node *e) {
    Printer sub = {.arena = p->arena};
    strbuf_init(&sub.sb, p->arena);
    /* ':' would end the field, so a lambda needs parentheses; tuples get them too. */
    print_expr(&sub, e, PREC_IFEXP);
    return strbuf_cstr(&sub.sb);
}

/* True when no field's expression (also inside format specs) contains quote. */
static bool fields_avoid(const char *quote, const Node *fs, Printer *p) {
    for (int i = 0; i < fs->fstring.values.len; i++) {
        const Node *v = fs->fstring.values.items[i];
        if (v->kind != AST_FORMATTED) continue;
        const char *text = field_expr_text(p, v->formatted.value);
        if (strstr(text, quote)) return false;
        if (v->formatted.format_spec && !fields_avoid(quote, v->formatted.format_spec, p))
            return false;
    }
    return true;
}

static void print_fstring_pieces(Printer *p, const Node *fs, char quote);

static void print_field(Printer *p, const Node *v, char quote) {
    const char *text = field_expr_text(p, v->formatted.value);
    putc_(p, '{');
    if (text[0] == '{') putc_(p, ' '); /* "{{" would be a literal brace */
    put(p, text);
    if (v->formatted.conversion != CONV_NONE) {
        putc_(p, '!');
        putc_(p, (char)v->formatted.conversion);
    }
    if (v->formatted.format_spec) {
        putc_(p, ':');
        print_fstring_pieces(p, v->formatted.format_spec, quote);
    }
    putc_(p, '}');
}

static void print_fstring_pieces(Printer *p, const Node *fs, char quote) {
    for (int i = 0; i < fs->fstring.values.len; i++) {
        const Node *v = fs->fstring.values.items[i];
        if (v->kind == AST_FORMATTED) {
            print_field(p, v, quote);
        } else if (v->kind == AST_STR) {
            for (size_t k = 0; k < v->str.len; k++)
                put_escaped(p, (unsigned char)v->str.value[k], quote, false, true);
        } else {
            UNREACHABLE();
        }
    }
}

static void print_fstring(Printer *p, const Node *e) {
    static const char *const quotes[] = {"'", "\"", "'''", "\"\"\""};
    const char *q = quotes[0];
    for (int i = 0; i < 4; i++) {
        if (fields_avoid(quotes[i], e, p)) {
            q = quotes[i];
            break;
        }
    }
    putc_(p, 'f');
    put(p, q);
    /* Inside triple quotes the quote character itself is escaped like in a
       single-quoted literal, which is always correct. */
    print_fstring_pieces(p, e, q[0]);
    put(p, q);
}

/* ---- expressions ---------------------------------------------------------------- */

static void print_list(Printer *p, const NodeList *l, int min) {
    for (int i = 0; i < l->len; i++) {
        if (i) put(p, ", ");
        print_expr(p, l->items[i], min);
    }
}

static void print_arg(Printer *p, const Node *a, bool lambda) {
    put(p, a->arg.name);
    if (a->arg.annotation && !lambda) {
        put(p, ": ");
        print_expr(p, a->arg.annotation, PREC_TEST);
    }
    if (a->arg.default_) {
        put(p, a->arg.annotation && !lambda ? " = " : "=");
        print_expr(p, a->arg.default_, PREC_TEST);
    }
}

static void print_params(Printer *p, const Params *ps, bool lambda) {
    bool first = true;
#define SEP()                      \
    do {                           \
        if (!first) put(p, ", "); \
        first = false;             \
    } while (0)
    for (int i = 0; i < ps->args.len; i++) {
        SEP();
        print_arg(p, ps->args.items[i], lambda);
    }
    if (ps->vararg) {
        SEP();
        putc_(p, '*');
        print_arg(p, ps->vararg, lambda);
    } else if (ps->kwonly.len) {
        SEP();
        putc_(p, '*');
    }
    for (int i = 0; i < ps->kwonly.len; i++) {
        SEP();
        print_arg(p, ps->kwonly.items[i], lambda);
    }
    if (ps->kwarg) {
        SEP();
        put(p, "**");
        print_arg(p, ps->kwarg, lambda);
    }
#undef SEP
}

static void print_keyword(Printer *p, const Node *k) {
    if (k->keyword.name) {
        put(p, k->keyword.name);
        putc_(p, '=');
    } else {
        put(p, "**");
    }
    print_expr(p, k->keyword.value, k->keyword.name ? PREC_TEST : PREC_BOR);
}

static void print_call_args(Printer *p, const NodeList *args, const NodeList *keywords) {
    /* f(x for x in y) and f((x for x in y)) are the same tree; print the first. */
    if (args->len == 1 && keywords->len == 0 && args->items[0]->kind == AST_GENEXP) {
        const Node *g = args->items[0];
        print_expr(p, g->comp.elt, PREC_TEST);
        for (int i = 0; i < g->comp.generators.len; i++)
            print_expr(p, g->comp.generators.items[i], PREC_TEST);
        return;
    }
    print_list(p, args, PREC_TEST);
    for (int i = 0; i < keywords->len; i++) {
        if (i || args->len) put(p, ", ");
        print_keyword(p, keywords->items[i]);
    }
}

static void print_comprehension(Printer *p, const Node *c) {
    put(p, " for ");
    print_expr(p, c->comprehension.target, PREC_TUPLE);
    put(p, " in ");
    print_expr(p, c->comprehension.iter, PREC_OR);
    for (int i = 0; i < c->comprehension.ifs.len; i++) {
        put(p, " if ");
        print_expr(p, c->comprehension.ifs.items[i], PREC_OR);
    }
}

static bool has_starred(const NodeList *l) {
    for (int i = 0; i < l->len; i++)
        if (l->items[i]->kind == AST_STARRED) return true;
    return false;
}

/* x[...]: a tuple of slices has to stay bare (slices can't be parenthesized). */
static void print_subscript_index(Printer *p, const Node *s) {
    if (s->kind == AST_TUPLE && s->seq.elts.len > 0 && !has_starred(&s->seq.elts)) {
        print_list(p, &s->seq.elts, PREC_TEST);
        if (s->seq.elts.len == 1) putc_(p, ',');
    } else {
        print_expr(p, s, PREC_TEST);
    }
}

static void print_expr_inner(Printer *p, const Node *e) {
    switch (e->kind) {
    case AST_NAME: put(p, e->name.id); break;
    case AST_INT:
        if (e->int_.value < 0) strbuf_printf(&p->sb, "(%" PRId64 ")", e->int_.value);
        else strbuf_printf(&p->sb, "%" PRId64, e->int_.value);
        break;
    case AST_FLOAT: print_float(p, e->float_.value); break;
    case AST_STR:
    case AST_BYTES: print_string(p, e); break;
    case AST_TRUE: put(p, "True"); break;
    case AST_FALSE: put(p, "False"); break;
    case AST_NONE: put(p, "None"); break;
    case AST_ELLIPSIS: put(p, "..."); break;
    case AST_FSTRING: print_fstring(p, e); break;
    case AST_FORMATTED: {
        /* Only inside an AST_FSTRING normally; alone, print it as a one-field f-string. */
        Node wrap = {.kind = AST_FSTRING};
        Node *items[1] = {(Node *)e};
        wrap.fstring.values = (NodeList){items, 1, 1};
        print_fstring(p, &wrap);
        break;
    }
    case AST_BINOP: {
        int prec = binop_prec(e->binop.op);
        if (e->binop.op == BIN_POW) {
            /* Right-associative; the right operand may be a unary expression. */
            print_expr(p, e->binop.left, PREC_ATOM);
            put(p, " ** ");
            print_expr(p, e->binop.right, PREC_UNARY);
        } else {
            print_expr(p, e->binop.left, prec);
            putc_(p, ' ');
            put(p, ast_binop_symbol(e->binop.op));
            putc_(p, ' ');
            print_expr(p, e->binop.right, prec + 1);
        }
        break;
    }
    case AST_UNARYOP:
        if (e->unaryop.op == UNARY_NOT) {
            put(p, "not ");
            print_expr(p, e->unaryop.operand, PREC_NOT);
        } else {
            put(p, ast_unaryop_symbol(e->unaryop.op));
            print_expr(p, e->unaryop.operand, PREC_UNARY);
        }
        break;
    case AST_BOOLOP: {
        int prec = expr_prec(e);
        for (int i = 0; i < e->boolop.values.len; i++) {
            if (i) put(p, e->boolop.op == BOOL_OR ? " or " : " and ");
            print_expr(p, e->boolop.values.items[i], prec + 1);
        }
        break;
    }
    case AST_COMPARE:
        print_expr(p, e->compare.left, PREC_CMP + 1);
        for (int i = 0; i < e->compare.comparators.len; i++) {
            putc_(p, ' ');
            put(p, ast_cmpop_symbol(e->compare.ops[i]));
            putc_(p, ' ');
            print_expr(p, e->compare.comparators.items[i], PREC_CMP + 1);
        }
        break;
    case AST_IFEXP:
        print_expr(p, e->ifexp.body, PREC_OR);
        put(p, " if ");
        print_expr(p, e->ifexp.test, PREC_OR);
        put(p, " else ");
        print_expr(p, e->ifexp.orelse, PREC_TEST);
        break;
    case AST_LAMBDA: {
        const Params *ps = &e->lambda.params;
        bool any = ps->args.len || ps->vararg || ps->kwonly.len || ps->kwarg;
        put(p, any ? "lambda " : "lambda");
        print_params(p, ps, true);
        put(p, ": ");
        print_expr(p, e->lambda.body, PREC_TEST);
        break;
    }
    case AST_CALL:
        print_expr(p, e->call.func, PREC_ATOM);
        putc_(p, '(');
        print_call_args(p, &e->call.args, &e->call.keywords);
        putc_(p, ')');
        break;
    case AST_ATTRIBUTE:
        /* "1.real" would lex as a float followed by a name. */
        if (e->attribute.value->kind == AST_INT) {
            putc_(p, '(');
            print_expr(p, e->attribute.value, PREC_TUPLE);
            putc_(p, ')');
        } else {
            print_expr(p, e->attribute.value, PREC_ATOM);
        }
        putc_(p, '.');
        put(p, e->attribute.attr);
        break;
    case AST_SUBSCRIPT:
        print_expr(p, e->subscript.value, PREC_ATOM);
        putc_(p, '[');
        print_subscript_index(p, e->subscript.slice);
        putc_(p, ']');
        break;
    case AST_SLICE:
        if (e->slice.lower) print_expr(p, e->slice.lower, PREC_IFEXP);
        putc_(p, ':');
        if (e->slice.upper) print_expr(p, e->slice.upper, PREC_IFEXP);
        if (e->slice.step) {
            putc_(p, ':');
            print_expr(p, e->slice.step, PREC_IFEXP);
        }
        break;
    case AST_STARRED:
        putc_(p, '*');
        print_expr(p, e->starred.value, PREC_BOR);
        break;
    case AST_TUPLE:
        if (e->seq.elts.len == 0) {
            put(p, "()");
            break;
        }
        print_list(p, &e->seq.elts, PREC_TEST);
        if (e->seq.elts.len == 1) putc_(p, ',');
        break;
    case AST_LIST:
        putc_(p, '[');
        print_list(p, &e->seq.elts, PREC_TEST);
        putc_(p, ']');
        break;
    case AST_SET:
        if (e->seq.elts.len == 0) {
            put(p, "{*()}"); /* no literal for the empty set; never made by the parser */
            break;
        }
        putc_(p, '{');
        print_list(p, &e->seq.elts, PREC_TEST);
        putc_(p, '}');
        break;
    case AST_DICT:
        putc_(p, '{');
        for (int i = 0; i < e->dict.keys.len; i++) {
            if (i) put(p, ", ");
            if (e->dict.keys.items[i]) {
                print_expr(p, e->dict.keys.items[i], PREC_TEST);
                put(p, ": ");
                print_expr(p, e->dict.values.items[i], PREC_TEST);
            } else {
                put(p, "**");
                print_expr(p, e->dict.values.items[i], PREC_BOR);
            }
        }
        putc_(p, '}');
        break;
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_GENEXP:
    case AST_DICTCOMP:
        putc_(p, e->kind == AST_LISTCOMP ? '[' : e->kind == AST_GENEXP ? '(' : '{');
        if (e->kind == AST_DICTCOMP) {
            print_expr(p, e->comp.key, PREC_TEST);
            put(p, ": ");
            print_expr(p, e->comp.value, PREC_TEST);
        } else {
            print_expr(p, e->comp.elt, PREC_TEST);
        }
        for (int i = 0; i < e->comp.generators.len; i++)
            print_expr(p, e->comp.generators.items[i], PREC_TEST);
        putc_(p, e->kind == AST_LISTCOMP ? ']' : e->kind == AST_GENEXP ? ')' : '}');
        break;
    case AST_COMPREHENSION: print_comprehension(p, e); break;
    case AST_NAMED_EXPR:
        print_expr(p, e->named_expr.target, PREC_ATOM);
        put(p, " := ");
        print_expr(p, e->named_expr.value, PREC_TEST);
        break;
    case AST_KEYWORD: print_keyword(p, e); break;
    case AST_ARG: print_arg(p, e, false); break;
    default: UNREACHABLE();
    }
}

static void print_expr(Printer *p, const Node *e, int min) {
    IG_ASSERT(e != NULL);
    bool paren = expr_prec(e) < min;
    if (paren) putc_(p, '(');
    print_expr_inner(p, e);
    if (paren) putc_(p, ')');
}

/* ---- statements ----------------------------------------------------------------- */

static void put_indent(Printer *p, int indent) {
    for (int i = 0; i < indent; i++) put(p, "    ");
}

static void print_block(Printer *p, const char *head_end, const NodeList *body, int indent) {
    put(p, head_end);
    put(p, ":\n");
    print_body(p, body, indent + 1);
}

static void print_alias(Printer *p, const Node *a) {
    put(p, a->alias.name);
    if (a->alias.asname) {
        put(p, " as ");
        put(p, a->alias.asname);
    }
}

static void print_decorators(Printer *p, const NodeList *decorators, int indent) {
    for (int i = 0; i < decorators->len; i++) {
        put_indent(p, indent);
        putc_(p, '@');
        print_expr(p, decorators->items[i], PREC_TEST);
        putc_(p, '\n');
    }
}

static void print_if(Printer *p, const Node *s, int indent, bool elif) {
    put(p, elif ? "elif " : "if ");
    print_expr(p, s->if_.test, PREC_TEST);
    print_block(p, "", &s->if_.body, indent);
    const NodeList *orelse = &s->if_.orelse;
    if (orelse->len == 1 && orelse->items[0]->kind == AST_IF) {
        put_indent(p, indent);
        print_if(p, orelse->items[0], indent, true);
    } else if (orelse->len) {
        put_indent(p, indent);
        print_block(p, "else", orelse, indent);
    }
}

static void mark_line(Printer *p, int line) {
    if (p->nmarks == p->marks_cap) {
        int cap = p->marks_cap ? p->marks_cap * 2 : 64;
        p->marks = arena_grow(p->arena, p->marks, sizeof *p->marks, (size_t)p->nmarks,
                              (size_t)cap);
        p->marks_cap = cap;
    }
    p->marks[p->nmarks++] = (AstLineMark){p->sb.len, line};
}

static void print_stmt(Printer *p, const Node *s, int indent) {
    if (p->mapped) mark_line(p, s->loc.line);
    if (s->kind == AST_FUNCDEF) print_decorators(p, &s->funcdef.decorators, indent);
    if (s->kind == AST_CLASSDEF) print_decorators(p, &s->classdef.decorators, indent);
    put_indent(p, indent);
    switch (s->kind) {
    case AST_EXPR_STMT: print_expr(p, s->expr_stmt.value, PREC_TUPLE); break;
    case AST_ASSIGN:
        for (int i = 0; i < s->assign.targets.len; i++) {
            print_expr(p, s->assign.targets.items[i], PREC_TUPLE);
            put(p, " = ");
        }
        print_expr(p, s->assign.value, PREC_TUPLE);
        break;
    case AST_AUGASSIGN:
        print_expr(p, s->augassign.target, PREC_TEST);
        strbuf_printf(&p->sb, " %s= ", ast_binop_symbol(s->augassign.op));
        print_expr(p, s->augassign.value, PREC_TUPLE);
        break;
    case AST_ANNASSIGN:
        print_expr(p, s->annassign.target, PREC_TEST);
        put(p, ": ");
        print_expr(p, s->annassign.annotation, PREC_TEST);
        if (s->annassign.value) {
            put(p, " = ");
            print_expr(p, s->annassign.value, PREC_TUPLE);
        }
        break;
    case AST_PASS: put(p, "pass"); break;
    case AST_BREAK: put(p, "break"); break;
    case AST_CONTINUE: put(p, "continue"); break;
    case AST_DEL:
        put(p, "del ");
        print_list(p, &s->del.targets, PREC_TEST);
        break;
    case AST_RETURN:
        put(p, "return");
        if (s->ret.value) {
            putc_(p, ' ');
            print_expr(p, s->ret.value, PREC_TUPLE);
        }
        break;
    case AST_RAISE:
        put(p, "raise");
        if (s->raise.exc) {
            putc_(p, ' ');
            print_expr(p, s->raise.exc, PREC_TEST);
        }
        if (s->raise.cause) {
            put(p, " from ");
            print_expr(p, s->raise.cause, PREC_TEST);
        }
        break;
    case AST_ASSERT:
        put(p, "assert ");
        print_expr(p, s->assert_.test, PREC_TEST);
        if (s->assert_.msg) {
            put(p, ", ");
            print_expr(p, s->assert_.msg, PREC_TEST);
        }
        break;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        put(p, s->kind == AST_GLOBAL ? "global " : "nonlocal ");
        for (int i = 0; i < s->names.len; i++) {
            if (i) put(p, ", ");
            put(p, s->names.names[i]);
        }
        break;
    case AST_IF: print_if(p, s, indent, false); return;
    case AST_WHILE:
        put(p, "while ");
        print_expr(p, s->while_.test, PREC_TEST);
        print_block(p, "", &s->while_.body, indent);
        if (s->while_.orelse.len) {
            put_indent(p, indent);
            print_block(p, "else", &s->while_.orelse, indent);
        }
        return;
    case AST_FOR:
        put(p, "for ");
        print_expr(p, s->for_.target, PREC_TUPLE);
        put(p, " in ");
        print_expr(p, s->for_.iter, PREC_TUPLE);
        print_block(p, "", &s->for_.body, indent);
        if (s->for_.orelse.len) {
            put_indent(p, indent);
            print_block(p, "else", &s->for_.orelse, indent);
        }
        return;
    case AST_WITH:
        put(p, "with ");
        for (int i = 0; i < s->with.items.len; i++) {
            const Node *it = s->with.items.items[i];
            if (i) put(p, ", ");
            print_expr(p, it->withitem.context, PREC_TEST);
            if (it->withitem.vars) {
                put(p, " as ");
                print_expr(p, it->withitem.vars, PREC_BOR);
            }
        }
        print_block(p, "", &s->with.body, indent);
        return;
    case AST_TRY:
        print_block(p, "try", &s->try_.body, indent);
        for (int i = 0; i < s->try_.handlers.len; i++) {
            const Node *h = s->try_.handlers.items[i];
            put_indent(p, indent);
            put(p, "except");
            if (h->handler.type) {
                putc_(p, ' ');
                print_expr(p, h->handler.type, PREC_TEST);
                if (h->handler.name) {
                    put(p, " as ");
                    put(p, h->handler.name);
                }
            }
            print_block(p, "", &h->handler.body, indent);
        }
        if (s->try_.orelse.len) {
            put_indent(p, indent);
            print_block(p, "else", &s->try_.orelse, indent);
        }
        if (s->try_.finalbody.len) {
            put_indent(p, indent);
            print_block(p, "finally", &s->try_.finalbody, indent);
        }
        return;
    case AST_FUNCDEF:
        strbuf_printf(&p->sb, "def %s(", s->funcdef.name);
        print_params(p, &s->funcdef.params, false);
        putc_(p, ')');
        if (s->funcdef.returns) {
            put(p, " -> ");
            print_expr(p, s->funcdef.returns, PREC_TEST);
        }
        print_block(p, "", &s->funcdef.body, indent);
        return;
    case AST_CLASSDEF:
        strbuf_printf(&p->sb, "class %s", s->classdef.name);
        if (s->classdef.bases.len || s->classdef.keywords.len) {
            putc_(p, '(');
            print_call_args(p, &s->classdef.bases, &s->classdef.keywords);
            putc_(p, ')');
        }
        print_block(p, "", &s->classdef.body, indent);
        return;
    case AST_IMPORT:
        put(p, "import ");
        for (int i = 0; i < s->import.names.len; i++) {
            if (i) put(p, ", ");
            print_alias(p, s->import.names.items[i]);
        }
        break;
    case AST_IMPORT_FROM:
        put(p, "from ");
        for (int i = 0; i < s->import_from.level; i++) putc_(p, '.');
        if (s->import_from.module) put(p, s->import_from.module);
        put(p, " import ");
        for (int i = 0; i < s->import_from.names.len; i++) {
            if (i) put(p, ", ");
            print_alias(p, s->import_from.names.items[i]);
        }
        break;
    default: UNREACHABLE();
    }
    putc_(p, '\n');
}

static void print_body(Printer *p, const NodeList *body, int indent) {
    if (body->len == 0) { /* only in hand-made trees: keep the output valid */
        put_indent(p, indent);
        put(p, "pass\n");
    }
    for (int i = 0; i < body->len; i++) print_stmt(p, body->items[i], indent);
}

const char *ast_module_to_source(Arena *arena, const Node *module) {
    return ast_module_to_source_mapped(arena, module, NULL, NULL);
}

const char *ast_module_to_source_mapped(Arena *arena, const Node *module, AstLineMark **marks,
                                        int *nmarks) {
    IG_ASSERT(module && module->kind == AST_MODULE);
    Printer p = {.arena = arena, .mapped = marks != NULL};
    strbuf_init(&p.sb, arena);
    for (int i = 0; i < module->module.body.len; i++)
        print_stmt(&p, module->module.body.items[i], 0);
    if (marks) {
        *marks = p.marks;
        *nmarks = p.nmarks;
    }
    return strbuf_cstr(&p.sb);
}

void ast_print(FILE *out, const Node *module) {
    Arena *scratch = arena_new();
    fputs(ast_module_to_source(scratch, module), out);
    arena_free(scratch);
}

const char *ast_expr_to_source(Arena *arena, const Node *expr) {
    Printer p = {.arena = arena};
    strbuf_init(&p.sb, arena);
    print_expr(&p, expr, PREC_TUPLE);
    return strbuf_cstr(&p.sb);
}

const char *ast_stmt_to_source(Arena *arena, const Node *stmt) {
    Printer p = {.arena = arena};
    strbuf_init(&p.sb, arena);
    print_stmt(&p, stmt, 0);
    return strbuf_cstr(&p.sb);
}
