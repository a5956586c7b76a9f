/* ast.c — AST constructors, operator names and structural equality.
 * Entry points: ast_new, nodelist_push, ast_equal (the round-trip oracle; children
 * compared through the ast_children.def table).
 * Memory owner: nodes and lists are allocated from the caller's Arena. */
#include "ast.h"

#include <string.h>

#include "diag.h"

Node *ast_new(Arena *arena, AstKind kind, SrcLoc loc) {
    Node *n = ARENA_NEW(arena, Node);
    n->kind = kind;
    n->loc = loc;
    return n;
}

void nodelist_push(Arena *arena, NodeList *list, Node *node) {
    if (list->len == list->cap) {
        int cap = list->cap ? list->cap * 2 : 4;
        list->items =
            arena_grow(arena, list->items, sizeof(Node *), (size_t)list->len, (size_t)cap);
        list->cap = cap;
    }
    list->items[list->len++] = node;
}

const char *ast_kind_name(AstKind kind) {
    static const char *const names[] = {
#define X(k) #k,
        AST_KINDS(X)
#undef X
    };
    _Static_assert(sizeof names / sizeof names[0] == AST__COUNT, "one name per AST kind");
    IG_ASSERT((unsigned)kind < AST__COUNT);
    return names[kind];
}

const char *ast_binop_symbol(BinOp op) {
    switch (op) {
    case BIN_ADD: return "+";
    case BIN_SUB: return "-";
    case BIN_MUL: return "*";
    case BIN_MATMUL: return "@";
    case BIN_DIV: return "/";
    case BIN_FLOORDIV: return "//";
    case BIN_MOD: return "%";
    case BIN_POW: return "**";
    case BIN_LSHIFT: return "<<";
    case BIN_RSHIFT: return ">>";
    case BIN_BITOR: return "|";
    case BIN_BITXOR: return "^";
    case BIN_BITAND: return "&";
    }
    UNREACHABLE();
}

const char *ast_unaryop_symbol(UnaryOp op) {
    switch (op) {
    case UNARY_NEG: return "-";
    case UNARY_POS: return "+";
    case UNARY_INVERT: return "~";
    case UNARY_NOT: return "not";
    }
    UNREACHABLE();
}

const char *ast_cmpop_symbol(CmpOp op) {
    switch (op) {
    case CMP_EQ: return "==";
    case CMP_NE: return "!=";
    case CMP_LT: return "<";
    case CMP_LE: return "<=";
    case CMP_GT: return ">";
    case CMP_GE: return ">=";
    case CMP_IS: return "is";
    case CMP_IS_NOT: return "is not";
    case CMP_IN: return "in";
    case CMP_NOT_IN: return "not in";
    }
    UNREACHABLE();
}

bool ast_is_expression(const Node *node) {
    return node && node->kind >= AST_NAME && node->kind <= AST_NAMED_EXPR;
}

bool ast_is_statement(const Node *node) {
    return node && node->kind >= AST_EXPR_STMT && node->kind <= AST_IMPORT_FROM;
}

/* ---- structural equality ------------------------------------------------------ */

static bool str_equal(const char *a, const char *b) {
    if (!a || !b) return a == b;
    return a == b || strcmp(a, b) == 0;
}

static bool list_equal(const NodeList *a, const NodeList *b) {
    if (a->len != b->len) return false;
    for (int i = 0; i < a->len; i++)
        if (!ast_equal(a->items[i], b->items[i])) return false;
    return true;
}

/* The child fields, through the table (ast_children.def), in its order. */
static bool children_equal(const Node *a, const Node *b) {
    int n;
    const AstChildField *f = ast_child_fields(a->kind, &n);
    for (int i = 0; i < n; i++) {
        bool same = ast_child_is_list(&f[i])
                        ? list_equal(ast_child_list(a, &f[i]), ast_child_list(b, &f[i]))
                        : ast_equal(*ast_child_node(a, &f[i]), *ast_child_node(b, &f[i]));
        if (!same) return false;
    }
    return true;
}

/* Compares every field that carries meaning: the children through the table, then
 * each kind's own data (names, operators, literal values). Locations, the printer
 * hint 'parenthesized', an f-string field's source text and a def's original are
 * ignored. Every kind is listed, so a new one must say what it compares. */
bool ast_equal(const Node *a, const Node *b) {
    if (!a || !b) return a == b;
    if (a->kind != b->kind || !children_equal(a, b)) return false;
    switch (a->kind) {
    case AST_MODULE:
    case AST_EXPR_STMT:
    case AST_ASSIGN:
    case AST_ANNASSIGN:
    case AST_PASS:
    case AST_DEL:
    case AST_RETURN:
    case AST_BREAK:
    case AST_CONTINUE:
    case AST_RAISE:
    case AST_ASSERT:
    case AST_IF:
    case AST_WHILE:
    case AST_FOR:
    case AST_WITH:
    case AST_TRY:
    case AST_IMPORT:
    case AST_WITHITEM:
    case AST_COMPREHENSION:
    case AST_TRUE:
    case AST_FALSE:
    case AST_NONE:
    case AST_ELLIPSIS:
    case AST_FSTRING:
    case AST_IFEXP:
    case AST_LAMBDA:
    case AST_CALL:
    case AST_SUBSCRIPT:
    case AST_SLICE:
    case AST_STARRED:
    case AST_TUPLE:
    case AST_LIST:
    case AST_SET:
    case AST_DICT:
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP:
    case AST_NAMED_EXPR: return true; /* children only */
    case AST_AUGASSIGN: return a->augassign.op == b->augassign.op;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        if (a->names.len != b->names.len) return false;
        for (int i = 0; i < a->names.len; i++)
            if (!str_equal(a->names.names[i], b->names.names[i])) return false;
        return true;
    case AST_EXCEPT_HANDLER: return str_equal(a->handler.name, b->handler.name);
    case AST_FUNCDEF: return str_equal(a->funcdef.name, b->funcdef.name);
    case AST_CLASSDEF: return str_equal(a->classdef.name, b->classdef.name);
    case AST_IMPORT_FROM:
        return str_equal(a->import_from.module, b->import_from.module) &&
               a->import_from.level == b->import_from.level;
    case AST_ALIAS:
        return str_equal(a->alias.name, b->alias.name) &&
               str_equal(a->alias.asname, b->alias.asname);
    case AST_ARG: return str_equal(a->arg.name, b->arg.name);
    case AST_KEYWORD: return str_equal(a->keyword.name, b->keyword.name);
    case AST_NAME: return str_equal(a->name.id, b->name.id);
    case AST_INT: return a->int_.value == b->int_.value;
    case AST_FLOAT:
        /* Bitwise, so that -0.0 differs from 0.0 and a NaN equals itself. */
        return memcmp(&a->float_.value, &b->float_.value, sizeof(double)) == 0;
    case AST_STR:
    case AST_BYTES:
        return a->str.len == b->str.len &&
               (a->str.len == 0 || memcmp(a->str.value, b->str.value, a->str.len) == 0);
    case AST_FORMATTED: return a->formatted.conversion == b->formatted.conversion;
    case AST_BINOP: return a->binop.op == b->binop.op;
    case AST_UNARYOP: return a->unaryop.op == b->unaryop.op;
    case AST_BOOLOP: return a->boolop.op == b->boolop.op;
    case AST_COMPARE:
        /* the comparators (children) have equal lengths, so the ops do too */
        for (int i = 0; i < a->compare.comparators.len; i++)
            if (a->compare.ops[i] != b->compare.ops[i]) return false;
        return true;
    case AST_ATTRIBUTE: return str_equal(a->attribute.attr, b->attribute.attr);
    case AST__COUNT: break;
    }
    UNREACHABLE();
}
