/* parser.y — Python's grammar (the subset of LANGUAGE.md) as an LALR(1) Bison
 * grammar that builds the AST of ast.h, with error recovery per statement.
 * Entry points: parse_file (parse.h), parse_fstring_expr (parse_internal.h).
 * Memory owner: tokens and nodes live in the caller's Arena.
 *
 * Like CPython's old LL(1) grammar, the general form is parsed and validated
 * afterwards: assignment targets are parsed as expressions and then checked
 * (parse_build.c), parameters and call arguments are parsed as flat lists and
 * then ordered and checked, f-string fields re-enter this grammar through the
 * START_EXPR start token. */

%code requires {
#include "ast.h"
#include "srcloc.h"
#include "token.h"
typedef struct ParseCtx ParseCtx;
typedef struct CallArgs CallArgs;
typedef struct ArgItem ArgItem;
typedef struct ParamList ParamList;
typedef struct ParamItem ParamItem;
typedef struct StrParts StrParts;
}

%code {
#include <string.h>

#include "parse.h"
#include "parse_internal.h"

static int yylex(YYSTYPE *lval, SrcLoc *lloc, ParseCtx *ctx);
static void yyerror(const SrcLoc *loc, ParseCtx *ctx, const char *msg);

/* A rule's location: from its first symbol to its last, clipped to the first line.
   An empty rule sits, zero-length, right after the previous symbol. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                                \
    do {                                                                           \
        if (N) {                                                                   \
            (Cur) = parse_loc_span(ctx, YYRHSLOC(Rhs, 1), YYRHSLOC(Rhs, N));       \
        } else {                                                                   \
            (Cur) = YYRHSLOC(Rhs, 0);                                              \
            (Cur).col += (Cur).len;                                                \
            (Cur).len = 0;                                                         \
        }                                                                          \
    } while (0)

#define NEW(kind, loc) ast_new(ctx->arena, (kind), (loc))
#define PUSH(list, node) nodelist_push(ctx->arena, &(list), (node))

static Node *new_binop(ParseCtx *ctx, Node *l, BinOp op, Node *r, SrcLoc loc) {
    Node *n = NEW(AST_BINOP, loc);
    n->binop.left = l;
    n->binop.op = op;
    n->binop.right = r;
    return n;
}

static Node *new_unary(ParseCtx *ctx, UnaryOp op, Node *operand, SrcLoc loc) {
    Node *n = NEW(AST_UNARYOP, loc);
    n->unaryop.op = op;
    n->unaryop.operand = operand;
    return n;
}

static Node *new_boolop(ParseCtx *ctx, BoolOp op, Node *a, Node *b, SrcLoc loc) {
    Node *n = NEW(AST_BOOLOP, loc);
    n->boolop.op = op;
    PUSH(n->boolop.values, a);
    PUSH(n->boolop.values, b);
    return n;
}

static void compare_push(ParseCtx *ctx, Node *cmp, CmpOp op, Node *right) {
    int n = cmp->compare.comparators.len;
    cmp->compare.ops =
        arena_grow(ctx->arena, cmp->compare.ops, sizeof(CmpOp), (size_t)n, (size_t)n + 1);
    cmp->compare.ops[n] = op;
    PUSH(cmp->compare.comparators, right);
}

static Node *new_seq(ParseCtx *ctx, AstKind kind, NodeList elts, bool parenthesized, SrcLoc loc) {
    Node *n = NEW(kind, loc);
    n->seq.elts = elts;
    n->seq.parenthesized = parenthesized;
    return n;
}

/* A comma list that is a single item without a trailing comma is that item. */
static Node *seq_or_item(ParseCtx *ctx, NodeList items, SrcLoc loc) {
    return items.len == 1 ? items.items[0] : new_seq(ctx, AST_TUPLE, items, false, loc);
}

static Node *new_comp(ParseCtx *ctx, AstKind kind, Node *elt, NodeList gens, SrcLoc loc) {
    Node *n = NEW(kind, loc);
    n->comp.elt = elt;
    n->comp.generators = gens;
    return n;
}

static NodeList list_of(ParseCtx *ctx, Node *n) {
    NodeList l = {0};
    PUSH(l, n);
    return l;
}

static NodeList list_concat(ParseCtx *ctx, NodeList a, NodeList b) {
    for (int i = 0; i < b.len; i++) PUSH(a, b.items[i]);
    return a;
}

static Node *new_if(ParseCtx *ctx, Node *test, NodeList body, NodeList orelse, SrcLoc loc) {
    Node *n = NEW(AST_IF, loc);
    n->if_.test = test;
    n->if_.body = body;
    n->if_.orelse = orelse;
    return n;
}

static Node *new_names_stmt(ParseCtx *ctx, AstKind kind, NodeList names, SrcLoc loc) {
    Node *n = NEW(kind, loc);
    n->names.len = names.len;
    n->names.names = ARENA_ARRAY(ctx->arena, const char *, names.len);
    for (int i = 0; i < names.len; i++) n->names.names[i] = names.items[i]->name.id;
    return n;
}

static Node *new_alias(ParseCtx *ctx, const char *name, const Token *as, SrcLoc loc) {
    Node *n = NEW(AST_ALIAS, loc);
    n->alias.name = name;
    n->alias.asname = as ? arena_intern_cstr(ctx->arena, as->text) : NULL;
    return n;
}

static Node *new_handler(ParseCtx *ctx, Node *type, const Token *name, NodeList body, SrcLoc loc) {
    Node *n = NEW(AST_EXCEPT_HANDLER, loc);
    n->handler.type = type;
    n->handler.name = name ? arena_intern_cstr(ctx->arena, name->text) : NULL;
    n->handler.body = body;
    return n;
}

static Node *new_try(ParseCtx *ctx, NodeList body, NodeList handlers, NodeList orelse,
                     NodeList finalbody, SrcLoc loc) {
    Node *n = NEW(AST_TRY, loc);
    n->try_.body = body;
    n->try_.handlers = handlers;
    n->try_.orelse = orelse;
    n->try_.finalbody = finalbody;
    return n;
}

static Node *new_funcdef(ParseCtx *ctx, const Token *name, ParamList *params, Node *returns,
                         NodeList body, SrcLoc loc) {
    Node *n = NEW(AST_FUNCDEF, loc);
    n->funcdef.name = arena_intern_cstr(ctx->arena, name->text);
    if (params) n->funcdef.params = parse_params_finish(ctx, params);
    n->funcdef.returns = returns;
    n->funcdef.body = body;
    return n;
}

static Node *new_classdef(ParseCtx *ctx, const Token *name, CallArgs *args, NodeList body,
                          SrcLoc loc) {
    Node *n = NEW(AST_CLASSDEF, loc);
    n->classdef.name = arena_intern_cstr(ctx->arena, name->text);
    if (args) {
        n->classdef.bases = args->args;
        n->classdef.keywords = args->keywords;
    }
    n->classdef.body = body;
    return n;
}

static Node *new_lambda(ParseCtx *ctx, ParamList *params, Node *body, SrcLoc loc) {
    Node *n = NEW(AST_LAMBDA, loc);
    if (params) n->lambda.params = parse_params_finish(ctx, params);
    n->lambda.body = body;
    return n;
}

static Node *new_call(ParseCtx *ctx, Node *func, CallArgs *args, SrcLoc loc) {
    Node *n = NEW(AST_CALL, loc);
    n->call.func = func;
    if (args) {
        parse_args_finish(ctx, args);
        n->call.args = args->args;
        n->call.keywords = args->keywords;
    }
    return n;
}

static ArgItem *new_arg_item(ParseCtx *ctx, ArgKind kind, Node *value, Node *name, SrcLoc loc) {
    ArgItem *a = ARENA_NEW(ctx->arena, ArgItem);
    a->kind = kind;
    a->value = value;
    a->name = name;
    a->loc = loc;
    return a;
}

static Node *new_slice(ParseCtx *ctx, Node *lower, Node *upper, Node *step, SrcLoc loc) {
    Node *n = NEW(AST_SLICE, loc);
    n->slice.lower = lower;
    n->slice.upper = upper;
    n->slice.step = step;
    return n;
}

static Node *new_del(ParseCtx *ctx, NodeList targets, SrcLoc loc) {
    for (int i = 0; i < targets.len; i++)
        if (!parse_check_target(ctx, targets.items[i], TARGET_DEL)) break;
    Node *n = NEW(AST_DEL, loc);
    n->del.targets = targets;
    return n;
}

/* A statement that was recovered from: its parts are dropped. */
static NodeList recovered_stmt(ParseCtx *ctx) {
    ctx->stmt_was_error = true;
    return (NodeList){0};
}
}

%define api.pure full
%define api.location.type {SrcLoc}
%define api.token.prefix {P_}
%define parse.error custom
%define parse.lac full
%locations
%param {ParseCtx *ctx}

/* One shift/reduce conflict, resolved by shifting on purpose: after the error
   recovery "error NEWLINE", an INDENT continues that same broken statement (the body
   of a block header that had a syntax error) rather than starting an "unexpected
   indent" statement, so the body is parsed but not reported as misplaced. */
%expect 1

%union {
    Token *tok;
    Node *node;
    NodeList list;
    CallArgs *args;
    ArgItem *arg;
    ParamList *params;
    ParamItem *param;
    StrParts *strs;
    int op;
}

/* Every lexer token kind, in TOKEN_KINDS order; yylex maps TOK_x to P_TOK_x. */
%token TOK_EOF 0 "end of file"
%token <tok> TOK_NEWLINE "NEWLINE" TOK_INDENT "INDENT" TOK_DEDENT "DEDENT"
%token <tok> TOK_NAME "NAME" TOK_INT "INT" TOK_FLOAT "FLOAT" TOK_STRING "STRING" TOK_FSTRING "FSTRING"
%token <tok> TOK_FALSE "False" TOK_NONE "None" TOK_TRUE "True"
%token <tok> TOK_AND "and" TOK_AS "as" TOK_ASSERT "assert" TOK_ASYNC "async"
%token <tok> TOK_AWAIT "await" TOK_BREAK "break" TOK_CLASS "class"
%token <tok> TOK_CONTINUE "continue" TOK_DEF "def" TOK_DEL "del"
%token <tok> TOK_ELIF "elif" TOK_ELSE "else" TOK_EXCEPT "except"
%token <tok> TOK_FINALLY "finally" TOK_FOR "for" TOK_FROM "from"
%token <tok> TOK_GLOBAL "global" TOK_IF "if" TOK_IMPORT "import" TOK_IN "in"
%token <tok> TOK_IS "is" TOK_LAMBDA "lambda" TOK_NONLOCAL "nonlocal"
%token <tok> TOK_NOT "not" TOK_OR "or" TOK_PASS "pass" TOK_RAISE "raise"
%token <tok> TOK_RETURN "return" TOK_TRY "try" TOK_WHILE "while"
%token <tok> TOK_WITH "with" TOK_YIELD "yield"
%token <tok> TOK_LPAR "(" TOK_RPAR ")" TOK_LSQB "[" TOK_RSQB "]"
%token <tok> TOK_LBRACE "{" TOK_RBRACE "}" TOK_COLON ":" TOK_COMMA ","
%token <tok> TOK_SEMI ";" TOK_DOT "." TOK_ELLIPSIS "..." TOK_ARROW "->"
%token <tok> TOK_AT "@" TOK_WALRUS ":="
%token <tok> TOK_PLUS "+" TOK_MINUS "-" TOK_STAR "*" TOK_SLASH "/"
%token <tok> TOK_DSLASH "//" TOK_PERCENT "%" TOK_DSTAR "**"
%token <tok> TOK_AMP "&" TOK_PIPE "|" TOK_CARET "^" TOK_TILDE "~"
%token <tok> TOK_LSHIFT "<<" TOK_RSHIFT ">>"
%token <tok> TOK_LT "<" TOK_GT ">" TOK_LE "<=" TOK_GE ">=" TOK_EQEQ "=="
%token <tok> TOK_NE "!=" TOK_EQ "="
%token <tok> TOK_PLUSEQ "+=" TOK_MINUSEQ "-=" TOK_STAREQ "*="
%token <tok> TOK_SLASHEQ "/=" TOK_DSLASHEQ "//=" TOK_PERCENTEQ "%="
%token <tok> TOK_DSTAREQ "**=" TOK_ATEQ "@=" TOK_AMPEQ "&=" TOK_PIPEEQ "|="
%token <tok> TOK_CARETEQ "^=" TOK_LSHIFTEQ "<<=" TOK_RSHIFTEQ ">>="
%token <tok> TOK_ERROR "ERRORTOKEN"
/* Not from the lexer: the first token selects what is parsed. */
%token START_FILE START_EXPR

%type <list> file_input stmt stmts simple_stmt small_stmts suite if_tail
%type <list> assign_chain tse_items ex_items names dotted_as_names import_as_names
%type <list> decorators handlers try_else try_finally with_items comp_fors dict_items sub_items
%type <node> small_stmt expr_stmt del_stmt return_stmt raise_stmt global_stmt nonlocal_stmt
%type <node> assert_stmt import_name import_from from_module import_as_name dotted_as_name
%type <node> compound_stmt if_stmt while_stmt for_stmt try_stmt handler with_stmt with_item
%type <node> funcdef classdef decorated decorator opt_returns
%type <node> testlist_star_expr tse_item exprlist ex_item
%type <node> test test_nocond or_test or_chain and_test and_chain not_test comparison comp_chain
%type <node> lambdef lambdef_nocond star_expr expr xor_expr and_expr shift_expr arith_expr term factor
%type <node> power atom_expr atom comp_for dict_item subscriptlist subscript slice_opt
%type <node> name
%type <tok> string_tok dotted_name
%type <op> augassign comp_op dots
%type <args> arglist arg_items
%type <arg> arg_item
%type <params> typedargslist tparams varargslist vparams
%type <param> tparam vparam
%type <strs> strings

%%

start
    : START_FILE file_input {
          Node *m = NEW(AST_MODULE, ((SrcLoc){ctx->file, 1, 1, 1}));
          m->module.body = $2;
          m->module.file = ctx->file;
          ctx->result = m;
      }
    | START_EXPR testlist_star_expr { ctx->result = $2; }
    ;

file_input
    : %empty                { $$ = (NodeList){0}; }
    | file_input "NEWLINE"  { $$ = $1; }
    | file_input stmt       { $$ = list_concat(ctx, $1, $2); }
    ;

/* ---- statements -------------------------------------------------------------- */

stmt
    : simple_stmt    { $$ = $1; ctx->stmt_was_error = false; }
    | compound_stmt  { $$ = list_of(ctx, $1); ctx->stmt_was_error = false; }
    | error "NEWLINE" { $$ = recovered_stmt(ctx); yyerrok; }
    | error "NEWLINE" "INDENT" stmts "DEDENT" { $$ = recovered_stmt(ctx); yyerrok; }
    | "INDENT" { parse_error(ctx, @1, "unexpected indent"); } stmts "DEDENT" { $$ = recovered_stmt(ctx); }
    ;

stmts
    : stmt        { $$ = $1; }
    | stmts stmt  { $$ = list_concat(ctx, $1, $2); }
    ;

simple_stmt
    : small_stmts "NEWLINE"      { $$ = $1; }
    | small_stmts ";" "NEWLINE"  { $$ = $1; }
    ;

small_stmts
    : small_stmt                  { $$ = list_of(ctx, $1); }
    | small_stmts ";" small_stmt  { $$ = $1; PUSH($$, $3); }
    ;

small_stmt
    : expr_stmt
    | del_stmt
    | "pass"      { $$ = NEW(AST_PASS, @1); }
    | "break"     { $$ = NEW(AST_BREAK, @1); }
    | "continue"  { $$ = NEW(AST_CONTINUE, @1); }
    | return_stmt
    | raise_stmt
    | global_stmt
    | nonlocal_stmt
    | assert_stmt
    | import_name
    | import_from
    ;

expr_stmt
    : testlist_star_expr {
          parse_check_not_starred(ctx, $1);
          $$ = NEW(AST_EXPR_STMT, @1);
          $$->expr_stmt.value = $1;
      }
    | testlist_star_expr augassign testlist_star_expr {
          parse_check_aug_target(ctx, $1);
          parse_check_not_starred(ctx, $3);
          $$ = NEW(AST_AUGASSIGN, @1);
          $$->augassign.target = $1;
          $$->augassign.op = (BinOp)$2;
          $$->augassign.value = $3;
      }
    | testlist_star_expr ":" test {
          parse_check_ann_target(ctx, $1);
          $$ = NEW(AST_ANNASSIGN, @1);
          $$->annassign.target = $1;
          $$->annassign.annotation = $3;
      }
    | testlist_star_expr ":" test "=" testlist_star_expr {
          parse_check_ann_target(ctx, $1);
          parse_check_not_starred(ctx, $5);
          $$ = NEW(AST_ANNASSIGN, @1);
          $$->annassign.target = $1;
          $$->annassign.annotation = $3;
          $$->annassign.value = $5;
      }
    | assign_chain {
          $$ = NEW(AST_ASSIGN, $1.items[0]->loc);
          for (int i = 0; i + 1 < $1.len; i++) {
              if (!parse_check_target(ctx, $1.items[i], TARGET_ASSIGN)) break;
              PUSH($$->assign.targets, $1.items[i]);
          }
          $$->assign.value = $1.items[$1.len - 1];
          parse_check_not_starred(ctx, $$->assign.value);
      }
    ;

/* a = b = c: every part but the last is a target. */
assign_chain
    : testlist_star_expr "=" testlist_star_expr  { $$ = list_of(ctx, $1); PUSH($$, $3); }
    | assign_chain "=" testlist_star_expr        { $$ = $1; PUSH($$, $3); }
    ;

augassign
    : "+="   { $$ = BIN_ADD; }
    | "-="   { $$ = BIN_SUB; }
    | "*="   { $$ = BIN_MUL; }
    | "@="   { $$ = BIN_MATMUL; }
    | "/="   { $$ = BIN_DIV; }
    | "//="  { $$ = BIN_FLOORDIV; }
    | "%="   { $$ = BIN_MOD; }
    | "**="  { $$ = BIN_POW; }
    | "<<="  { $$ = BIN_LSHIFT; }
    | ">>="  { $$ = BIN_RSHIFT; }
    | "|="   { $$ = BIN_BITOR; }
    | "^="   { $$ = BIN_BITXOR; }
    | "&="   { $$ = BIN_BITAND; }
    ;

del_stmt
    : "del" ex_items      { $$ = new_del(ctx, $2, @1); }
    | "del" ex_items ","  { $$ = new_del(ctx, $2, @1); }
    ;

return_stmt
    : "return"                     { $$ = NEW(AST_RETURN, @1); }
    | "return" testlist_star_expr  {
          parse_check_not_starred(ctx, $2);
          $$ = NEW(AST_RETURN, @1);
          $$->ret.value = $2;
      }
    ;

raise_stmt
    : "raise"                  { $$ = NEW(AST_RAISE, @1); }
    | "raise" test             { $$ = NEW(AST_RAISE, @1); $$->raise.exc = $2; }
    | "raise" test "from" test { $$ = NEW(AST_RAISE, @1); $$->raise.exc = $2; $$->raise.cause = $4; }
    ;

global_stmt : "global" names    { $$ = new_names_stmt(ctx, AST_GLOBAL, $2, @1); } ;
nonlocal_stmt : "nonlocal" names  { $$ = new_names_stmt(ctx, AST_NONLOCAL, $2, @1); } ;

names
    : name            { $$ = list_of(ctx, $1); }
    | names "," name  { $$ = $1; PUSH($$, $3); }
    ;

assert_stmt
    : "assert" test           { $$ = NEW(AST_ASSERT, @1); $$->assert_.test = $2; }
    | "assert" test "," test  { $$ = NEW(AST_ASSERT, @1); $$->assert_.test = $2; $$->assert_.msg = $4; }
    ;

import_name : "import" dotted_as_names { $$ = NEW(AST_IMPORT, @1); $$->import.names = $2; } ;

dotted_as_names
    : dotted_as_name                      { $$ = list_of(ctx, $1); }
    | dotted_as_names "," dotted_as_name  { $$ = $1; PUSH($$, $3); }
    ;

dotted_as_name
    : dotted_name              { $$ = new_alias(ctx, $1->text, NULL, @1); }
    | dotted_name "as" "NAME"  { $$ = new_alias(ctx, $1->text, $3, @1); }
    ;

/* a.b.c: the value is a token whose text is the whole interned dotted name. */
dotted_name
    : "NAME" {
          $$ = $1;
          $$->text = arena_intern_cstr(ctx->arena, $1->text);
      }
    | dotted_name "." "NAME" {
          $$ = ARENA_NEW(ctx->arena, Token);
          *$$ = *$1;
          $$->text = arena_intern_cstr(ctx->arena, arena_printf(ctx->arena, "%s.%s", $1->text, $3->text));
      }
    ;

import_from
    : "from" from_module "import" "*" {
          $$ = $2;
          $$->loc = @1;
          PUSH($$->import_from.names, new_alias(ctx, arena_intern_cstr(ctx->arena, "*"), NULL, @4));
      }
    | "from" from_module "import" import_as_names              { $$ = $2; $$->loc = @1; $$->import_from.names = $4; }
    | "from" from_module "import" "(" import_as_names ")"      { $$ = $2; $$->loc = @1; $$->import_from.names = $5; }
    | "from" from_module "import" "(" import_as_names "," ")"  { $$ = $2; $$->loc = @1; $$->import_from.names = $5; }
    ;

from_module
    : dotted_name       { $$ = NEW(AST_IMPORT_FROM, @1); $$->import_from.module = $1->text; }
    | dots dotted_name  { $$ = NEW(AST_IMPORT_FROM, @1); $$->import_from.module = $2->text; $$->import_from.level = $1; }
    | dots              { $$ = NEW(AST_IMPORT_FROM, @1); $$->import_from.level = $1; }
    ;

/* "..." is one token but three levels. */
dots
    : "."         { $$ = 1; }
    | "..."       { $$ = 3; }
    | dots "."    { $$ = $1 + 1; }
    | dots "..."  { $$ = $1 + 3; }
    ;

import_as_names
    : import_as_name                      { $$ = list_of(ctx, $1); }
    | import_as_names "," import_as_name  { $$ = $1; PUSH($$, $3); }
    ;

import_as_name
    : "NAME"              { $$ = new_alias(ctx, arena_intern_cstr(ctx->arena, $1->text), NULL, @1); }
    | "NAME" "as" "NAME"  { $$ = new_alias(ctx, arena_intern_cstr(ctx->arena, $1->text), $3, @1); }
    ;

compound_stmt
    : if_stmt
    | while_stmt
    | for_stmt
    | try_stmt
    | with_stmt
    | funcdef
    | classdef
    | decorated
    ;

suite
    : simple_stmt                        { $$ = $1; }
    | "NEWLINE" "INDENT" stmts "DEDENT"  { $$ = $3; }
    ;

if_stmt : "if" test ":" suite if_tail { $$ = new_if(ctx, $2, $4, $5, @1); } ;

/* elif is an AST_IF alone in the orelse of the one before it. */
if_tail
    : %empty                             { $$ = (NodeList){0}; }
    | "elif" test ":" suite if_tail      { $$ = list_of(ctx, new_if(ctx, $2, $4, $5, @1)); }
    | "else" ":" suite                   { $$ = $3; }
    ;

while_stmt
    : "while" test ":" suite {
          $$ = NEW(AST_WHILE, @1);
          $$->while_.test = $2;
          $$->while_.body = $4;
      }
    | "while" test ":" suite "else" ":" suite {
          $$ = NEW(AST_WHILE, @1);
          $$->while_.test = $2;
          $$->while_.body = $4;
          $$->while_.orelse = $7;
      }
    ;

for_stmt
    : "for" exprlist "in" testlist_star_expr ":" suite {
          parse_check_target(ctx, $2, TARGET_FOR);
          parse_check_not_starred(ctx, $4);
          $$ = NEW(AST_FOR, @1);
          $$->for_.target = $2;
          $$->for_.iter = $4;
          $$->for_.body = $6;
      }
    | "for" exprlist "in" testlist_star_expr ":" suite "else" ":" suite {
          parse_check_target(ctx, $2, TARGET_FOR);
          parse_check_not_starred(ctx, $4);
          $$ = NEW(AST_FOR, @1);
          $$->for_.target = $2;
          $$->for_.iter = $4;
          $$->for_.body = $6;
          $$->for_.orelse = $9;
      }
    ;

try_stmt
    : "try" ":" suite handlers try_else try_finally {
          for (int i = 0; i + 1 < $4.len; i++) {
              if (!$4.items[i]->handler.type) {
                  parse_error(ctx, $4.items[i]->loc, "default 'except:' must be last");
                  break;
              }
          }
          $$ = new_try(ctx, $3, $4, $5, $6, @1);
      }
    | "try" ":" suite "finally" ":" suite {
          $$ = new_try(ctx, $3, (NodeList){0}, (NodeList){0}, $6, @1);
      }
    ;

handlers
    : handler           { $$ = list_of(ctx, $1); }
    | handlers handler  { $$ = $1; PUSH($$, $2); }
    ;

handler
    : "except" ":" suite                    { $$ = new_handler(ctx, NULL, NULL, $3, @1); }
    | "except" test ":" suite               { $$ = new_handler(ctx, $2, NULL, $4, @1); }
    | "except" test "as" "NAME" ":" suite   { $$ = new_handler(ctx, $2, $4, $6, @1); }
    ;

try_else
    : %empty            { $$ = (NodeList){0}; }
    | "else" ":" suite  { $$ = $3; }
    ;

try_finally
    : %empty               { $$ = (NodeList){0}; }
    | "finally" ":" suite  { $$ = $3; }
    ;

with_stmt
    : "with" with_items ":" suite {
          $$ = NEW(AST_WITH, @1);
          $$->with.items = $2;
          $$->with.body = $4;
      }
    ;

with_items
    : with_item                 { $$ = list_of(ctx, $1); }
    | with_items "," with_item  { $$ = $1; PUSH($$, $3); }
    ;

with_item
    : test {
          $$ = NEW(AST_WITHITEM, @1);
          $$->withitem.context = $1;
      }
    | test "as" expr {
          parse_check_target(ctx, $3, TARGET_ASSIGN);
          $$ = NEW(AST_WITHITEM, @1);
          $$->withitem.context = $1;
          $$->withitem.vars = $3;
      }
    ;

funcdef
    : "def" "NAME" "(" ")" opt_returns ":" suite                { $$ = new_funcdef(ctx, $2, NULL, $5, $7, @1); }
    | "def" "NAME" "(" typedargslist ")" opt_returns ":" suite  { $$ = new_funcdef(ctx, $2, $4, $6, $8, @1); }
    ;

opt_returns
    : %empty     { $$ = NULL; }
    | "->" test  { $$ = $2; }
    ;

/* Parameters are parsed as a flat list; parse_params_finish orders and checks them. */
typedargslist
    : tparams      { $$ = $1; }
    | tparams ","  { $$ = $1; }
    ;

tparams
    : tparam              { $$ = parse_params_new(ctx); parse_params_add(ctx, $$, $1); }
    | tparams "," tparam  { $$ = $1; parse_params_add(ctx, $$, $3); }
    ;

tparam
    : "NAME"                        { $$ = parse_param(ctx, PARAM_PLAIN, $1, NULL, NULL, @1); }
    | "NAME" ":" test               { $$ = parse_param(ctx, PARAM_PLAIN, $1, $3, NULL, @1); }
    | "NAME" "=" test               { $$ = parse_param(ctx, PARAM_PLAIN, $1, NULL, $3, @1); }
    | "NAME" ":" test "=" test      { $$ = parse_param(ctx, PARAM_PLAIN, $1, $3, $5, @1); }
    | "*"                           { $$ = parse_param(ctx, PARAM_STAR, NULL, NULL, NULL, @1); }
    | "/"                           { $$ = parse_param(ctx, PARAM_SLASH, NULL, NULL, NULL, @1); }
    | "*" "NAME"                    { $$ = parse_param(ctx, PARAM_STAR, $2, NULL, NULL, @1); }
    | "*" "NAME" ":" test           { $$ = parse_param(ctx, PARAM_STAR, $2, $4, NULL, @1); }
    | "**" "NAME"                   { $$ = parse_param(ctx, PARAM_DSTAR, $2, NULL, NULL, @1); }
    | "**" "NAME" ":" test          { $$ = parse_param(ctx, PARAM_DSTAR, $2, $4, NULL, @1); }
    ;

/* lambda parameters: the same without annotations (':' ends the list) */
varargslist
    : vparams      { $$ = $1; }
    | vparams ","  { $$ = $1; }
    ;

vparams
    : vparam              { $$ = parse_params_new(ctx); parse_params_add(ctx, $$, $1); }
    | vparams "," vparam  { $$ = $1; parse_params_add(ctx, $$, $3); }
    ;

vparam
    : "NAME"           { $$ = parse_param(ctx, PARAM_PLAIN, $1, NULL, NULL, @1); }
    | "NAME" "=" test  { $$ = parse_param(ctx, PARAM_PLAIN, $1, NULL, $3, @1); }
    | "*"              { $$ = parse_param(ctx, PARAM_STAR, NULL, NULL, NULL, @1); }
    | "/"              { $$ = parse_param(ctx, PARAM_SLASH, NULL, NULL, NULL, @1); }
    | "*" "NAME"       { $$ = parse_param(ctx, PARAM_STAR, $2, NULL, NULL, @1); }
    | "**" "NAME"      { $$ = parse_param(ctx, PARAM_DSTAR, $2, NULL, NULL, @1); }
    ;

classdef
    : "class" "NAME" ":" suite                  { $$ = new_classdef(ctx, $2, NULL, $4, @1); }
    | "class" "NAME" "(" ")" ":" suite          { $$ = new_classdef(ctx, $2, NULL, $6, @1); }
    | "class" "NAME" "(" arglist ")" ":" suite  { $$ = new_classdef(ctx, $2, $4, $7, @1); }
    ;

decorated
    : decorators funcdef   { $$ = $2; $$->funcdef.decorators = $1; }
    | decorators classdef  { $$ = $2; $$->classdef.decorators = $1; }
    ;

decorators
    : decorator             { $$ = list_of(ctx, $1); }
    | decorators decorator  { $$ = $1; PUSH($$, $2); }
    ;

decorator : "@" test "NEWLINE" { $$ = $2; } ;

/* ---- expressions --------------------------------------------------------------- */

/* A comma list of expressions and *starred ones: assignment sides, expression
   statements, return values, for iterables. */
testlist_star_expr
    : tse_items      { $$ = seq_or_item(ctx, $1, @1); }
    | tse_items ","  { $$ = new_seq(ctx, AST_TUPLE, $1, false, @1); }
    ;

tse_items
    : tse_item                { $$ = list_of(ctx, $1); }
    | tse_items "," tse_item  { $$ = $1; PUSH($$, $3); }
    ;

tse_item : test | star_expr ;

/* for-loop and comprehension targets, del targets: no comparisons (that 'in'). */
exprlist
    : ex_items      { $$ = seq_or_item(ctx, $1, @1); }
    | ex_items ","  { $$ = new_seq(ctx, AST_TUPLE, $1, false, @1); }
    ;

ex_items
    : ex_item               { $$ = list_of(ctx, $1); }
    | ex_items "," ex_item  { $$ = $1; PUSH($$, $3); }
    ;

ex_item : expr | star_expr ;

test
    : or_test
    | or_test "if" or_test "else" test {
          $$ = NEW(AST_IFEXP, @$);
          $$->ifexp.body = $1;
          $$->ifexp.test = $3;
          $$->ifexp.orelse = $5;
      }
    | lambdef
    ;

/* After a comprehension's 'if': no conditional expression (its 'else' can't follow). */
test_nocond : or_test | lambdef_nocond ;

lambdef
    : "lambda" ":" test              { $$ = new_lambda(ctx, NULL, $3, @$); }
    | "lambda" varargslist ":" test  { $$ = new_lambda(ctx, $2, $4, @$); }
    ;

lambdef_nocond
    : "lambda" ":" test_nocond              { $$ = new_lambda(ctx, NULL, $3, @$); }
    | "lambda" varargslist ":" test_nocond  { $$ = new_lambda(ctx, $2, $4, @$); }
    ;

/* a or b or c is one BoolOp; the chain rules extend the node they made
   themselves, never a parenthesized one. */
or_test : and_test | or_chain ;
or_chain
    : and_test "or" and_test  { $$ = new_boolop(ctx, BOOL_OR, $1, $3, @$); }
    | or_chain "or" and_test  { $$ = $1; PUSH($$->boolop.values, $3); $$->loc = @$; }
    ;

and_test : not_test | and_chain ;
and_chain
    : not_test "and" not_test   { $$ = new_boolop(ctx, BOOL_AND, $1, $3, @$); }
    | and_chain "and" not_test  { $$ = $1; PUSH($$->boolop.values, $3); $$->loc = @$; }
    ;

not_test
    : "not" not_test  { $$ = new_unary(ctx, UNARY_NOT, $2, @$); }
    | comparison
    ;

comparison : expr | comp_chain ;
comp_chain
    : expr comp_op expr {
          $$ = NEW(AST_COMPARE, @$);
          $$->compare.left = $1;
          compare_push(ctx, $$, (CmpOp)$2, $3);
      }
    | comp_chain comp_op expr  { $$ = $1; compare_push(ctx, $$, (CmpOp)$2, $3); $$->loc = @$; }
    ;

comp_op
    : "<"          { $$ = CMP_LT; }
    | ">"          { $$ = CMP_GT; }
    | "=="         { $$ = CMP_EQ; }
    | ">="         { $$ = CMP_GE; }
    | "<="         { $$ = CMP_LE; }
    | "!="         { $$ = CMP_NE; }
    | "in"         { $$ = CMP_IN; }
    | "not" "in"   { $$ = CMP_NOT_IN; }
    | "is"         { $$ = CMP_IS; }
    | "is" "not"   { $$ = CMP_IS_NOT; }
    ;

star_expr : "*" expr { $$ = NEW(AST_STARRED, @$); $$->starred.value = $2; } ;

expr
    : xor_expr
    | expr "|" xor_expr  { $$ = new_binop(ctx, $1, BIN_BITOR, $3, @$); }
    ;

xor_expr
    : and_expr
    | xor_expr "^" and_expr  { $$ = new_binop(ctx, $1, BIN_BITXOR, $3, @$); }
    ;

and_expr
    : shift_expr
    | and_expr "&" shift_expr  { $$ = new_binop(ctx, $1, BIN_BITAND, $3, @$); }
    ;

shift_expr
    : arith_expr
    | shift_expr "<<" arith_expr  { $$ = new_binop(ctx, $1, BIN_LSHIFT, $3, @$); }
    | shift_expr ">>" arith_expr  { $$ = new_binop(ctx, $1, BIN_RSHIFT, $3, @$); }
    ;

arith_expr
    : term
    | arith_expr "+" term  { $$ = new_binop(ctx, $1, BIN_ADD, $3, @$); }
    | arith_expr "-" term  { $$ = new_binop(ctx, $1, BIN_SUB, $3, @$); }
    ;

term
    : factor
    | term "*" factor   { $$ = new_binop(ctx, $1, BIN_MUL, $3, @$); }
    | term "@" factor   { $$ = new_binop(ctx, $1, BIN_MATMUL, $3, @$); }
    | term "/" factor   { $$ = new_binop(ctx, $1, BIN_DIV, $3, @$); }
    | term "//" factor  { $$ = new_binop(ctx, $1, BIN_FLOORDIV, $3, @$); }
    | term "%" factor   { $$ = new_binop(ctx, $1, BIN_MOD, $3, @$); }
    ;

factor
    : "+" factor  { $$ = new_unary(ctx, UNARY_POS, $2, @$); }
    | "-" factor  { $$ = new_unary(ctx, UNARY_NEG, $2, @$); }
    | "~" factor  { $$ = new_unary(ctx, UNARY_INVERT, $2, @$); }
    | power
    ;

/* ** binds tighter than a unary operator on its left, looser on its right. */
power
    : atom_expr
    | atom_expr "**" factor  { $$ = new_binop(ctx, $1, BIN_POW, $3, @$); }
    ;

atom_expr
    : atom
    | atom_expr "(" ")"          { $$ = new_call(ctx, $1, NULL, @$); }
    | atom_expr "(" arglist ")"  { $$ = new_call(ctx, $1, $3, @$); }
    | atom_expr "[" subscriptlist "]" {
          $$ = NEW(AST_SUBSCRIPT, @$);
          $$->subscript.value = $1;
          $$->subscript.slice = $3;
      }
    | atom_expr "." "NAME" {
          $$ = NEW(AST_ATTRIBUTE, @$);
          $$->attribute.value = $1;
          $$->attribute.attr = arena_intern_cstr(ctx->arena, $3->text);
      }
    ;

atom
    : "(" ")"  { $$ = new_seq(ctx, AST_TUPLE, (NodeList){0}, true, @$); }
    | "(" tse_items ")" {
          if ($2.len == 1) {
              $$ = $2.items[0];
              if ($$->kind == AST_STARRED) parse_error(ctx, $$->loc, "cannot use starred expression here");
              if ($$->kind == AST_TUPLE) $$->seq.parenthesized = true;
          } else {
              $$ = new_seq(ctx, AST_TUPLE, $2, true, @$);
          }
      }
    | "(" tse_items "," ")"   { $$ = new_seq(ctx, AST_TUPLE, $2, true, @$); }
    | "(" test comp_fors ")"  { $$ = new_comp(ctx, AST_GENEXP, $2, $3, @$); }
    | "[" "]"                 { $$ = new_seq(ctx, AST_LIST, (NodeList){0}, false, @$); }
    | "[" tse_items "]"       { $$ = new_seq(ctx, AST_LIST, $2, false, @$); }
    | "[" tse_items "," "]"   { $$ = new_seq(ctx, AST_LIST, $2, false, @$); }
    | "[" test comp_fors "]"  { $$ = new_comp(ctx, AST_LISTCOMP, $2, $3, @$); }
    | "{" "}"                 { $$ = NEW(AST_DICT, @$); }
    | "{" dict_items "}"      { $$ = $2.items[0]; $$->loc = @$; }
    | "{" dict_items "," "}"  { $$ = $2.items[0]; $$->loc = @$; }
    | "{" test ":" test comp_fors "}" {
          $$ = new_comp(ctx, AST_DICTCOMP, NULL, $5, @$);
          $$->comp.key = $2;
          $$->comp.value = $4;
      }
    | "{" tse_items "}"       { $$ = new_seq(ctx, AST_SET, $2, false, @$); }
    | "{" tse_items "," "}"   { $$ = new_seq(ctx, AST_SET, $2, false, @$); }
    | "{" test comp_fors "}"  { $$ = new_comp(ctx, AST_SETCOMP, $2, $3, @$); }
    | name
    | "INT"    { $$ = NEW(AST_INT, @1); $$->int_.value = $1->int_value; }
    | "FLOAT"  { $$ = NEW(AST_FLOAT, @1); $$->float_.value = $1->float_value; }
    | strings  { $$ = parse_strings_finish(ctx, $1); $$->loc = @$; }
    | "..."    { $$ = NEW(AST_ELLIPSIS, @1); }
    | "None"   { $$ = NEW(AST_NONE, @1); }
    | "True"   { $$ = NEW(AST_TRUE, @1); }
    | "False"  { $$ = NEW(AST_FALSE, @1); }
    ;

name : "NAME" { $$ = parse_new_name(ctx, $1); } ;

/* The dict is built in the list's first slot as entries arrive. */
dict_items
    : dict_item {
          Node *d = NEW(AST_DICT, @1);
          PUSH(d->dict.keys, $1->dict.keys.items[0]);
          PUSH(d->dict.values, $1->dict.values.items[0]);
          $$ = list_of(ctx, d);
      }
    | dict_items "," dict_item {
          $$ = $1;
          PUSH($$.items[0]->dict.keys, $3->dict.keys.items[0]);
          PUSH($$.items[0]->dict.values, $3->dict.values.items[0]);
      }
    ;

/* One entry, carried in a one-entry AST_DICT. */
dict_item
    : test ":" test  { $$ = NEW(AST_DICT, @$); PUSH($$->dict.keys, $1); PUSH($$->dict.values, $3); }
    | "**" expr      { $$ = NEW(AST_DICT, @$); PUSH($$->dict.keys, NULL); PUSH($$->dict.values, $2); }
    ;

strings
    : string_tok          { $$ = parse_strings_new(ctx, $1); }
    | strings string_tok  { $$ = $1; parse_strings_add(ctx, $$, $2); }
    ;

string_tok : "STRING" | "FSTRING" ;

comp_fors
    : comp_for                   { $$ = list_of(ctx, $1); }
    | comp_fors comp_for         { $$ = $1; PUSH($$, $2); }
    | comp_fors "if" test_nocond { $$ = $1; PUSH($$.items[$$.len - 1]->comprehension.ifs, $3); }
    ;

comp_for
    : "for" exprlist "in" or_test {
          parse_check_target(ctx, $2, TARGET_FOR);
          $$ = NEW(AST_COMPREHENSION, @1);
          $$->comprehension.target = $2;
          $$->comprehension.iter = $4;
      }
    ;

subscriptlist
    : sub_items      { $$ = seq_or_item(ctx, $1, @1); }
    | sub_items ","  { $$ = new_seq(ctx, AST_TUPLE, $1, false, @1); }
    ;

sub_items
    : subscript                { $$ = list_of(ctx, $1); }
    | sub_items "," subscript  { $$ = $1; PUSH($$, $3); }
    ;

/* The lower bound is spelled out (not an optional symbol) so that no empty rule
   has to be reduced before knowing whether a ':' follows. */
subscript
    : test
    | ":" slice_opt                      { $$ = new_slice(ctx, NULL, $2, NULL, @$); }
    | ":" slice_opt ":" slice_opt        { $$ = new_slice(ctx, NULL, $2, $4, @$); }
    | test ":" slice_opt                 { $$ = new_slice(ctx, $1, $3, NULL, @$); }
    | test ":" slice_opt ":" slice_opt   { $$ = new_slice(ctx, $1, $3, $5, @$); }
    ;

slice_opt
    : %empty  { $$ = NULL; }
    | test
    ;

arglist
    : arg_items      { $$ = $1; }
    | arg_items ","  { $$ = $1; }
    ;

arg_items
    : arg_item                { $$ = parse_args_new(ctx); parse_args_add(ctx, $$, $1); }
    | arg_items "," arg_item  { $$ = $1; parse_args_add(ctx, $$, $3); }
    ;

arg_item
    : test            { $$ = new_arg_item(ctx, ARG_POSITIONAL, $1, NULL, @$); }
    | test comp_fors  { $$ = new_arg_item(ctx, ARG_GENEXP, new_comp(ctx, AST_GENEXP, $1, $2, @$), NULL, @$); }
    | test "=" test   { $$ = new_arg_item(ctx, ARG_KEYWORD, $3, $1, @$); }
    | "*" test        {
          Node *s = NEW(AST_STARRED, @$);
          s->starred.value = $2;
          $$ = new_arg_item(ctx, ARG_STAR, s, NULL, @$);
      }
    | "**" test       { $$ = new_arg_item(ctx, ARG_DSTAR, $2, NULL, @$); }
    ;

%%

/* ---- the token stream ------------------------------------------------------------ */

/* Lexer kind -> Bison token number. Compiles only if every kind is declared above. */
static const int bison_token[TOK__COUNT] = {
#define X(kind, spelling) [kind] = P_##kind,
    TOKEN_KINDS(X)
#undef X
};

static const char *const token_spelling[TOK__COUNT] = {
#define X(kind, spelling) [kind] = spelling,
    TOKEN_KINDS(X)
#undef X
};

static bool is_block_keyword(TokenKind k) {
    switch (k) {
    case TOK_IF: case TOK_ELIF: case TOK_ELSE: case TOK_WHILE: case TOK_FOR: case TOK_TRY:
    case TOK_EXCEPT: case TOK_FINALLY: case TOK_WITH: case TOK_DEF: case TOK_CLASS: return true;
    default: return false;
    }
}

/* Reports the held-back syntax error unless something was reported since. */
static void flush_pending_error(ParseCtx *ctx) {
    if (!ctx->has_pending) return;
    ctx->has_pending = false;
    if (ctx->diag->errors == ctx->pending_errors)
        diag_error(ctx->diag, ctx->pending_loc, "%s", ctx->pending_msg);
}

static void track_brackets(ParseCtx *ctx, const Token *t) {
    if (t->kind == TOK_LPAR || t->kind == TOK_LSQB || t->kind == TOK_LBRACE) {
        if (ctx->depth < (int)(sizeof ctx->open_line / sizeof ctx->open_line[0]))
            ctx->open_line[ctx->depth] = t->loc.line;
        ctx->depth++;
    } else if ((t->kind == TOK_RPAR || t->kind == TOK_RSQB || t->kind == TOK_RBRACE) &&
               ctx->depth > 0) {
        ctx->depth--;
    }
}

static int yylex(YYSTYPE *lval, SrcLoc *lloc, ParseCtx *ctx) {
    if (ctx->start_token) {
        int t = ctx->start_token;
        ctx->start_token = 0;
        lval->tok = NULL;
        *lloc = (SrcLoc){ctx->file, 1, 1, 1};
        return t;
    }
    for (;;) {
        /* A new logical line is a new statement: its errors are reported again. */
        if (ctx->prev_was_newline) {
            flush_pending_error(ctx);
            ctx->quiet = false;
        }
        ctx->prev_was_newline = false;
        int errors = ctx->diag->errors;
        Token t = lexer_next(ctx->lexer);
        if (ctx->diag->errors != errors) ctx->quiet = true; /* the lexer reported this line */
        if (t.kind == TOK_ERROR) continue;
        if (ctx->expr_mode &&
            (t.kind == TOK_NEWLINE || t.kind == TOK_INDENT || t.kind == TOK_DEDENT))
            continue;
        /* f-string fields are lexed from a stand-in text laid out like the script */
        t.loc.file = ctx->file;
        t.body_loc.file = ctx->file;
        bool line_start = ctx->prev_kind == TOK_NEWLINE || ctx->prev_kind == TOK_INDENT ||
                          ctx->prev_kind == TOK_DEDENT;
        if (line_start) {
            ctx->line_first_kind = t.kind;
            ctx->line_first_line = t.loc.line;
        }
        /* "...:" NEWLINE ends a block header: an indented block must follow. */
        if (t.kind == TOK_NEWLINE && ctx->prev_kind == TOK_COLON &&
            is_block_keyword(ctx->line_first_kind)) {
            ctx->header_kind = ctx->line_first_kind;
            ctx->header_line = ctx->line_first_line;
        }
        ctx->before_prev_kind = ctx->prev_prev_kind;
        ctx->prev_prev_kind = ctx->prev_kind;
        ctx->prev_kind = t.kind;
        ctx->prev_was_newline = t.kind == TOK_NEWLINE;
        track_brackets(ctx, &t);
        Token *copy = ARENA_NEW(ctx->arena, Token);
        *copy = t;
        lval->tok = copy;
        *lloc = t.loc;
        return bison_token[t.kind];
    }
}

/* ---- syntax errors in Python's words ---------------------------------------------- */

static TokenKind token_of_symbol(yysymbol_kind_t sym) {
    for (int k = 0; k < TOK__COUNT; k++)
        if (YYTRANSLATE(bison_token[k]) == sym) return (TokenKind)k;
    return TOK_ERROR;
}

static const char *block_description(ParseCtx *ctx) {
    switch (ctx->header_kind) {
    case TOK_DEF: return "function definition";
    case TOK_CLASS: return "class definition";
    default: return arena_printf(ctx->arena, "'%s' statement", token_spelling[ctx->header_kind]);
    }
}

/* A syntax error on a later line than the innermost open bracket is most likely
   that bracket's fault (Python: "'(' was never closed"): hold it back. */
static void report_syntax_error(ParseCtx *ctx, SrcLoc loc, const char *msg) {
    int inner = ctx->depth - 1;
    if (inner >= 0 && inner < (int)(sizeof ctx->open_line / sizeof ctx->open_line[0]) &&
        loc.line > ctx->open_line[inner] && !ctx->has_pending) {
        ctx->has_pending = true;
        ctx->pending_loc = loc;
        ctx->pending_msg = msg;
        ctx->pending_errors = ctx->diag->errors;
        ctx->quiet = true;
        return;
    }
    parse_error(ctx, loc, "%s", msg);
}

static int yyreport_syntax_error(const yypcontext_t *yyctx, ParseCtx *ctx) {
    if (ctx->quiet) return 0;
    SrcLoc loc = *yypcontext_location(yyctx);
    TokenKind la = token_of_symbol(yypcontext_token(yyctx));
    switch (la) {
    case TOK_YIELD:
    case TOK_ASYNC:
    case TOK_AWAIT:
    case TOK_WALRUS:
        report_syntax_error(
            ctx, loc,
            arena_printf(ctx->arena, "'%s' is not supported by ingot", token_spelling[la]));
        return 0;
    case TOK_ELSE:
    case TOK_ELIF:
    case TOK_EXCEPT:
    case TOK_FINALLY:
        /* the rest of a compound statement whose header was already reported */
        if (ctx->stmt_was_error) return 0;
        break;
    default: break;
    }
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(yyctx, expected, YYNTOKENS);
    bool want_indent = false, want_colon = false;
    for (int i = 0; i < n; i++) {
        want_indent |= expected[i] == YYSYMBOL_TOK_INDENT;
        want_colon |= expected[i] == YYSYMBOL_TOK_COLON;
    }
    /* The only token that fits, if it is worth naming: "def f" -> "expected '('". */
    const char *only = n == 1 ? token_spelling[token_of_symbol(expected[0])] : "";
    bool name_only = (strlen(only) == 1 && strchr(":()[]{}=", only[0])) || !strcmp(only, "in") ||
                     !strcmp(only, "import");
    const char *msg;
    /* The INDENT of an "unexpected indent" statement is expected anywhere a statement
       may start; a block is missing only right after "header: NEWLINE". */
    if (want_indent && ctx->header_line > 0 && ctx->prev_prev_kind == TOK_NEWLINE &&
        ctx->before_prev_kind == TOK_COLON)
        msg = arena_printf(ctx->arena, "expected an indented block after %s on line %d",
                           block_description(ctx), ctx->header_line);
    else if (want_colon && (la == TOK_NEWLINE || la == TOK_EOF))
        msg = "expected ':'";
    else if (name_only)
        msg = arena_printf(ctx->arena, "expected '%s'", only);
    else if (la == TOK_EOF)
        msg = "unexpected end of file";
    else if (la == TOK_INDENT)
        msg = "unexpected indent";
    else
        msg = "invalid syntax";
    report_syntax_error(ctx, loc, msg);
    return 0;
}

/* Only Bison's own failure ("memory exhausted": the parser stack is full). */
static void yyerror(const SrcLoc *loc, ParseCtx *ctx, const char *msg) {
    diag_error(ctx->diag, *loc, "too many nested parentheses or blocks (%s)", msg);
}

/* ---- entry points --------------------------------------------------------------------- */

static Node *parse_run(ParseCtx *ctx) {
    int errors = ctx->diag->errors;
    int rc = yyparse(ctx);
    flush_pending_error(ctx);
    if (rc != 0 || ctx->diag->errors != errors) return NULL;
    return ctx->result;
}

Node *parse_file(Arena *arena, Diag *diag, const SourceFile *file) {
    /* Counted before lexer_new, which already reports a NUL byte or bad UTF-8. */
    int errors = diag->errors;
    ParseCtx ctx = {
        .arena = arena, .diag = diag, .lexer = lexer_new(arena, diag, file), .file = file,
        .start_token = P_START_FILE, .prev_kind = TOK_NEWLINE,
    };
    int rc = yyparse(&ctx);
    flush_pending_error(&ctx);
    if (ctx.result) parse_check_context(&ctx, ctx.result);
    if (rc != 0 || diag->errors != errors) return NULL;
    return ctx.result;
}

/* The field's text is lexed from a stand-in file that has it at the very same line
 * and column, wrapped in parentheses so that line breaks inside it are joined and
 * no indentation is measured: "\n\n    (a + b)\n" for "{a + b}" at 3:6. */
Node *parse_fstring_expr(ParseCtx *outer, int line, int col, const char *text, size_t n) {
    StrBuf sb;
    strbuf_init(&sb, outer->arena);
    if (col >= 2) {
        for (int i = 1; i < line; i++) strbuf_putc(&sb, '\n');
        for (int i = 1; i < col - 1; i++) strbuf_putc(&sb, ' ');
        strbuf_putc(&sb, '(');
    } else { /* the field starts a line of a triple-quoted f-string */
        for (int i = 2; i < line; i++) strbuf_putc(&sb, '\n');
        strbuf_puts(&sb, "(\n");
    }
    strbuf_putn(&sb, text, n);
    strbuf_puts(&sb, ")\n");
    SourceFile *stand_in = ARENA_NEW(outer->arena, SourceFile);
    stand_in->path = outer->file->path;
    stand_in->text = strbuf_cstr(&sb);
    stand_in->len = sb.len;
    ParseCtx ctx = {
        .arena = outer->arena,
        .diag = outer->diag,
        .lexer = lexer_new(outer->arena, outer->diag, stand_in),
        .file = outer->file,
        .start_token = P_START_EXPR,
        .expr_mode = true,
        .quiet = outer->quiet,
        .prev_kind = TOK_NEWLINE,
        .line_offsets = outer->line_offsets,
        .nlines = outer->nlines,
    };
    int errors = outer->diag->errors;
    Node *result = parse_run(&ctx);
    if (outer->diag->errors != errors) outer->quiet = true;
    return result;
}
