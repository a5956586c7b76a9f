/* ast.h — the syntax tree of a script: Python's ast module, trimmed to the subset.
 * Entry points: ast_new (constructor), nodelist_push, ast_print (ast_print.c),
 * ast_equal (structural comparison ignoring locations), ast_for_each_child and
 * ast_for_each_block (ast_walk.c: generic traversal from the ast_children.def table).
 * Memory owner: every Node and NodeList lives in the compilation's Arena. */
#ifndef INGOT_AST_H
#define INGOT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "srcloc.h"

typedef struct Node Node;

typedef struct NodeList {
    Node **items;
    int len, cap;
} NodeList;

#define AST_KINDS(X)                                                    \
    /* module */                                                        \
    X(AST_MODULE)                                                       \
    /* statements */                                                    \
    X(AST_EXPR_STMT) X(AST_ASSIGN) X(AST_AUGASSIGN) X(AST_ANNASSIGN)    \
    X(AST_PASS) X(AST_DEL) X(AST_RETURN) X(AST_BREAK) X(AST_CONTINUE)   \
    X(AST_RAISE) X(AST_ASSERT) X(AST_GLOBAL) X(AST_NONLOCAL)            \
    X(AST_IF) X(AST_WHILE) X(AST_FOR) X(AST_WITH) X(AST_TRY)            \
    X(AST_FUNCDEF) X(AST_CLASSDEF) X(AST_IMPORT) X(AST_IMPORT_FROM)     \
    /* statement parts */                                               \
    X(AST_WITHITEM) X(AST_EXCEPT_HANDLER) X(AST_ALIAS) X(AST_ARG)       \
    X(AST_KEYWORD) X(AST_COMPREHENSION)                                 \
    /* expressions */                                                   \
    X(AST_NAME) X(AST_INT) X(AST_FLOAT) X(AST_STR) X(AST_BYTES)         \
    X(AST_TRUE) X(AST_FALSE) X(AST_NONE) X(AST_ELLIPSIS)                \
    X(AST_FSTRING) X(AST_FORMATTED)                                     \
    X(AST_BINOP) X(AST_UNARYOP) X(AST_BOOLOP) X(AST_COMPARE)            \
    X(AST_IFEXP) X(AST_LAMBDA) X(AST_CALL) X(AST_ATTRIBUTE)             \
    X(AST_SUBSCRIPT) X(AST_SLICE) X(AST_STARRED) X(AST_TUPLE)           \
    X(AST_LIST) X(AST_DICT) X(AST_SET) X(AST_LISTCOMP) X(AST_SETCOMP)   \
    X(AST_DICTCOMP) X(AST_GENEXP) X(AST_NAMED_EXPR)

typedef enum {
#define X(k) k,
    AST_KINDS(X)
#undef X
        AST__COUNT
} AstKind;

/* Binary operators (also used by augmented assignment). */
typedef enum {
    BIN_ADD, BIN_SUB, BIN_MUL, BIN_MATMUL, BIN_DIV, BIN_FLOORDIV, BIN_MOD, BIN_POW,
    BIN_LSHIFT, BIN_RSHIFT, BIN_BITOR, BIN_BITXOR, BIN_BITAND
} BinOp;
#define BIN__COUNT (BIN_BITAND + 1)

typedef enum { UNARY_NEG, UNARY_POS, UNARY_INVERT, UNARY_NOT } UnaryOp;
typedef enum { BOOL_AND, BOOL_OR } BoolOp;
typedef enum {
    CMP_EQ,
    CMP_NE,
    CMP_LT,
    CMP_LE,
    CMP_GT,
    CMP_GE,
    CMP_IS,
    CMP_IS_NOT,
    CMP_IN,
    CMP_NOT_IN
} CmpOp;

/* Conversion flag of an f-string replacement field: {x}, {x!r}, {x!s}, {x!a}. */
typedef enum { CONV_NONE = 0, CONV_STR = 's', CONV_REPR = 'r', CONV_ASCII = 'a' } Conversion;

/* Parameters of a def or lambda. Each entry of args/kwonly is an AST_ARG whose
 * arg.default_ is the default value or NULL. */
typedef struct Params {
    NodeList args;     /* positional-or-keyword */
    Node *vararg;      /* AST_ARG for *args, or NULL */
    NodeList kwonly;   /* keyword-only (after * or *args) */
    Node *kwarg;       /* AST_ARG for **kwargs, or NULL */
} Params;

struct Node {
    AstKind kind;
    bool generated;  /* a def or lambda AutoGraph made (not in the script): hidden in tracebacks */
    SrcLoc loc;  /* statements: their first token; expressions: their first token,
                    len covering the expression on its first line */
    union {
        struct { NodeList body; const SourceFile *file; } module;

        struct { Node *value; } expr_stmt;
        /* a = b = value: targets = [a, b] */
        struct { NodeList targets; Node *value; } assign;
        struct { Node *target; BinOp op; Node *value; } augassign;
        struct { Node *target; Node *annotation; Node *value; /* may be NULL */ } annassign;
        struct { NodeList targets; } del;
        struct { Node *value; /* may be NULL */ } ret;
        struct { Node *exc; Node *cause; /* both may be NULL */ } raise;
        struct { Node *test; Node *msg; /* may be NULL */ } assert_;
        /* global / nonlocal */
        struct { const char **names; int len; } names;
        /* if / while: elif is an AST_IF alone in orelse */
        struct { Node *test; NodeList body; NodeList orelse; } if_;
        struct { Node *test; NodeList body; NodeList orelse; } while_;
        struct { Node *target; Node *iter; NodeList body; NodeList orelse; } for_;
        struct { NodeList items; /* AST_WITHITEM */ NodeList body; } with;
        struct { Node *context; Node *vars; /* may be NULL */ } withitem;
        struct { NodeList body; NodeList handlers; /* AST_EXCEPT_HANDLER */
                 NodeList orelse; NodeList finalbody; } try_;
        struct { Node *type; /* may be NULL */ const char *name; /* may be NULL */
                 NodeList body; } handler;
        /* original: in a tree made by autograph_convert_module, the def of the input
           tree this one was converted from (NULL in parsed trees and for generated defs) */
        struct { const char *name; Params params; NodeList body; NodeList decorators;
                 Node *returns; /* annotation or NULL */ const Node *original; } funcdef;
        /* keywords: AST_KEYWORD (metaclass=... is rejected later, not by the parser) */
        struct { const char *name; NodeList bases; NodeList keywords; NodeList body;
                 NodeList decorators; } classdef;
        struct { NodeList names; /* AST_ALIAS, name dotted "a.b" */ } import;
        /* from ..a.b import x as y: module "a.b" (NULL for "from . import x"), level 2;
           names: AST_ALIAS, or a single alias named "*" */
        struct { const char *module; int level; NodeList names; } import_from;
        struct { const char *name; const char *asname; /* may be NULL */ } alias;
        struct { const char *name; Node *annotation; Node *default_; } arg;
        /* keyword argument in a call or class bases; name NULL for **mapping */
        struct { const char *name; Node *value; } keyword;
        struct { Node *target; Node *iter; NodeList ifs; } comprehension;

        struct { const char *id; /* interned */ } name;
        struct { int64_t value; } int_;
        struct { double value; } float_;
        /* AST_STR and AST_BYTES: decoded contents (may contain NUL bytes) */
        struct { const char *value; size_t len; } str;
        /* values: AST_STR pieces and AST_FORMATTED fields, in order */
        struct { NodeList values; } fstring;
        struct { Node *value; Conversion conversion; Node *format_spec; /* AST_FSTRING or NULL */
            const char *expr_text; /* source text of the expression, for {x=} later */
        } formatted;
        struct { BinOp op; Node *left; Node *right; } binop;
        struct { UnaryOp op; Node *operand; } unaryop;
        struct { BoolOp op; NodeList values; } boolop;
        /* a < b <= c: left a, ops [LT, LE], comparators [b, c] */
        struct { Node *left; CmpOp *ops; NodeList comparators; } compare;
        struct { Node *test; Node *body; Node *orelse; } ifexp;
        struct { Params params; Node *body; } lambda;
        /* args may contain AST_STARRED (*a); keywords are AST_KEYWORD (name NULL: **m) */
        struct { Node *func; NodeList args; NodeList keywords; } call;
        struct { Node *value; const char *attr; /* interned */ } attribute;
        /* x[i]: slice is an expression, an AST_SLICE, or an AST_TUPLE of those
           (x[1:, None] -> tuple of [slice, None]) */
        struct { Node *value; Node *slice; } subscript;
        struct { Node *lower; Node *upper; Node *step; /* each may be NULL */ } slice;
        struct { Node *value; } starred;
        /* tuple/list/set displays; parenthesized tells the printer the source had (..) */
        struct { NodeList elts; bool parenthesized; } seq;
        /* {k: v, **m}: keys[i] is NULL for a **m entry */
        struct { NodeList keys; NodeList values; } dict;
        /* list/set comps and generator expressions use elt; dict comps use key and value */
        struct {
            Node *elt;
            Node *key;
            Node *value;
            NodeList generators; /* AST_COMPREHENSION */
        } comp;
        struct { Node *target; Node *value; } named_expr;
    };
};

Node *ast_new(Arena *arena, AstKind kind, SrcLoc loc);
void nodelist_push(Arena *arena, NodeList *list, Node *node);

const char *ast_kind_name(AstKind kind);
const char *ast_binop_symbol(BinOp op);   /* "+", "@", "//", ... */
const char *ast_unaryop_symbol(UnaryOp op);
const char *ast_cmpop_symbol(CmpOp op);  /* "<", "is not", "not in", ... */

bool ast_is_expression(const Node *node);
bool ast_is_statement(const Node *node);

/* --emit=autograph: the tree printed as Python source that re-parses to the same tree
 * (4-space indentation; parentheses added by precedence; strings with repr's quoting).
 * --emit=ast shows the tree itself (ast_dump.h). */
void ast_print(FILE *out, const Node *module);
/* The same text, in the arena. */
const char *ast_module_to_source(Arena *arena, const Node *module);
/* The same text, with where each statement's text starts (offset) and the line of the
 * source it came from (AutoGraph's statements keep their original's): `ingot explain`
 * links converted lines to source lines by it. */
typedef struct AstLineMark {
    size_t offset;
    int line;
} AstLineMark;
const char *ast_module_to_source_mapped(Arena *arena, const Node *module, AstLineMark **marks,
                                        int *nmarks);
/* One expression as source text (for messages and tf.autograph.to_code). */
const char *ast_expr_to_source(Arena *arena, const Node *expr);
/* One statement (with its block, decorators included) as source text, unindented. */
const char *ast_stmt_to_source(Arena *arena, const Node *stmt);

/* Structural equality ignoring locations (the round-trip test's oracle). */
bool ast_equal(const Node *a, const Node *b);

/* ---- children (ast_walk.c; the table itself is ast_children.def) ---------------- */

/* What a child field holds: a node (always set, or optional), a list of expressions
 * or statement parts, a block of statements of the enclosing scope, or the body of a
 * scope of its own (module, def, class). */
typedef enum {
    AST_CHILD_ONE, AST_CHILD_OPT, AST_CHILD_LIST, AST_CHILD_BLOCK, AST_CHILD_SCOPE
} AstChildShape;

typedef struct AstChildField {
    AstChildShape shape;
    size_t offset;     /* of the Node * or NodeList in Node */
    const char *name;  /* "if_.body", for messages and tests */
} AstChildField;

/* The child fields of a kind in visit order (source order; see ast_children.def);
 * *count gets their number, 0 for leaves. */
const AstChildField *ast_child_fields(AstKind kind, int *count);
bool ast_child_is_list(const AstChildField *f);
/* The field of n: the slot of a ONE/OPT field, the list of a LIST/BLOCK/SCOPE one.
 * Like strchr, const in, mutable out: the caller knows whether n may be changed. */
Node **ast_child_node(const Node *n, const AstChildField *f);
NodeList *ast_child_list(const Node *n, const AstChildField *f);

typedef void (*AstListFn)(void *ctx, NodeList *list);
typedef void (*AstNodeFn)(void *ctx, Node **slot);
/* Calls on_list (may be NULL) for each NodeList field of n before visiting its items,
 * and on_node for every non-NULL direct child (expressions, parts, statements of
 * bodies), in the table's order. Nested scopes are children like any other. The
 * callbacks may replace *slot or the list's contents. */
void ast_for_each_child(Node *n, AstListFn on_list, AstNodeFn on_node, void *ctx);

typedef void (*AstBlockFn)(void *ctx, Node *owner, NodeList *block);
/* Calls fn for each block of statements directly inside a compound statement that
 * belongs to the statement's own scope, in order: an if's or loop's body and else,
 * a with's body, a try's body, each except handler's body (owner: the handler),
 * else and finally. Def and class bodies are scopes of their own: not visited. */
void ast_for_each_block(Node *stmt, AstBlockFn fn, void *ctx);

#endif
