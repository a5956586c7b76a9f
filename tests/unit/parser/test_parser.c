/* test_parser.c — the parser (parse.h) and the AST helpers (ast.h): every construct
 * parses to the expected tree (checked through the printer and specific fields),
 * syntax errors are reported with Python's wording at the exact place, and the
 * printer/ast_equal behave on hand-built trees. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "diag_capture.h"
#include "parse.h"

static DiagCapture cap;

static void setup(void) { diag_capture_open(&cap); }
static void teardown(void) { diag_capture_close(&cap); }

TestSuite(parser, .init = setup, .fini = teardown);
TestSuite(ast, .init = setup, .fini = teardown);

static Node *parse(const char *src) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", src);
    return parse_file(cap.arena, &cap.diag, f);
}

static Node *parse_ok(const char *src) {
    Node *m = parse(src);
    fflush(cap.out);
    cr_assert(m != NULL, "unexpected error for:\n%s\n%s", src, cap.text ? cap.text : "");
    cr_assert(eq(int, cap.diag.errors, 0));
    return m;
}

/* The module printed, in cap.arena. */
static const char *print_module(const Node *m) { return ast_module_to_source(cap.arena, m); }

/* Parses src, prints it, and checks the text; the printed text must parse back to
 * an equal tree. */
static void check_print(const char *src, const char *expected) {
    Node *m = parse_ok(src);
    const char *out = print_module(m);
    cr_assert(eq(str, (char *)out, (char *)expected), "source:\n%s", src);
    Node *again = parse_ok(out);
    cr_assert(ast_equal(m, again), "re-parsed tree differs for:\n%s", out);
}

/* The first line of the diagnostics for src, which must fail to parse. */
static const char *first_error(const char *src) {
    fflush(cap.out);
    size_t start = cap.len;
    Node *m = parse(src);
    const char *text = diag_capture_since(&cap, start);
    cr_assert(m == NULL, "expected an error for:\n%s", src);
    cr_assert(text[0] != '\0', "no diagnostic for:\n%s", src);
    const char *nl = strchr(text, '\n');
    return arena_strndup(cap.arena, text, nl ? (size_t)(nl - text) : strlen(text));
}

static void check_error(const char *src, const char *expected) {
    const char *got = first_error(src);
    cr_assert(eq(str, (char *)got, (char *)expected), "source:\n%s", src);
}

static Node *first_stmt(const Node *m) {
    cr_assert(m->module.body.len >= 1);
    return m->module.body.items[0];
}

/* The value of "x = <expr>" or of an expression statement. */
static Node *expr_of(const char *src) {
    Node *s = first_stmt(parse_ok(src));
    if (s->kind == AST_ASSIGN) return s->assign.value;
    cr_assert(eq(int, s->kind, AST_EXPR_STMT));
    return s->expr_stmt.value;
}

/* ---- statements ------------------------------------------------------------------- */

Test(parser, simple_statements) {
    check_print("x = 1\n", "x = 1\n");
    check_print("a = b = c\n", "a = b = c\n");
    check_print("a, *b = c\n", "a, *b = c\n");
    check_print("[a, b] = x\n", "[a, b] = x\n");
    check_print("x.y[0] = 1\n", "x.y[0] = 1\n");
    check_print("x += 1; y //= 2; z @= w;\n", "x += 1\ny //= 2\nz @= w\n");
    check_print("x: int = 3\ny: 'T'\n", "x: int = 3\ny: 'T'\n");
    check_print("del a, b[0], (c, d)\n", "del a, b[0], (c, d)\n");
    check_print("pass\n", "pass\n");
    check_print("assert x, 'm'\n", "assert x, 'm'\n");
    check_print("import a.b as c, d\n", "import a.b as c, d\n");
    check_print("from ..a.b import (x as y, z,)\n", "from ..a.b import x as y, z\n");
    check_print("from . import x\nfrom ... import y\nfrom m import *\n",
                "from . import x\nfrom ... import y\nfrom m import *\n");
}

Test(parser, assignment_fields) {
    Node *s = first_stmt(parse_ok("a = b, c = 1, 2\n"));
    cr_assert(eq(int, s->kind, AST_ASSIGN));
    cr_assert(eq(int, s->assign.targets.len, 2));
    cr_assert(eq(int, s->assign.targets.items[0]->kind, AST_NAME));
    cr_assert(eq(int, s->assign.targets.items[1]->kind, AST_TUPLE));
    cr_assert(eq(int, s->assign.value->kind, AST_TUPLE));
    cr_assert(eq(int, s->assign.value->seq.elts.len, 2));

    s = first_stmt(parse_ok("x **= 2\n"));
    cr_assert(eq(int, s->kind, AST_AUGASSIGN));
    cr_assert(eq(int, s->augassign.op, BIN_POW));

    s = first_stmt(parse_ok("from ..a.b import x as y\n"));
    cr_assert(eq(int, s->kind, AST_IMPORT_FROM));
    cr_assert(eq(str, (char *)s->import_from.module, "a.b"));
    cr_assert(eq(int, s->import_from.level, 2));
    cr_assert(eq(str, (char *)s->import_from.names.items[0]->alias.asname, "y"));

    s = first_stmt(parse_ok("from . import x\n"));
    cr_assert(s->import_from.module == NULL);
    cr_assert(eq(int, s->import_from.level, 1));
}

Test(parser, compound_statements) {
    check_print("if a:\n    x\nelif b:\n    y\nelse:\n    z\n",
                "if a:\n    x\nelif b:\n    y\nelse:\n    z\n");
    check_print("if a: x = 1\n", "if a:\n    x = 1\n");
    check_print("while x:\n    break\nelse:\n    pass\n", "while x:\n    break\nelse:\n    pass\n");
    check_print("for i, (j, k) in z:\n    continue\nelse:\n    pass\n",
                "for i, (j, k) in z:\n    continue\nelse:\n    pass\n");
    check_print("with a as b, c as (d, e), f:\n    pass\n",
                "with a as b, c as (d, e), f:\n    pass\n");
    check_print("try:\n    a\nexcept E as e:\n    raise X from e\nexcept (A, B):\n    "
                "raise\nexcept:\n    pass\n"
                "else:\n    b\nfinally:\n    c\n",
                "try:\n    a\nexcept E as e:\n    raise X from e\nexcept (A, B):\n    "
                "raise\nexcept:\n    pass\n"
                "else:\n    b\nfinally:\n    c\n");
    check_print("try:\n    pass\nfinally:\n    pass\n", "try:\n    pass\nfinally:\n    pass\n");
}

Test(parser, elif_is_nested_if) {
    Node *s = first_stmt(parse_ok("if a:\n    x\nelif b:\n    y\nelse:\n    z\n"));
    cr_assert(eq(int, s->if_.orelse.len, 1));
    Node *elif = s->if_.orelse.items[0];
    cr_assert(eq(int, elif->kind, AST_IF));
    cr_assert(eq(int, elif->loc.line, 3));
    cr_assert(eq(int, elif->if_.orelse.len, 1));
    cr_assert(eq(int, elif->if_.orelse.items[0]->kind, AST_EXPR_STMT));
}

Test(parser, function_definitions) {
    check_print("def f(a, b: int = 2, *args, c, d=4, **kw) -> 'r':\n    return a\n",
                "def f(a, b: int = 2, *args, c, d=4, **kw) -> 'r':\n    return a\n");
    check_print("def g(*, k):\n    global x\n    return\n",
                "def g(*, k):\n    global x\n    return\n");
    check_print("@dec\n@dec2(1)\ndef f(a,):\n    pass\n", "@dec\n@dec2(1)\ndef f(a):\n    pass\n");
    check_print("def f():\n    def g():\n        nonlocal x\n    return g\n",
                "def f():\n    def g():\n        nonlocal x\n    return g\n");

    Node *s = first_stmt(parse_ok("@d\ndef f(a, b=1, *c, d, e=2, **g) -> int:\n    pass\n"));
    cr_assert(eq(int, s->kind, AST_FUNCDEF));
    cr_assert(eq(int, s->loc.line, 2)); /* the 'def', not the decorator */
    cr_assert(eq(str, (char *)s->funcdef.name, "f"));
    cr_assert(eq(int, s->funcdef.decorators.len, 1));
    const Params *p = &s->funcdef.params;
    cr_assert(eq(int, p->args.len, 2));
    cr_assert(p->args.items[0]->arg.default_ == NULL);
    cr_assert(eq(int, p->args.items[1]->arg.default_->int_.value, 1));
    cr_assert(eq(str, (char *)p->vararg->arg.name, "c"));
    cr_assert(eq(int, p->kwonly.len, 2));
    cr_assert(p->kwonly.items[0]->arg.default_ == NULL);
    cr_assert(eq(str, (char *)p->kwarg->arg.name, "g"));
    cr_assert(eq(int, s->funcdef.returns->kind, AST_NAME));
}

Test(parser, class_definitions) {
    check_print("class C:\n    pass\n", "class C:\n    pass\n");
    check_print("class C():\n    pass\n", "class C:\n    pass\n");
    check_print(
        "@d\nclass C(A, B, metaclass=M, **kw):\n    x = 1\n    def f(self): pass\n",
        "@d\nclass C(A, B, metaclass=M, **kw):\n    x = 1\n    def f(self):\n        pass\n");
    Node *s = first_stmt(parse_ok("class C(A, *bs, k=1):\n    pass\n"));
    cr_assert(eq(int, s->classdef.bases.len, 2));
    cr_assert(eq(int, s->classdef.bases.items[1]->kind, AST_STARRED));
    cr_assert(eq(int, s->classdef.keywords.len, 1));
    cr_assert(eq(str, (char *)s->classdef.keywords.items[0]->keyword.name, "k"));
}

/* ---- expressions ------------------------------------------------------------------ */

Test(parser, precedence) {
    check_print("a or b and not c\n", "a or b and not c\n");
    check_print("(a or b) and c\n", "(a or b) and c\n");
    check_print("not a == b\n", "not a == b\n");
    check_print("(not a) == b\n", "(not a) == b\n");
    check_print("a | b ^ c & d << e + f * g ** h\n", "a | b ^ c & d << e + f * g ** h\n");
    check_print("((a | b) ^ c) & d\n", "((a | b) ^ c) & d\n");
    check_print("(a | (b ^ c)) & d\n", "(a | b ^ c) & d\n");
    check_print("a - (b - c)\n", "a - (b - c)\n");
    check_print("(a - b) - c\n", "a - b - c\n");
    check_print("a ** b ** c\n", "a ** b ** c\n");
    check_print("(a ** b) ** c\n", "(a ** b) ** c\n");
    check_print("-(x ** 2)\n", "-x ** 2\n");
    check_print("(-x) ** 2\n", "(-x) ** 2\n");
    check_print("2 ** -x\n", "2 ** -x\n");
    check_print("x @ y @ z\n", "x @ y @ z\n");
    check_print("a if b else c if d else e\n", "a if b else c if d else e\n");
    check_print("(a if b else c) if d else e\n", "(a if b else c) if d else e\n");
    check_print("(lambda: 1) + 2\n", "(lambda: 1) + 2\n");
    check_print("f((a, b))[(c, d)]\n", "f((a, b))[c, d]\n");
}

Test(parser, power_binds_tighter_than_unary) {
    Node *e = expr_of("-x ** 2\n");
    cr_assert(eq(int, e->kind, AST_UNARYOP));
    cr_assert(eq(int, e->unaryop.op, UNARY_NEG));
    cr_assert(eq(int, e->unaryop.operand->kind, AST_BINOP));
    cr_assert(eq(int, e->unaryop.operand->binop.op, BIN_POW));
}

Test(parser, chained_comparison) {
    Node *e = expr_of("a < b <= c is not d not in e\n");
    cr_assert(eq(int, e->kind, AST_COMPARE));
    cr_assert(eq(int, e->compare.comparators.len, 4));
    cr_assert(eq(int, e->compare.ops[0], CMP_LT));
    cr_assert(eq(int, e->compare.ops[1], CMP_LE));
    cr_assert(eq(int, e->compare.ops[2], CMP_IS_NOT));
    cr_assert(eq(int, e->compare.ops[3], CMP_NOT_IN));
    /* a parenthesized comparison is an operand, not part of the chain */
    e = expr_of("(a < b) < c\n");
    cr_assert(eq(int, e->compare.comparators.len, 1));
    cr_assert(eq(int, e->compare.left->kind, AST_COMPARE));
    check_print("(a < b) < c\n", "(a < b) < c\n");
}

Test(parser, boolop_is_flat) {
    Node *e = expr_of("a or b or c\n");
    cr_assert(eq(int, e->kind, AST_BOOLOP));
    cr_assert(eq(int, e->boolop.values.len, 3));
    e = expr_of("(a or b) or c\n");
    cr_assert(eq(int, e->boolop.values.len, 2));
}

Test(parser, slices) {
    Node *e = expr_of("x[1:, ::2, None, ..., 0]\n");
    cr_assert(eq(int, e->kind, AST_SUBSCRIPT));
    Node *t = e->subscript.slice;
    cr_assert(eq(int, t->kind, AST_TUPLE));
    cr_assert(eq(int, t->seq.elts.len, 5));
    Node *s0 = t->seq.elts.items[0];
    cr_assert(eq(int, s0->kind, AST_SLICE));
    cr_assert(eq(int, s0->slice.lower->int_.value, 1));
    cr_assert(s0->slice.upper == NULL && s0->slice.step == NULL);
    Node *s1 = t->seq.elts.items[1];
    cr_assert(s1->slice.lower == NULL && s1->slice.upper == NULL);
    cr_assert(eq(int, s1->slice.step->int_.value, 2));
    cr_assert(eq(int, t->seq.elts.items[2]->kind, AST_NONE));
    cr_assert(eq(int, t->seq.elts.items[3]->kind, AST_ELLIPSIS));
    cr_assert(eq(int, t->seq.elts.items[4]->kind, AST_INT));
    check_print("x[1:, ::2, None, ..., 0]\n", "x[1:, ::2, None, ..., 0]\n");
    check_print("x[a:b:c, :]\nx[a,]\nx[()]\nx[::]\n", "x[a:b:c, :]\nx[a,]\nx[()]\nx[:]\n");
}

Test(parser, calls) {
    check_print("f(1, *a, k=2, *b, **c)\n", "f(1, *a, *b, k=2, **c)\n");
    check_print("f(x for x in y)\n", "f(x for x in y)\n");
    check_print("f((x for x in y), 1)\n", "f((x for x in y), 1)\n");
    check_print("f(a,)\n", "f(a)\n");
    Node *e = expr_of("f(1, *a, k=2, **c)\n");
    cr_assert(eq(int, e->kind, AST_CALL));
    cr_assert(eq(int, e->call.args.len, 2));
    cr_assert(eq(int, e->call.args.items[1]->kind, AST_STARRED));
    cr_assert(eq(int, e->call.keywords.len, 2));
    cr_assert(eq(str, (char *)e->call.keywords.items[0]->keyword.name, "k"));
    cr_assert(e->call.keywords.items[1]->keyword.name == NULL);
    e = expr_of("f(x for x in y)\n");
    cr_assert(eq(int, e->call.args.len, 1));
    cr_assert(eq(int, e->call.args.items[0]->kind, AST_GENEXP));
}

Test(parser, lambda) {
    check_print("f = lambda x, y=1, *a, k, **kw: x\n", "f = lambda x, y=1, *a, k, **kw: x\n");
    check_print("f = lambda: 0\n", "f = lambda: 0\n");
    check_print("f = lambda *, k: k\n", "f = lambda *, k: k\n");
    Node *e = expr_of("lambda x, *, k=1: x\n");
    cr_assert(eq(int, e->kind, AST_LAMBDA));
    cr_assert(eq(int, e->lambda.params.args.len, 1));
    cr_assert(eq(int, e->lambda.params.kwonly.len, 1));
}

Test(parser, displays_and_comprehensions) {
    check_print("x = (), (1,), [], [1, 2,], {}, {1: 2, **m}, {1, *s}\n",
                "x = (), (1,), [], [1, 2], {}, {1: 2, **m}, {1, *s}\n");
    check_print("x = [a for b in c if d if e for f in g]\n",
                "x = [a for b in c if d if e for f in g]\n");
    check_print("x = {k: v for k, v in d}\n", "x = {k: v for k, v in d}\n");
    check_print("x = {a for a in b}\n", "x = {a for a in b}\n");
    check_print("x = (a for a in (b if c else d))\n", "x = (a for a in (b if c else d))\n");
    Node *e = expr_of("[a for b in c if d if e for f in g]\n");
    cr_assert(eq(int, e->kind, AST_LISTCOMP));
    cr_assert(eq(int, e->comp.generators.len, 2));
    cr_assert(eq(int, e->comp.generators.items[0]->comprehension.ifs.len, 2));
    cr_assert(eq(int, e->comp.generators.items[1]->comprehension.ifs.len, 0));
    e = expr_of("{1: 2, **m}\n");
    cr_assert(eq(int, e->kind, AST_DICT));
    cr_assert(e->dict.keys.items[1] == NULL);
}

Test(parser, numbers) {
    check_print("x = 1_000, 0x1f, 0o17, 0b11\n", "x = 1000, 31, 15, 3\n");
    check_print("x = 1.5, 1e16, 1e-5, 0.1, 100.0, 3., .5, 1e309, 5e-324\n",
                "x = 1.5, 1e+16, 1e-05, 0.1, 100.0, 3.0, 0.5, 1e309, 5e-324\n");
    check_print("x = (1).real, 1.5.real\n", "x = (1).real, 1.5.real\n");
}

Test(parser, strings) {
    check_print("s = 'a' \"b\" '''c'''\n", "s = 'abc'\n");
    check_print("s = \"it's\"\n", "s = \"it's\"\n");
    check_print("s = 'say \"hi\"'\n", "s = 'say \"hi\"'\n");
    check_print("s = 'both \\' and \"'\n", "s = 'both \\' and \"'\n");
    check_print("s = 'tab\\t\\x00\\x7f\\u00e9'\n", "s = 'tab\\t\\x00\\x7f\xc3\xa9'\n");
    check_print("b = b'\\x00\\xff' b'q'\n", "b = b'\\x00\\xffq'\n");
    check_print("s = r'\\d'\n", "s = '\\\\d'\n");
    Node *e = expr_of("'a\\x00b'\n");
    cr_assert(eq(int, e->kind, AST_STR));
    cr_assert(eq(sz, e->str.len, 3));
    cr_assert(e->str.value[1] == '\0');
}

Test(parser, fstrings) {
    check_print("s = f'{x!r:>{w}.{p}} {{lit}}'\n", "s = f'{x!r:>{w}.{p}} {{lit}}'\n");
    check_print("s = 'a' f'{b}' 'c'\n", "s = f'a{b}c'\n");
    check_print("s = f\"{'in'}\"\n", "s = f\"{'in'}\"\n");
    check_print("s = f'{ {1: 2}[1]}'\n", "s = f'{ {1: 2}[1]}'\n");
    check_print("s = f'{(lambda: 1)()}' f'{a, b}'\n", "s = f'{(lambda: 1)()}{(a, b)}'\n");
    check_print("s = f'{x=}'\n", "s = f'x={x!r}'\n");
    check_print("s = f'{x!=y}'\n", "s = f'{x != y}'\n");
    check_print("s = rf'\\d{x}'\n", "s = f'\\\\d{x}'\n");

    Node *e = expr_of("f'a{x!r:>{w}}b' 'c'\n");
    cr_assert(eq(int, e->kind, AST_FSTRING));
    cr_assert(eq(int, e->fstring.values.len, 3));
    cr_assert(eq(int, e->fstring.values.items[0]->kind, AST_STR));
    Node *field = e->fstring.values.items[1];
    cr_assert(eq(int, field->kind, AST_FORMATTED));
    cr_assert(eq(int, field->formatted.conversion, CONV_REPR));
    cr_assert(eq(str, (char *)field->formatted.value->name.id, "x"));
    cr_assert(eq(int, field->formatted.format_spec->kind, AST_FSTRING));
    cr_assert(eq(int, field->formatted.format_spec->fstring.values.len, 2));
    Node *tail = e->fstring.values.items[2];
    cr_assert(eq(int, (int)tail->str.len, 2)); /* "b" and "c" merged */
    cr_assert(eq(int, memcmp(tail->str.value, "bc", 2), 0));
}

Test(parser, fstring_locations_are_exact) {
    Node *e = expr_of("x = f'''ab\n  {foo +\n bar}'''\n");
    Node *field = e->fstring.values.items[1];
    Node *sum = field->formatted.value;
    cr_assert(eq(int, sum->kind, AST_BINOP));
    cr_assert(eq(int, sum->binop.left->loc.line, 2));
    cr_assert(eq(int, sum->binop.left->loc.col, 4));
    cr_assert(eq(int, sum->binop.right->loc.line, 3));
    cr_assert(eq(int, sum->binop.right->loc.col, 2));
}

Test(parser, locations) {
    Node *s = first_stmt(parse_ok("x = foo(1,\n        2) + y\n"));
    Node *v = s->assign.value;
    cr_assert(eq(int, v->kind, AST_BINOP));
    cr_assert(eq(int, v->loc.line, 1));
    cr_assert(eq(int, v->loc.col, 5));
    cr_assert(eq(int, v->loc.len, 6)); /* to the end of line 1 */
    Node *call = v->binop.left;
    cr_assert(eq(int, call->loc.col, 5));
    s = first_stmt(parse_ok("  \nx = a.b[c]\n"));
    cr_assert(eq(int, s->assign.value->loc.line, 2));
    cr_assert(eq(int, s->assign.value->loc.col, 5));
    cr_assert(eq(int, s->assign.value->loc.len, 6));
}

/* ---- syntax errors ---------------------------------------------------------------- */

Test(parser, error_expected_colon) {
    check_error("def f(x)\n    return x\n", "t.py:1:9: error: expected ':'");
    check_error("if x\n    pass\n", "t.py:1:5: error: expected ':'");
}

Test(parser, error_expected_indented_block) {
    check_error("if x:\npass\n",
                "t.py:2:1: error: expected an indented block after 'if' statement on line 1");
    check_error("def f():\n    for x in y:\n    pass\n",
                "t.py:3:5: error: expected an indented block after 'for' statement on line 2");
    check_error("class C:\nx = 1\n",
                "t.py:2:1: error: expected an indented block after class definition on line 1");
    check_error("def f(a):\nreturn a\n",
                "t.py:2:1: error: expected an indented block after function definition on line 1");
}

Test(parser, error_unexpected_indent) {
    check_error("x = 1\n    y = 2\n", "t.py:2:5: error: unexpected indent");
}

Test(parser, error_invalid_syntax) {
    check_error("x = = 1\n", "t.py:1:5: error: invalid syntax");
    check_error("print x\n", "t.py:1:7: error: invalid syntax");
    check_error("x = 1\nelse:\n    pass\n", "t.py:2:1: error: invalid syntax");
    check_error("def f\n", "t.py:1:6: error: expected '('");
}

Test(parser, error_assignment_targets) {
    check_error("f() = 1\n", "t.py:1:1: error: cannot assign to function call");
    check_error("x, 1 = y\n", "t.py:1:4: error: cannot assign to literal");
    check_error("a + b = 1\n", "t.py:1:1: error: cannot assign to expression");
    check_error("for a < b in c:\n    pass\n", "t.py:1:7: error: invalid syntax");
    check_error("for f() in c:\n    pass\n", "t.py:1:5: error: cannot assign to function call");
    check_error("None = 1\n", "t.py:1:1: error: cannot assign to None");
    check_error("del f()\n", "t.py:1:5: error: cannot delete function call");
    check_error("a, *b, *c = d\n", "t.py:1:8: error: multiple starred expressions in assignment");
    check_error(
        "f() += 1\n",
        "t.py:1:1: error: 'function call' is an illegal expression for augmented assignment");
    check_error("a, b: int\n", "t.py:1:1: error: only single target (not tuple) can be annotated");
    check_error("[x for x in y] = 1\n", "t.py:1:1: error: cannot assign to list comprehension");
    check_error("x = *a\n", "t.py:1:5: error: can't use starred expression here");
}

Test(parser, error_arguments) {
    check_error("f(a=1, 2)\n", "t.py:1:8: error: positional argument follows keyword argument");
    check_error("f(**a, b)\n",
                "t.py:1:8: error: positional argument follows keyword argument unpacking");
    check_error("f(x for x in y, 1)\n",
                "t.py:1:3: error: generator expression must be parenthesized");
    check_error("f(a=1, a=2)\n", "t.py:1:8: error: keyword argument repeated: a");
    check_error("def f(a=1, b):\n    pass\n",
                "t.py:1:12: error: non-default argument follows default argument");
    check_error("def f(x, y, x):\n    pass\n",
                "t.py:1:13: error: duplicate argument 'x' in function definition");
    check_error("def f(*):\n    pass\n", "t.py:1:7: error: named arguments must follow bare *");
    check_error("g = lambda a, a: 0\n",
                "t.py:1:15: error: duplicate argument 'a' in function definition");
}

Test(parser, error_context) {
    check_error("return 1\n", "t.py:1:1: error: 'return' outside function");
    check_error("class C:\n    return\n", "t.py:2:5: error: 'return' outside function");
    check_error("break\n", "t.py:1:1: error: 'break' outside loop");
    check_error("while x:\n    def f():\n        continue\n",
                "t.py:3:9: error: 'continue' not properly in loop");
    check_error("nonlocal x\n",
                "t.py:1:1: error: nonlocal declaration not allowed at module level");
    check_error("try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n",
                "t.py:3:1: error: default 'except:' must be last");
}

Test(parser, error_unsupported) {
    check_error("def f():\n    yield 1\n", "t.py:2:5: error: 'yield' is not supported by ingot");
    check_error("async def f():\n    pass\n", "t.py:1:1: error: 'async' is not supported by ingot");
    check_error("def f():\n    await g()\n", "t.py:2:5: error: 'await' is not supported by ingot");
    check_error("if (n := 10) > 5:\n    pass\n", "t.py:1:7: error: ':=' is not supported by ingot");
}

Test(parser, error_strings) {
    check_error("x = 'a' b'b'\n", "t.py:1:9: error: cannot mix bytes and nonbytes literals");
    check_error("x = f'{}'\n", "t.py:1:7: error: f-string: empty expression not allowed");
    check_error(
        "x = f'{a!z}'\n",
        "t.py:1:10: error: f-string: invalid conversion character: expected 's', 'r', or 'a'");
    check_error("x = f'{a b}'\n", "t.py:1:10: error: invalid syntax");
    check_error("x = f'a}'\n", "t.py:1:8: error: f-string: single '}' is not allowed");
    check_error("x = f'{a'\n", "t.py:1:7: error: f-string: expecting '}'");
}

/* Several bad statements: one error each, nothing in between. */
Test(parser, error_recovery_reports_each_statement_once) {
    Node *m = parse("x = = 1\ny = 2\nz = (1 +)\nif a b:\n    c = 1\nelse:\n    d = 2\nf() = 3\n");
    fflush(cap.out);
    cr_assert(m == NULL);
    cr_assert(eq(int, cap.diag.errors, 4), "%s", cap.text);
    cr_assert(strstr(cap.text, "t.py:1:5: error: invalid syntax") != NULL);
    cr_assert(strstr(cap.text, "t.py:3:9: error: invalid syntax") != NULL);
    cr_assert(strstr(cap.text, "t.py:4:6: error: invalid syntax") != NULL);
    cr_assert(strstr(cap.text, "t.py:8:1: error: cannot assign to function call") != NULL);
}

/* An unclosed bracket swallows the next lines; the lexer's message names the cause. */
Test(parser, error_unclosed_bracket_wins) {
    Node *m = parse("x = [1, 2\ny = 3\n");
    fflush(cap.out);
    cr_assert(m == NULL);
    cr_assert(eq(int, cap.diag.errors, 1), "%s", cap.text);
    cr_assert(strstr(cap.text, "t.py:1:5: error: '[' was never closed") == cap.text, "%s",
              cap.text);
    /* closed later: the held-back syntax error is reported after all */
    check_error("x = f(1,\n      2 3)\n", "t.py:2:9: error: invalid syntax");
}

Test(parser, error_in_block_body_after_bad_header) {
    Node *m = parse("def f(x y):\n    return )\n");
    fflush(cap.out);
    cr_assert(m == NULL);
    /* the header's error, then the body is still parsed and its own error found */
    cr_assert(eq(int, cap.diag.errors, 2), "%s", cap.text);
    cr_assert(strstr(cap.text, "t.py:1:9: error: invalid syntax") != NULL);
}

/* ---- the AST helpers on hand-built trees --------------------------------------------- */

static Node *name(const char *id) {
    Node *n = ast_new(cap.arena, AST_NAME, (SrcLoc){0});
    n->name.id = arena_intern_cstr(cap.arena, id);
    return n;
}

static Node *num(int64_t v) {
    Node *n = ast_new(cap.arena, AST_INT, (SrcLoc){0});
    n->int_.value = v;
    return n;
}

static Node *flt(double v) {
    Node *n = ast_new(cap.arena, AST_FLOAT, (SrcLoc){0});
    n->float_.value = v;
    return n;
}

static Node *bin(Node *l, BinOp op, Node *r) {
    Node *n = ast_new(cap.arena, AST_BINOP, (SrcLoc){0});
    n->binop.left = l;
    n->binop.op = op;
    n->binop.right = r;
    return n;
}

static Node *unary(UnaryOp op, Node *x) {
    Node *n = ast_new(cap.arena, AST_UNARYOP, (SrcLoc){0});
    n->unaryop.op = op;
    n->unaryop.operand = x;
    return n;
}

static Node *str(const char *s) {
    Node *n = ast_new(cap.arena, AST_STR, (SrcLoc){0});
    n->str.value = s;
    n->str.len = strlen(s);
    return n;
}

static const char *src(const Node *e) { return ast_expr_to_source(cap.arena, e); }

Test(ast, printer_parenthesizes_by_precedence) {
    cr_assert(eq(str, (char *)src(unary(UNARY_NEG, bin(name("x"), BIN_POW, num(2)))), "-x ** 2"));
    cr_assert(eq(str, (char *)src(bin(unary(UNARY_NEG, name("x")), BIN_POW, num(2))), "(-x) ** 2"));
    cr_assert(eq(str, (char *)src(bin(name("a"), BIN_MUL, bin(name("b"), BIN_ADD, name("c")))),
                 "a * (b + c)"));
    cr_assert(eq(str, (char *)src(bin(bin(name("a"), BIN_SUB, name("b")), BIN_SUB, name("c"))),
                 "a - b - c"));
    cr_assert(eq(str, (char *)src(bin(name("a"), BIN_SUB, bin(name("b"), BIN_SUB, name("c")))),
                 "a - (b - c)"));
    Node *attr = ast_new(cap.arena, AST_ATTRIBUTE, (SrcLoc){0});
    attr->attribute.value = bin(name("a"), BIN_ADD, name("b"));
    attr->attribute.attr = "shape";
    cr_assert(eq(str, (char *)src(attr), "(a + b).shape"));
}

Test(ast, printer_floats_like_repr) {
    struct { double v; const char *text; } cases[] = {
        {1.0, "1.0"}, {0.1, "0.1"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"},
        {1e-5, "1e-05"}, {0.0001, "0.0001"}, {1.5e300, "1.5e+300"}, {123.456, "123.456"},
        {INFINITY, "1e309"}, {5e-324, "5e-324"}, {2.5, "2.5"}, {1.0 / 3, "0.3333333333333333"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert(eq(str, (char *)src(flt(cases[i].v)), (char *)cases[i].text));
}

Test(ast, printer_strings_like_repr) {
    cr_assert(eq(str, (char *)src(str("plain")), "'plain'"));
    cr_assert(eq(str, (char *)src(str("it's")), "\"it's\""));
    cr_assert(eq(str, (char *)src(str("'\"")), "'\\'\"'"));
    cr_assert(eq(str, (char *)src(str("a\nb\t\\\x01")), "'a\\nb\\t\\\\\\x01'"));
}

Test(ast, equal_ignores_locations_only) {
    Node *a = bin(name("x"), BIN_ADD, num(1));
    Node *b = bin(name("x"), BIN_ADD, num(1));
    b->loc = (SrcLoc){NULL, 3, 4, 5};
    cr_assert(ast_equal(a, b));
    cr_assert(not(ast_equal(a, bin(name("x"), BIN_SUB, num(1)))));
    cr_assert(not(ast_equal(a, bin(name("y"), BIN_ADD, num(1)))));
    cr_assert(not(ast_equal(a, bin(name("x"), BIN_ADD, num(2)))));
    cr_assert(not(ast_equal(flt(0.0), flt(-0.0))));
    cr_assert(not(ast_equal(str("ab"), str("abc"))));
}

Test(ast, names_and_predicates) {
    cr_assert(eq(str, (char *)ast_kind_name(AST_FUNCDEF), "AST_FUNCDEF"));
    cr_assert(eq(str, (char *)ast_binop_symbol(BIN_FLOORDIV), "//"));
    cr_assert(eq(str, (char *)ast_cmpop_symbol(CMP_NOT_IN), "not in"));
    cr_assert(eq(str, (char *)ast_unaryop_symbol(UNARY_INVERT), "~"));
    cr_assert(ast_is_expression(name("x")));
    cr_assert(not(ast_is_statement(name("x"))));
    Node *p = ast_new(cap.arena, AST_PASS, (SrcLoc){0});
    cr_assert(ast_is_statement(p));
    cr_assert(not(ast_is_expression(p)));
}

Test(ast, nodelist_grows) {
    NodeList l = {0};
    for (int i = 0; i < 100; i++) nodelist_push(cap.arena, &l, num(i));
    cr_assert(eq(int, l.len, 100));
    cr_assert(eq(i64, l.items[99]->int_.value, 99));
}
