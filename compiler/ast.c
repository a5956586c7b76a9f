/* ast.c — AST constructors, operator names and structural equality.
 * Entry points: ast_new, nodelist_push, ast_equal (the round-trip oracle).
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
        list->items = arena_grow(arena, list->items, sizeof(Node *), (size_t)list->len, (size_t)cap);
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

static bool params_equal(const Params *a, const Params *b) {
    return list_equal(&a->args, &b->args) && ast_equal(a->vararg, b->vararg) &&
           list_equal(&a->kwonly, &b->kwonly) && ast_equal(a->kwarg, b->kwarg);
}

/* Compares every field that carries meaning; locations, the printer hint
 * 'parenthesized' and an f-string field's source text are ignored. */
bool ast_equal(const Node *a, const Node *b) {
    if (!a || !b) return a == b;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case AST_MODULE: return list_equal(&a->module.body, &b->module.body);
    case AST_EXPR_STMT: return ast_equal(a->expr_stmt.value, b->expr_stmt.value);
    case AST_ASSIGN:
        return list_equal(&a->assign.targets, &b->assign.targets) &&
               ast_equal(a->assign.value, b->assign.value);
    case AST_AUGASSIGN:
        return a->augassign.op == b->augassign.op && ast_equal(a->augassign.target, b->augassign.target) &&
               ast_equal(a->augassign.value, b->augassign.value);
    case AST_ANNASSIGN:
        return ast_equal(a->annassign.target, b->annassign.target) &&
               ast_equal(a->annassign.annotation, b->annassign.annotation) &&
               ast_equal(a->annassign.value, b->annassign.value);
    case AST_PASS:
    case AST_BREAK:
    case AST_CONTINUE:
    case AST_TRUE:
    case AST_FALSE:
    case AST_NONE:
    case AST_ELLIPSIS: return true;
    case AST_DEL: return list_equal(&a->del.targets, &b->del.targets);
    case AST_RETURN: return ast_equal(a->ret.value, b->ret.value);
    case AST_RAISE: return ast_equal(a->raise.exc, b->raise.exc) && ast_equal(a->raise.cause, b->raise.cause);
    case AST_ASSERT: return ast_equal(a->assert_.test, b->assert_.test) && ast_equal(a->assert_.msg, b->assert_.msg);
    case AST_GLOBAL:
    case AST_NONLOCAL:
        if (a->names.len != b->names.len) return false;
        for (int i = 0; i < a->names.len; i++)
            if (!str_equal(a->names.names[i], b->names.names[i])) return false;
        return true;
    case AST_IF:
        return ast_equal(a->if_.test, b->if_.test) && list_equal(&a->if_.body, &b->if_.body) &&
               list_equal(&a->if_.orelse, &b->if_.orelse);
    case AST_WHILE:
        return ast_equal(a->while_.test, b->while_.test) && list_equal(&a->while_.body, &b->while_.body) &&
               list_equal(&a->while_.orelse, &b->while_.orelse);
    case AST_FOR:
        return ast_equal(a->for_.target, b->for_.target) && ast_equal(a->for_.iter, b->for_.iter) &&
               list_equal(&a->for_.body, &b->for_.body) && list_equal(&a->for_.orelse, &b->for_.orelse);
    case AST_WITH: return list_equal(&a->with.items, &b->with.items) && list_equal(&a->with.body, &b->with.body);
    case AST_WITHITEM:
        return ast_equal(a->withitem.context, b->withitem.context) && ast_equal(a->withitem.vars, b->withitem.vars);
    case AST_TRY:
        return list_equal(&a->try_.body, &b->try_.body) && list_equal(&a->try_.handlers, &b->try_.handlers) &&
               list_equal(&a->try_.orelse, &b->try_.orelse) && list_equal(&a->try_.finalbody, &b->try_.finalbody);
    case AST_EXCEPT_HANDLER:
        return ast_equal(a->handler.type, b->handler.type) && str_equal(a->handler.name, b->handler.name) &&
               list_equal(&a->handler.body, &b->handler.body);
    case AST_FUNCDEF:
        return str_equal(a->funcdef.name, b->funcdef.name) &&
               params_equal(&a->funcdef.params, &b->funcdef.params) &&
               list_equal(&a->funcdef.body, &b->funcdef.body) &&
               list_equal(&a->funcdef.decorators, &b->funcdef.decorators) &&
               ast_equal(a->funcdef.returns, b->funcdef.returns);
    case AST_CLASSDEF:
        return str_equal(a->classdef.name, b->classdef.name) &&
               list_equal(&a->classdef.bases, &b->classdef.bases) &&
               list_equal(&a->classdef.keywords, &b->classdef.keywords) &&
               list_equal(&a->classdef.body, &b->classdef.body) &&
               list_equal(&a->classdef.decorators, &b->classdef.decorators);
    case AST_IMPORT: return list_equal(&a->import.names, &b->import.names);
    case AST_IMPORT_FROM:
        return str_equal(a->import_from.module, b->import_from.module) &&
               a->import_from.level == b->import_from.level &&
               list_equal(&a->import_from.names, &b->import_from.names);
    case AST_ALIAS: return str_equal(a->alias.name, b->alias.name) && str_equal(a->alias.asname, b->alias.asname);
    case AST_ARG:
        return str_equal(a->arg.name, b->arg.name) && ast_equal(a->arg.annotation, b->arg.annotation) &&
               ast_equal(a->arg.default_, b->arg.default_);
    case AST_KEYWORD: return str_equal(a->keyword.name, b->keyword.name) && ast_equal(a->keyword.value, b->keyword.value);
    case AST_COMPREHENSION:
        return ast_equal(a->comprehension.target, b->comprehension.target) &&
               ast_equal(a->comprehension.iter, b->comprehension.iter) &&
               list_equal(&a->comprehension.ifs, &b->comprehension.ifs);
    case AST_NAME: return str_equal(a->name.id, b->name.id);
    case AST_INT: return a->int_.value == b->int_.value;
    case AST_FLOAT:
        /* Bitwise, so that -0.0 differs from 0.0 and a NaN equals itself. */
        return memcmp(&a->float_.value, &b->float_.value, sizeof(double)) == 0;
    case AST_STR:
    case AST_BYTES:
        return a->str.len == b->str.len && (a->str.len == 0 || memcmp(a->str.value, b->str.value, a->str.len) == 0);
    case AST_FSTRING: return list_equal(&a->fstring.values, &b->fstring.values);
    case AST_FORMATTED:
        return a->formatted.conversion == b->formatted.conversion && ast_equal(a->formatted.value, b->formatted.value) &&
               ast_equal(a->formatted.format_spec, b->formatted.format_spec);
    case AST_BINOP:
        return a->binop.op == b->binop.op && ast_equal(a->binop.left, b->binop.left) &&
               ast_equal(a->binop.right, b->binop.right);
    case AST_UNARYOP: return a->unaryop.op == b->unaryop.op && ast_equal(a->unaryop.operand, b->unaryop.operand);
    case AST_BOOLOP: return a->boolop.op == b->boolop.op && list_equal(&a->boolop.values, &b->boolop.values);
    case AST_COMPARE:
        if (!ast_equal(a->compare.left, b->compare.left) || !list_equal(&a->compare.comparators, &b->compare.comparators))
            return false;
        for (int i = 0; i < a->compare.comparators.len; i++)
            if (a->compare.ops[i] != b->compare.ops[i]) return false;
        return true;
    case AST_IFEXP:
        return ast_equal(a->ifexp.test, b->ifexp.test) && ast_equal(a->ifexp.body, b->ifexp.body) &&
               ast_equal(a->ifexp.orelse, b->ifexp.orelse);
    case AST_LAMBDA: return params_equal(&a->lambda.params, &b->lambda.params) && ast_equal(a->lambda.body, b->lambda.body);
    case AST_CALL:
        return ast_equal(a->call.func, b->call.func) && list_equal(&a->call.args, &b->call.args) &&
               list_equal(&a->call.keywords, &b->call.keywords);
    case AST_ATTRIBUTE:
        return str_equal(a->attribute.attr, b->attribute.attr) && ast_equal(a->attribute.value, b->attribute.value);
    case AST_SUBSCRIPT:
        return ast_equal(a->subscript.value, b->subscript.value) && ast_equal(a->subscript.slice, b->subscript.slice);
    case AST_SLICE:
        return ast_equal(a->slice.lower, b->slice.lower) && ast_equal(a->slice.upper, b->slice.upper) &&
               ast_equal(a->slice.step, b->slice.step);
    case AST_STARRED: return ast_equal(a->starred.value, b->starred.value);
    case AST_TUPLE:
    case AST_LIST:
    case AST_SET: return list_equal(&a->seq.elts, &b->seq.elts);
    case AST_DICT: return list_equal(&a->dict.keys, &b->dict.keys) && list_equal(&a->dict.values, &b->dict.values);
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP:
        return ast_equal(a->comp.elt, b->comp.elt) && ast_equal(a->comp.key, b->comp.key) &&
               ast_equal(a->comp.value, b->comp.value) && list_equal(&a->comp.generators, &b->comp.generators);
    case AST_NAMED_EXPR:
        return ast_equal(a->named_expr.target, b->named_expr.target) && ast_equal(a->named_expr.value, b->named_expr.value);
    case AST__COUNT: break;
    }
    UNREACHABLE();
}
