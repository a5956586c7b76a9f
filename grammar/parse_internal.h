/* parse_internal.h — what parser.y shares with its helper files: the parse context
 * and the AST-building checks (parse_build.c, parse_fstring.c, parse_check.c).
 * Entry points: ParseCtx, parse_error and the parse_* builders below.
 * Memory owner: everything built here lives in ctx->arena. */
#ifndef INGOT_PARSE_INTERNAL_H
#define INGOT_PARSE_INTERNAL_H

#include <stdbool.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "lexer.h"
#include "token.h"

typedef struct ParseCtx {
    Arena *arena;
    Diag *diag;
    Lexer *lexer;
    const SourceFile *file;     /* the script: every location points into it */
    int start_token;            /* first token handed to Bison: selects file or expression */
    bool expr_mode;             /* f-string field: layout tokens are dropped */
    /* One error per statement: set by any reported error, cleared when the first
       token of the next logical line is read. */
    bool quiet;
    bool prev_was_newline;
    /* The last three token kinds read (prev_kind is the lookahead during an error). */
    TokenKind prev_kind, prev_prev_kind, before_prev_kind;
    TokenKind line_first_kind;  /* first token of the current logical line */
    int line_first_line;
    /* The last block header seen at the start of a line, for
       "expected an indented block after 'if' statement on line N". */
    TokenKind header_kind;
    int header_line;
    bool stmt_was_error;
    /* Open brackets (the line of each, innermost last) and a syntax error held back
       while inside them: if the lexer then reports "'(' was never closed", that is
       the real error and the held one is dropped. */
    int depth;
    int open_line[64];
    bool has_pending;
    SrcLoc pending_loc;
    const char *pending_msg;
    int pending_errors;        /* the last statement was dropped by error recovery */
    /* Byte offset of each line's start in file->text, built when first needed. */
    int *line_offsets;
    int nlines;
    Node *result;
} ParseCtx;

/* A syntax error unless this statement already has one (then it is dropped). */
void parse_error(ParseCtx *ctx, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A span from a's first byte to b's last, clipped to the end of a's line. */
SrcLoc parse_loc_span(ParseCtx *ctx, SrcLoc a, SrcLoc b);

/* ---- parse_build.c: targets, calls, parameters, literals --------------------- */

typedef enum { TARGET_ASSIGN, TARGET_DEL, TARGET_FOR } TargetUse;
/* Reports "cannot assign to ..." for the first bad part of a target; false if bad. */
bool parse_check_target(ParseCtx *ctx, Node *target, TargetUse use);
bool parse_check_aug_target(ParseCtx *ctx, Node *target);
bool parse_check_ann_target(ParseCtx *ctx, Node *target);
/* A starred expression where only a value may stand: "can't use starred expression here". */
void parse_check_not_starred(ParseCtx *ctx, Node *value);

/* Call arguments collected in order, checked as they come. */
typedef enum { ARG_POSITIONAL, ARG_GENEXP, ARG_KEYWORD, ARG_STAR, ARG_DSTAR } ArgKind;
typedef struct ArgItem {
    ArgKind kind;
    Node *value;  /* ARG_STAR: the AST_STARRED; ARG_GENEXP: the unparenthesized AST_GENEXP */
    Node *name;   /* ARG_KEYWORD: the expression left of '=' (must be a name) */
    SrcLoc loc;
} ArgItem;
typedef struct CallArgs {
    NodeList args;
    NodeList keywords;
    Node *bare_genexp;  /* f(x for x in y): must be the only argument */
    int count;
    bool seen_keyword, seen_dstar;
} CallArgs;
CallArgs *parse_args_new(ParseCtx *ctx);
void parse_args_add(ParseCtx *ctx, CallArgs *a, const ArgItem *item);
void parse_args_finish(ParseCtx *ctx, CallArgs *a);

/* Parameters of def/lambda as written, validated when the list is complete. */
typedef enum { PARAM_PLAIN, PARAM_STAR, PARAM_DSTAR, PARAM_SLASH } ParamKind; /* '/': refused */
typedef struct ParamItem {
    ParamKind kind;
    Node *arg;       /* AST_ARG, NULL for a bare '*' */
    SrcLoc loc;
    struct ParamItem *next;
} ParamItem;
typedef struct ParamList {
    ParamItem *first, *last;
} ParamList;
/* name NULL: a bare '*'. */
ParamItem *parse_param(ParseCtx *ctx, ParamKind kind, const Token *name, Node *annotation,
                       Node *default_, SrcLoc loc);
ParamList *parse_params_new(ParseCtx *ctx);
void parse_params_add(ParseCtx *ctx, ParamList *pl, ParamItem *item);
Params parse_params_finish(ParseCtx *ctx, const ParamList *pl);

Node *parse_new_name(ParseCtx *ctx, const Token *tok);

/* Adjacent string literals, one token at a time. */
typedef struct StrParts {
    NodeList pieces;     /* AST_STR and AST_FORMATTED, not yet merged */
    bool is_bytes, has_fstring, mixed;
    SrcLoc loc;
} StrParts;
StrParts *parse_strings_new(ParseCtx *ctx, const Token *tok);
void parse_strings_add(ParseCtx *ctx, StrParts *sp, const Token *tok);
Node *parse_strings_finish(ParseCtx *ctx, StrParts *sp);

/* ---- parse_fstring.c ---------------------------------------------------------- */

/* Splits an f-string body into literal pieces and replacement fields, pushing them
 * onto out. Fields' expressions are parsed by parse_fstring_expr. */
void parse_fstring_body(ParseCtx *ctx, const Token *tok, NodeList *out);

/* ---- parser.y: re-entering the grammar for one f-string expression ------------- */

/* Parses text (n bytes, the source between '{' and its terminator), which starts at
 * line:col of ctx->file; locations are exact. NULL after a reported error. */
Node *parse_fstring_expr(ParseCtx *ctx, int line, int col, const char *text, size_t n);

/* ---- parse_check.c: checks that need the enclosing def/loop ------------------- */

/* "'return' outside function", "'break' outside loop", ... */
void parse_check_context(ParseCtx *ctx, const Node *module);

#endif
