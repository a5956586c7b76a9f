/* token.h — the tokens of the Ingot language (Python's lexical grammar).
 * Entry point: the Token type and the TOKEN_KINDS X-macro (kind, printed name).
 * Memory owner: token text lives in the compilation's Arena. */
#ifndef INGOT_TOKEN_H
#define INGOT_TOKEN_H

#include <stdbool.h>
#include <stdint.h>

#include "srcloc.h"

/* X(kind, spelling): spelling is the source text for keywords and operators and a
 * descriptive name for the others; --emit=tokens prints it. */
#define TOKEN_KINDS(X)                                                              \
    X(TOK_EOF, "ENDMARKER")                                                         \
    X(TOK_NEWLINE, "NEWLINE")                                                       \
    X(TOK_INDENT, "INDENT")                                                         \
    X(TOK_DEDENT, "DEDENT")                                                         \
    X(TOK_NAME, "NAME")                                                             \
    X(TOK_INT, "INT")                                                               \
    X(TOK_FLOAT, "FLOAT")                                                           \
    X(TOK_STRING, "STRING")   /* plain, raw or bytes literal, decoded */            \
    X(TOK_FSTRING, "FSTRING") /* f-string: raw body, parsed by the parser */        \
    /* keywords */                                                                  \
    X(TOK_FALSE, "False") X(TOK_NONE, "None") X(TOK_TRUE, "True")                   \
    X(TOK_AND, "and") X(TOK_AS, "as") X(TOK_ASSERT, "assert") X(TOK_ASYNC, "async") \
    X(TOK_AWAIT, "await") X(TOK_BREAK, "break") X(TOK_CLASS, "class")               \
    X(TOK_CONTINUE, "continue") X(TOK_DEF, "def") X(TOK_DEL, "del")                 \
    X(TOK_ELIF, "elif") X(TOK_ELSE, "else") X(TOK_EXCEPT, "except")                 \
    X(TOK_FINALLY, "finally") X(TOK_FOR, "for") X(TOK_FROM, "from")                 \
    X(TOK_GLOBAL, "global") X(TOK_IF, "if") X(TOK_IMPORT, "import") X(TOK_IN, "in") \
    X(TOK_IS, "is") X(TOK_LAMBDA, "lambda") X(TOK_NONLOCAL, "nonlocal")             \
    X(TOK_NOT, "not") X(TOK_OR, "or") X(TOK_PASS, "pass") X(TOK_RAISE, "raise")     \
    X(TOK_RETURN, "return") X(TOK_TRY, "try") X(TOK_WHILE, "while")                 \
    X(TOK_WITH, "with") X(TOK_YIELD, "yield")                                       \
    /* operators and delimiters */                                                  \
    X(TOK_LPAR, "(") X(TOK_RPAR, ")") X(TOK_LSQB, "[") X(TOK_RSQB, "]")             \
    X(TOK_LBRACE, "{") X(TOK_RBRACE, "}") X(TOK_COLON, ":") X(TOK_COMMA, ",")       \
    X(TOK_SEMI, ";") X(TOK_DOT, ".") X(TOK_ELLIPSIS, "...") X(TOK_ARROW, "->")      \
    X(TOK_AT, "@") X(TOK_WALRUS, ":=")                                              \
    X(TOK_PLUS, "+") X(TOK_MINUS, "-") X(TOK_STAR, "*") X(TOK_SLASH, "/")           \
    X(TOK_DSLASH, "//") X(TOK_PERCENT, "%") X(TOK_DSTAR, "**")                      \
    X(TOK_AMP, "&") X(TOK_PIPE, "|") X(TOK_CARET, "^") X(TOK_TILDE, "~")            \
    X(TOK_LSHIFT, "<<") X(TOK_RSHIFT, ">>")                                         \
    X(TOK_LT, "<") X(TOK_GT, ">") X(TOK_LE, "<=") X(TOK_GE, ">=") X(TOK_EQEQ, "==") \
    X(TOK_NE, "!=") X(TOK_EQ, "=")                                                  \
    X(TOK_PLUSEQ, "+=") X(TOK_MINUSEQ, "-=") X(TOK_STAREQ, "*=")                    \
    X(TOK_SLASHEQ, "/=") X(TOK_DSLASHEQ, "//=") X(TOK_PERCENTEQ, "%=")              \
    X(TOK_DSTAREQ, "**=") X(TOK_ATEQ, "@=") X(TOK_AMPEQ, "&=") X(TOK_PIPEEQ, "|=")  \
    X(TOK_CARETEQ, "^=") X(TOK_LSHIFTEQ, "<<=") X(TOK_RSHIFTEQ, ">>=")              \
    X(TOK_ERROR, "ERRORTOKEN") /* already diagnosed; the parser skips it */

typedef enum {
#define X(kind, spelling) kind,
    TOKEN_KINDS(X)
#undef X
        TOK__COUNT
} TokenKind;

typedef struct Token {
    TokenKind kind;
    SrcLoc loc;          /* first byte of the token; len covers the whole token on its line */
    const char *text;    /* source text of the token (NUL-terminated copy) */
    /* Decoded payload: */
    int64_t int_value;   /* TOK_INT */
    double float_value;  /* TOK_FLOAT */
    const char *str;     /* TOK_STRING: decoded bytes; TOK_FSTRING: the raw body between quotes */
    size_t str_len;
    bool is_bytes;       /* TOK_STRING with a b prefix */
    bool is_raw;         /* r prefix (TOK_FSTRING: the body's escapes are not processed) */
    SrcLoc body_loc;     /* TOK_FSTRING: location of the body's first byte */
} Token;

const char *token_kind_name(TokenKind kind);

#endif
