%{
/* parser.y — not written yet. */
#include "parse.h"
static int yylex(void) { return 0; }
static void yyerror(const char *s) { (void)s; }
%}
%%
module: %empty ;
%%
