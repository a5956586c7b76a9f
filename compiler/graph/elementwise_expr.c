/* elementwise_expr.c — the elementwise op's expression language (elementwise_expr.h):
 * which ops fuse, and a recursive-descent parser of the prefix text. */
#include "elementwise_expr.h"

#include <stdlib.h>
#include <string.h>

/* The ops a chain may hold; their arity and IR name are op_info's. */
static const Opcode fusing_ops[] = {OP_ADD,     OP_SUB,     OP_MUL,  OP_DIV,    OP_NEG,
                                    OP_MAXIMUM, OP_MINIMUM, OP_RELU, OP_SQUARE, OP_SQRT};
#define NFUSING (sizeof fusing_ops / sizeof fusing_ops[0])

bool ew_op_fuses(Opcode op) {
    for (size_t i = 0; i < NFUSING; i++)
        if (fusing_ops[i] == op) return true;
    return false;
}

typedef struct Parser {
    Arena *arena; /* NULL: only check */
    const char *p;
    int ninputs;
} Parser;

/* The fusing op named by the len characters at name, or OP__COUNT. */
static Opcode fusing_op_named(const char *name, size_t len) {
    char buf[32]; /* longer than any op's name */
    if (len >= sizeof buf) return OP__COUNT;
    memcpy(buf, name, len);
    buf[len] = '\0';
    Opcode op = op_named(buf);
    return op != OP__COUNT && ew_op_fuses(op) ? op : OP__COUNT;
}

/* One term at ps->p, moved past it; false when there is none. *out is the term made
 * (left alone when only checking). */
static bool parse_term(Parser *ps, const EwTerm **out) {
    EwTerm t = {.input = -1};
    if (*ps->p == '$') {
        char *end;
        long k = strtol(ps->p + 1, &end, 10);
        if (end == ps->p + 1 || k < 0 || k >= ps->ninputs) return false;
        ps->p = end;
        t.input = (int)k;
    } else {
        const char *open = strchr(ps->p, '(');
        if (!open) return false;
        t.op = fusing_op_named(ps->p, (size_t)(open - ps->p));
        if (t.op == OP__COUNT) return false;
        t.nargs = op_info[t.op].ninputs;
        ps->p = open + 1;
        for (int i = 0; i < t.nargs; i++) {
            if (i > 0) {
                if (strncmp(ps->p, ", ", 2) != 0) return false;
                ps->p += 2;
            }
            if (!parse_term(ps, &t.args[i])) return false;
        }
        if (*ps->p++ != ')') return false;
    }
    if (ps->arena) {
        EwTerm *made = ARENA_NEW(ps->arena, EwTerm);
        *made = t;
        *out = made;
    }
    return true;
}

static bool parse(Arena *a, const char *expr, int ninputs, const EwTerm **out) {
    Parser ps = {a, expr, ninputs};
    return parse_term(&ps, out) && *ps.p == '\0';
}

const EwTerm *ew_expr_parse(Arena *a, const char *expr, int ninputs) {
    const EwTerm *t = NULL;
    return parse(a, expr, ninputs, &t) ? t : NULL;
}

bool ew_expr_valid(const char *expr, int ninputs) {
    const EwTerm *unused = NULL;
    return parse(NULL, expr, ninputs, &unused);
}
