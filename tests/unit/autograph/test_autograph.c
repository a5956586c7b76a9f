/* test_autograph.c — the AutoGraph conversion (compiler/autograph): for each
 * construct, a small source in and the exact converted text out (ast_print), plus
 * the properties every conversion keeps: the input is untouched, converted defs
 * point at their originals, generated code carries the user's locations, and every
 * script of the tree converts to text that re-parses to the same tree. */
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "ast.h"
#include "autograph.h"
#include "diag.h"
#include "diag_capture.h"
#include "parse.h"

static DiagCapture cap;

static void setup(void) { diag_capture_open(&cap); }
static void teardown(void) { diag_capture_close(&cap); }

TestSuite(autograph, .init = setup, .fini = teardown);

static Node *parse_ok(const char *src) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", src);
    Node *m = parse_file(cap.arena, &cap.diag, f);
    fflush(cap.out);
    cr_assert(m != NULL, "unexpected parse error for:\n%s\n%s", src, cap.text ? cap.text : "");
    return m;
}

/* The module printed, in cap.arena. */
static const char *print_module(const Node *m) { return ast_module_to_source(cap.arena, m); }

static Node *convert_ok(const Node *m) {
    Node *c = autograph_convert_module(cap.arena, &cap.diag, m);
    fflush(cap.out);
    cr_assert(c != NULL, "conversion failed:\n%s", cap.text ? cap.text : "");
    cr_assert(eq(int, cap.diag.errors, 0));
    return c;
}

/* Converts src and compares the printed result with expected; the printed text
 * must re-parse to a tree equal to the converted one. */
static void check_convert(const char *src, const char *expected) {
    Node *converted = convert_ok(parse_ok(src));
    const char *out = print_module(converted);
    cr_assert(eq(str, (char *)out, (char *)expected), "source:\n%s", src);
    cr_assert(ast_equal(converted, parse_ok(out)), "re-parsed tree differs for:\n%s", out);
}

static const Node *stmt_at(const Node *module, int i) {
    cr_assert(i < module->module.body.len);
    return module->module.body.items[i];
}

/* ---- properties of one conversion ------------------------------------------------------ */

Test(autograph, input_untouched_and_defs_keep_their_original) {
    const char *src = "def f(x):\n"
                      "    def g(y):\n"
                      "        return y and x\n"
                      "    while x > 0:\n"
                      "        x -= 1\n"
                      "    return g(x)\n";
    Node *m = parse_ok(src);
    const char *before = print_module(m);
    Node *converted = convert_ok(m);
    cr_assert(eq(str, (char *)print_module(m), (char *)before), "the input tree was modified");
    cr_assert(ast_equal(m, parse_ok(src)));

    const Node *f = stmt_at(m, 0);
    const Node *g = f->funcdef.body.items[0];
    const Node *cf = autograph_find_converted(converted, f);
    const Node *cg = autograph_find_converted(converted, g);
    cr_assert(cf == stmt_at(converted, 0));
    cr_assert(cf->funcdef.original == f);
    cr_assert(cg != NULL && cg->kind == AST_FUNCDEF && cg->funcdef.original == g);
    cr_assert(eq(str, (char *)cg->funcdef.name, "g"));
    /* Generated helpers have no original, and a def of another tree is not found. */
    cr_assert(autograph_find_converted(converted, stmt_at(parse_ok(src), 0)) == NULL);
    const Node *helper = cf->funcdef.body.items[1];
    cr_assert(eq(str, (char *)helper->funcdef.name, "get_state"));
    cr_assert(helper->funcdef.original == NULL);
}

Test(autograph, generated_code_carries_the_user_locations) {
    const char *src = "def f(x):\n"
                      "    y = 0\n"
                      "    if x > 1:\n"
                      "        y = 2\n"
                      "    return y\n";
    Node *converted = convert_ok(parse_ok(src));
    const Node *f = stmt_at(converted, 0);
    /* y = 0, get_state, set_state, if_body, else_body, ag__.if_stmt(...), return y */
    cr_assert(eq(int, f->funcdef.body.len, 7));
    for (int i = 1; i <= 5; i++) {
        const Node *st = f->funcdef.body.items[i];
        cr_assert(eq(int, st->loc.line, 3), "statement %d is at line %d", i, st->loc.line);
        cr_assert(st->loc.file != NULL);
    }
    const Node *call = f->funcdef.body.items[5]->expr_stmt.value;
    cr_assert(eq(int, call->kind, AST_CALL));
    cr_assert(eq(int, call->loc.line, 3));
    cr_assert(eq(int, call->loc.col, 5));
    const Node *test = call->call.args.items[0];
    cr_assert(eq(int, test->loc.line, 3));
    cr_assert(eq(int, test->loc.col, 8));
    /* The branch body keeps its own statement's line. */
    const Node *if_body = f->funcdef.body.items[3];
    const Node *assign = if_body->funcdef.body.items[1];
    cr_assert(eq(int, assign->kind, AST_ASSIGN));
    cr_assert(eq(int, assign->loc.line, 4));
}

Test(autograph, loop_options_take_keywords_only) {
    const char *src = "import tensorflow as tf\n"
                      "for i in tf.range(3):\n"
                      "    tf.autograph.experimental.set_loop_options(10)\n";
    Node *m = parse_ok(src);
    size_t start = cap.len;
    Node *c = autograph_convert_module(cap.arena, &cap.diag, m);
    const char *text = diag_capture_since(&cap, start);
    cr_assert(c == NULL);
    cr_assert(eq(int, cap.diag.errors, 1));
    cr_assert(strstr(text, "t.py:3:48: error: 'set_loop_options' takes keyword arguments only") ==
                  text,
              "got: %s", text);
}

Test(autograph, semantics_samples_convert) {
    /* The samples run by check_semantics.py must at least convert here too. */
    const char *dir = AG_SAMPLES_DIR;
    const char *names[] = {"composites.py", "control_flow.py", "scoping.py"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *path = arena_printf(cap.arena, "%s/%s", dir, names[i]);
        SourceFile *f = diag_load_file(cap.arena, path);
        cr_assert(f != NULL, "cannot read %s", path);
        Node *m = parse_file(cap.arena, &cap.diag, f);
        cr_assert(m != NULL);
        convert_ok(m);
    }
}

/* ---- the golden conversions ------------------------------------------------------------ */

/* Both branches return: the if carries do_return and retval_ out (nouts 2). */
Test(autograph, abs_value) {
    check_convert(
        "import tensorflow as tf\n"
        "\n"
        "\n"
        "@tf.function\n"
        "def abs_value(x):\n"
        "    if x > 0:\n"
        "        return x\n"
        "    else:\n"
        "        return -x\n",
        "import tensorflow as tf\n"
        "@tf.function\n"
        "def abs_value(x):\n"
        "    do_return = False\n"
        "    retval_ = ag__.UndefinedReturnValue()\n"
        "    def get_state():\n"
        "        return do_return, retval_\n"
        "    def set_state(vars_):\n"
        "        nonlocal do_return, retval_\n"
        "        do_return, retval_ = vars_\n"
        "    def if_body():\n"
        "        nonlocal do_return, retval_\n"
        "        do_return = True\n"
        "        retval_ = x\n"
        "    def else_body():\n"
        "        nonlocal do_return, retval_\n"
        "        do_return = True\n"
        "        retval_ = -x\n"
        "    ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('do_return', "
        "'retval_'), 2)\n"
        "    return ag__.ret(retval_, do_return)\n");
}

/* elif is an if in the else branch; s is unbound before, so it is
 * initialized with ag__.Undefined and read through ag__.ld afterwards. */
Test(autograph, if_elif_else) {
    check_convert(
        "def sign(x):\n"
        "    if x > 0:\n"
        "        s = 1\n"
        "    elif x < 0:\n"
        "        s = -1\n"
        "    else:\n"
        "        s = 0\n"
        "    return s\n",
        "def sign(x):\n"
        "    def get_state():\n"
        "        return s,\n"
        "    def set_state(vars_):\n"
        "        nonlocal s\n"
        "        s, = vars_\n"
        "    def if_body():\n"
        "        nonlocal s\n"
        "        s = 1\n"
        "    def else_body():\n"
        "        nonlocal s\n"
        "        def get_state_1():\n"
        "            return s,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal s\n"
        "            s, = vars_\n"
        "        def if_body_1():\n"
        "            nonlocal s\n"
        "            s = -1\n"
        "        def else_body_1():\n"
        "            nonlocal s\n"
        "            s = 0\n"
        "        ag__.if_stmt(x < 0, if_body_1, else_body_1, get_state_1, set_state_1, ('s',), 1)\n"
        "    s = ag__.Undefined('s')\n"
        "    ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('s',), 1)\n"
        "    return ag__.ld(s)\n");
}

/* y is read before written in the branch but dead after: an input, not an
 * output (nouts 0); z is local to the branch. */
Test(autograph, input_only_state) {
    check_convert(
        "def f(x):\n"
        "    y = 0\n"
        "    if x:\n"
        "        y = y + 1\n"
        "        z = y * 2\n"
        "        print(z)\n"
        "    return x\n",
        "def f(x):\n"
        "    y = 0\n"
        "    def get_state():\n"
        "        return y,\n"
        "    def set_state(vars_):\n"
        "        nonlocal y\n"
        "        y, = vars_\n"
        "    def if_body():\n"
        "        nonlocal y\n"
        "        y = y + 1\n"
        "        z = y * 2\n"
        "        print(z)\n"
        "    def else_body():\n"
        "        nonlocal y\n"
        "        pass\n"
        "    ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('y',), 0)\n"
        "    return x\n");
}

/* A name assigned in one branch only. */
Test(autograph, possibly_undefined) {
    check_convert(
        "def f(c):\n"
        "    if c:\n"
        "        y = 1\n"
        "    return y + 1\n",
        "def f(c):\n"
        "    def get_state():\n"
        "        return y,\n"
        "    def set_state(vars_):\n"
        "        nonlocal y\n"
        "        y, = vars_\n"
        "    def if_body():\n"
        "        nonlocal y\n"
        "        y = 1\n"
        "    def else_body():\n"
        "        nonlocal y\n"
        "        pass\n"
        "    y = ag__.Undefined('y')\n"
        "    ag__.if_stmt(c, if_body, else_body, get_state, set_state, ('y',), 1)\n"
        "    return ag__.ld(y) + 1\n");
}

/* i is loop-carried (read by the test), s is live after, t is body-local. */
Test(autograph, while_carried_and_local) {
    check_convert(
        "def g(n):\n"
        "    i = 0\n"
        "    s = 0\n"
        "    while i < n:\n"
        "        t = i * 2\n"
        "        s += t\n"
        "        i += 1\n"
        "    return s\n",
        "def g(n):\n"
        "    i = 0\n"
        "    s = 0\n"
        "    def get_state():\n"
        "        return s, i\n"
        "    def set_state(vars_):\n"
        "        nonlocal s, i\n"
        "        s, i = vars_\n"
        "    def loop_body():\n"
        "        nonlocal s, i\n"
        "        t = i * 2\n"
        "        s += t\n"
        "        i += 1\n"
        "    def loop_test():\n"
        "        return i < n\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('s', 'i'), {})\n"
        "    return s\n");
}

/* break: a flag, a guard, and the test ANDed with not break_. */
Test(autograph, while_break) {
    check_convert(
        "def first_square_above(n):\n"
        "    i = 0\n"
        "    while i < n:\n"
        "        i += 1\n"
        "        if i * i > 50:\n"
        "            break\n"
        "    return i\n",
        "def first_square_above(n):\n"
        "    i = 0\n"
        "    break_ = False\n"
        "    def get_state():\n"
        "        return i, break_\n"
        "    def set_state(vars_):\n"
        "        nonlocal i, break_\n"
        "        i, break_ = vars_\n"
        "    def loop_body():\n"
        "        nonlocal i, break_\n"
        "        i += 1\n"
        "        def get_state_1():\n"
        "            return break_,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal break_\n"
        "            break_, = vars_\n"
        "        def if_body():\n"
        "            nonlocal break_\n"
        "            break_ = True\n"
        "        def else_body():\n"
        "            nonlocal break_\n"
        "            pass\n"
        "        ag__.if_stmt(i * i > 50, if_body, else_body, get_state_1, set_state_1, "
        "('break_',), 1)\n"
        "    def loop_test():\n"
        "        return ag__.and_(lambda: ag__.not_(break_), lambda: i < n)\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i', 'break_'), {})\n"
        "    return i\n");
}

/* continue: a flag set first in the body; the rest of the body is guarded. */
Test(autograph, for_continue) {
    check_convert(
        "def sum_positive(xs):\n"
        "    total = 0\n"
        "    for x in xs:\n"
        "        if x < 0:\n"
        "            continue\n"
        "        total += x\n"
        "    return total\n",
        "def sum_positive(xs):\n"
        "    total = 0\n"
        "    def get_state():\n"
        "        return total,\n"
        "    def set_state(vars_):\n"
        "        nonlocal total\n"
        "        total, = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal total\n"
        "        x = itr\n"
        "        continue_ = False\n"
        "        def get_state_1():\n"
        "            return continue_,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal continue_\n"
        "            continue_, = vars_\n"
        "        def if_body():\n"
        "            nonlocal continue_\n"
        "            continue_ = True\n"
        "        def else_body():\n"
        "            nonlocal continue_\n"
        "            pass\n"
        "        ag__.if_stmt(x < 0, if_body, else_body, get_state_1, set_state_1, "
        "('continue_',), 1)\n"
        "        def get_state_2():\n"
        "            return total,\n"
        "        def set_state_2(vars_):\n"
        "            nonlocal total\n"
        "            total, = vars_\n"
        "        def if_body_1():\n"
        "            nonlocal total\n"
        "            total += x\n"
        "        def else_body_1():\n"
        "            nonlocal total\n"
        "            pass\n"
        "        ag__.if_stmt(ag__.not_(continue_), if_body_1, else_body_1, get_state_2, "
        "set_state_2, ('total',), 1)\n"
        "    ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), "
        "{'iterate_names': 'x'})\n"
        "    return total\n");
}

/* The for gets an extra_test; its else runs under not break_ after the loop. */
Test(autograph, for_break_else) {
    check_convert(
        "def f(xs):\n"
        "    for x in xs:\n"
        "        if x < 0:\n"
        "            break\n"
        "        print(x)\n"
        "    else:\n"
        "        print('none negative')\n",
        "def f(xs):\n"
        "    break_ = False\n"
        "    def get_state():\n"
        "        return break_,\n"
        "    def set_state(vars_):\n"
        "        nonlocal break_\n"
        "        break_, = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal break_\n"
        "        x = itr\n"
        "        def get_state_1():\n"
        "            return break_,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal break_\n"
        "            break_, = vars_\n"
        "        def if_body():\n"
        "            nonlocal break_\n"
        "            break_ = True\n"
        "        def else_body():\n"
        "            nonlocal break_\n"
        "            pass\n"
        "        ag__.if_stmt(x < 0, if_body, else_body, get_state_1, set_state_1, ('break_',), "
        "1)\n"
        "        def get_state_2():\n"
        "            return ()\n"
        "        def set_state_2(vars_):\n"
        "            pass\n"
        "        def if_body_1():\n"
        "            print(x)\n"
        "        def else_body_1():\n"
        "            pass\n"
        "        ag__.if_stmt(ag__.not_(break_), if_body_1, else_body_1, get_state_2, "
        "set_state_2, (), 0)\n"
        "    def extra_test():\n"
        "        return ag__.not_(break_)\n"
        "    ag__.for_stmt(xs, extra_test, loop_body, get_state, set_state, ('break_',), "
        "{'iterate_names': 'x'})\n"
        "    def get_state_3():\n"
        "        return ()\n"
        "    def set_state_3(vars_):\n"
        "        pass\n"
        "    def if_body_2():\n"
        "        print('none negative')\n"
        "    def else_body_2():\n"
        "        pass\n"
        "    ag__.if_stmt(ag__.not_(break_), if_body_2, else_body_2, get_state_3, set_state_3, "
        "(), 0)\n");
}

/* An else without break simply follows the loop. */
Test(autograph, while_else_no_break) {
    check_convert(
        "def f(n):\n"
        "    while n > 0:\n"
        "        n -= 1\n"
        "    else:\n"
        "        n = 10\n"
        "    return n\n",
        "def f(n):\n"
        "    def get_state():\n"
        "        return n,\n"
        "    def set_state(vars_):\n"
        "        nonlocal n\n"
        "        n, = vars_\n"
        "    def loop_body():\n"
        "        nonlocal n\n"
        "        n -= 1\n"
        "    def loop_test():\n"
        "        return n > 0\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n',), {})\n"
        "    n = 10\n"
        "    return n\n");
}

/* A return in a loop: extra_test on do_return; later statements guarded. */
Test(autograph, return_in_loop) {
    check_convert(
        "def find(xs, target):\n"
        "    for i in xs:\n"
        "        if i == target:\n"
        "            return i\n"
        "    return -1\n",
        "def find(xs, target):\n"
        "    do_return = False\n"
        "    retval_ = ag__.UndefinedReturnValue()\n"
        "    def get_state():\n"
        "        return do_return, retval_\n"
        "    def set_state(vars_):\n"
        "        nonlocal do_return, retval_\n"
        "        do_return, retval_ = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal do_return, retval_\n"
        "        i = itr\n"
        "        def get_state_1():\n"
        "            return do_return, retval_\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal do_return, retval_\n"
        "            do_return, retval_ = vars_\n"
        "        def if_body():\n"
        "            nonlocal do_return, retval_\n"
        "            do_return = True\n"
        "            retval_ = i\n"
        "        def else_body():\n"
        "            nonlocal do_return, retval_\n"
        "            pass\n"
        "        ag__.if_stmt(i == target, if_body, else_body, get_state_1, set_state_1, "
        "('do_return', 'retval_'), 2)\n"
        "    def extra_test():\n"
        "        return ag__.not_(do_return)\n"
        "    ag__.for_stmt(xs, extra_test, loop_body, get_state, set_state, ('do_return', "
        "'retval_'), {'iterate_names': 'i'})\n"
        "    def get_state_2():\n"
        "        return do_return, retval_\n"
        "    def set_state_2(vars_):\n"
        "        nonlocal do_return, retval_\n"
        "        do_return, retval_ = vars_\n"
        "    def if_body_1():\n"
        "        nonlocal do_return, retval_\n"
        "        do_return = True\n"
        "        retval_ = -1\n"
        "    def else_body_1():\n"
        "        nonlocal do_return, retval_\n"
        "        pass\n"
        "    ag__.if_stmt(ag__.not_(do_return), if_body_1, else_body_1, get_state_2, set_state_2, "
        "('do_return', 'retval_'), 2)\n"
        "    return ag__.ret(retval_, do_return)\n");
}

/* A return in a while: the test is ANDed with not do_return. */
Test(autograph, return_in_while) {
    check_convert(
        "def f(n):\n"
        "    while n > 0:\n"
        "        n -= 1\n"
        "        if n == 3:\n"
        "            return n\n",
        "def f(n):\n"
        "    do_return = False\n"
        "    retval_ = ag__.UndefinedReturnValue()\n"
        "    def get_state():\n"
        "        return do_return, retval_, n\n"
        "    def set_state(vars_):\n"
        "        nonlocal do_return, retval_, n\n"
        "        do_return, retval_, n = vars_\n"
        "    def loop_body():\n"
        "        nonlocal do_return, retval_, n\n"
        "        n -= 1\n"
        "        def get_state_1():\n"
        "            return do_return, retval_\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal do_return, retval_\n"
        "            do_return, retval_ = vars_\n"
        "        def if_body():\n"
        "            nonlocal do_return, retval_\n"
        "            do_return = True\n"
        "            retval_ = n\n"
        "        def else_body():\n"
        "            nonlocal do_return, retval_\n"
        "            pass\n"
        "        ag__.if_stmt(n == 3, if_body, else_body, get_state_1, set_state_1, ('do_return', "
        "'retval_'), 2)\n"
        "    def loop_test():\n"
        "        return ag__.and_(lambda: ag__.not_(do_return), lambda: n > 0)\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('do_return', 'retval_', "
        "'n'), {})\n"
        "    return ag__.ret(retval_, do_return)\n");
}

/* Each loop has its own flag; the outer loop is named first. */
Test(autograph, nested_loops_break) {
    check_convert(
        "def f(m):\n"
        "    for row in m:\n"
        "        for v in row:\n"
        "            if v:\n"
        "                break\n"
        "        if row:\n"
        "            break\n",
        "def f(m):\n"
        "    break_ = False\n"
        "    def get_state():\n"
        "        return break_,\n"
        "    def set_state(vars_):\n"
        "        nonlocal break_\n"
        "        break_, = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal break_\n"
        "        row = itr\n"
        "        break__1 = False\n"
        "        def get_state_1():\n"
        "            return break__1,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal break__1\n"
        "            break__1, = vars_\n"
        "        def loop_body_1(itr):\n"
        "            nonlocal break__1\n"
        "            v = itr\n"
        "            def get_state_2():\n"
        "                return break__1,\n"
        "            def set_state_2(vars_):\n"
        "                nonlocal break__1\n"
        "                break__1, = vars_\n"
        "            def if_body():\n"
        "                nonlocal break__1\n"
        "                break__1 = True\n"
        "            def else_body():\n"
        "                nonlocal break__1\n"
        "                pass\n"
        "            ag__.if_stmt(v, if_body, else_body, get_state_2, set_state_2, ('break__1',), "
        "1)\n"
        "        def extra_test_1():\n"
        "            return ag__.not_(break__1)\n"
        "        ag__.for_stmt(row, extra_test_1, loop_body_1, get_state_1, set_state_1, "
        "('break__1',), {'iterate_names': 'v'})\n"
        "        def get_state_3():\n"
        "            return break_,\n"
        "        def set_state_3(vars_):\n"
        "            nonlocal break_\n"
        "            break_, = vars_\n"
        "        def if_body_1():\n"
        "            nonlocal break_\n"
        "            break_ = True\n"
        "        def else_body_1():\n"
        "            nonlocal break_\n"
        "            pass\n"
        "        ag__.if_stmt(row, if_body_1, else_body_1, get_state_3, set_state_3, ('break_',), "
        "1)\n"
        "    def extra_test():\n"
        "        return ag__.not_(break_)\n"
        "    ag__.for_stmt(m, extra_test, loop_body, get_state, set_state, ('break_',), "
        "{'iterate_names': 'row'})\n");
}

/* break and return in one loop: both flags in the extra test. */
Test(autograph, break_and_return) {
    check_convert(
        "def f(xs):\n"
        "    for x in xs:\n"
        "        if x > 5:\n"
        "            break\n"
        "        if x < 0:\n"
        "            return x\n"
        "    return 0\n",
        "def f(xs):\n"
        "    do_return = False\n"
        "    retval_ = ag__.UndefinedReturnValue()\n"
        "    break_ = False\n"
        "    def get_state():\n"
        "        return do_return, retval_, break_\n"
        "    def set_state(vars_):\n"
        "        nonlocal do_return, retval_, break_\n"
        "        do_return, retval_, break_ = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal do_return, retval_, break_\n"
        "        x = itr\n"
        "        def get_state_1():\n"
        "            return break_,\n"
        "        def set_state_1(vars_):\n"
        "            nonlocal break_\n"
        "            break_, = vars_\n"
        "        def if_body():\n"
        "            nonlocal break_\n"
        "            break_ = True\n"
        "        def else_body():\n"
        "            nonlocal break_\n"
        "            pass\n"
        "        ag__.if_stmt(x > 5, if_body, else_body, get_state_1, set_state_1, ('break_',), "
        "1)\n"
        "        def get_state_2():\n"
        "            return do_return, retval_\n"
        "        def set_state_2(vars_):\n"
        "            nonlocal do_return, retval_\n"
        "            do_return, retval_ = vars_\n"
        "        def if_body_1():\n"
        "            nonlocal do_return, retval_\n"
        "            def get_state_3():\n"
        "                return do_return, retval_\n"
        "            def set_state_3(vars_):\n"
        "                nonlocal do_return, retval_\n"
        "                do_return, retval_ = vars_\n"
        "            def if_body_2():\n"
        "                nonlocal do_return, retval_\n"
        "                do_return = True\n"
        "                retval_ = x\n"
        "            def else_body_2():\n"
        "                nonlocal do_return, retval_\n"
        "                pass\n"
        "            ag__.if_stmt(x < 0, if_body_2, else_body_2, get_state_3, set_state_3, "
        "('do_return', 'retval_'), 2)\n"
        "        def else_body_1():\n"
        "            nonlocal do_return, retval_\n"
        "            pass\n"
        "        ag__.if_stmt(ag__.not_(break_), if_body_1, else_body_1, get_state_2, "
        "set_state_2, ('do_return', 'retval_'), 2)\n"
        "    def extra_test():\n"
        "        return ag__.and_(lambda: ag__.not_(do_return), lambda: ag__.not_(break_))\n"
        "    ag__.for_stmt(xs, extra_test, loop_body, get_state, set_state, ('do_return', "
        "'retval_', 'break_'), {'iterate_names': 'x'})\n"
        "    def get_state_4():\n"
        "        return do_return, retval_\n"
        "    def set_state_4(vars_):\n"
        "        nonlocal do_return, retval_\n"
        "        do_return, retval_ = vars_\n"
        "    def if_body_3():\n"
        "        nonlocal do_return, retval_\n"
        "        do_return = True\n"
        "        retval_ = 0\n"
        "    def else_body_3():\n"
        "        nonlocal do_return, retval_\n"
        "        pass\n"
        "    ag__.if_stmt(ag__.not_(do_return), if_body_3, else_body_3, get_state_4, set_state_4, "
        "('do_return', 'retval_'), 2)\n"
        "    return ag__.ret(retval_, do_return)\n");
}

/* The directive leaves the body and fills the options dict. */
Test(autograph, set_loop_options) {
    check_convert(
        "import tensorflow as tf\n"
        "\n"
        "\n"
        "def f(x, n):\n"
        "    for i in tf.range(n):\n"
        "        tf.autograph.experimental.set_loop_options(shape_invariants=[(x, "
        "tf.TensorShape([None]))], maximum_iterations=10)\n"
        "        x = tf.concat([x, x], 0)\n"
        "    return x\n",
        "import tensorflow as tf\n"
        "def f(x, n):\n"
        "    def get_state():\n"
        "        return x,\n"
        "    def set_state(vars_):\n"
        "        nonlocal x\n"
        "        x, = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal x\n"
        "        i = itr\n"
        "        x = tf.concat([x, x], 0)\n"
        "    ag__.for_stmt(tf.range(n), None, loop_body, get_state, set_state, ('x',), "
        "{'shape_invariants': [(x, tf.TensorShape([None]))], 'maximum_iterations': 10, "
        "'iterate_names': 'i'})\n"
        "    return x\n");
}

/* Conditional and logical expressions; and/or chains nest to the right. */
Test(autograph, expressions) {
    check_convert(
        "def g(a, b, c):\n"
        "    return a if c > 0 else b, a and b and c, a or not b\n",
        "def g(a, b, c):\n"
        "    return ag__.if_exp(c > 0, lambda: a, lambda: b, 'c > 0'), ag__.and_(lambda: a, "
        "lambda: ag__.and_(lambda: b, lambda: c)), ag__.or_(lambda: a, lambda: ag__.not_(b))\n");
}

/* Comprehension conditions and lambda bodies get the expression rewrites only. */
Test(autograph, lambda_and_comprehension) {
    check_convert(
        "def g(xs, a):\n"
        "    return [x for x in xs if x and not a], lambda y: y or a\n",
        "def g(xs, a):\n"
        "    return [x for x in xs if ag__.and_(lambda: x, lambda: ag__.not_(a))], lambda y: "
        "ag__.or_(lambda: y, lambda: a)\n");
}

/* A do_not_convert function is left exactly as written. */
Test(autograph, do_not_convert) {
    check_convert(
        "import tensorflow as tf\n"
        "\n"
        "\n"
        "@tf.autograph.experimental.do_not_convert\n"
        "def f(x):\n"
        "    if x:\n"
        "        return 1\n"
        "    return a and x\n",
        "import tensorflow as tf\n"
        "@tf.autograph.experimental.do_not_convert\n"
        "def f(x):\n"
        "    if x:\n"
        "        return 1\n"
        "    return a and x\n");
}

/* At module level the state names are globals. */
Test(autograph, module_top_level) {
    check_convert(
        "total = 0\n"
        "for k in range(3):\n"
        "    total += k\n"
        "print(total)\n",
        "total = 0\n"
        "def get_state():\n"
        "    return total,\n"
        "def set_state(vars_):\n"
        "    global total\n"
        "    total, = vars_\n"
        "def loop_body(itr):\n"
        "    global total\n"
        "    k = itr\n"
        "    total += k\n"
        "ag__.for_stmt(range(3), None, loop_body, get_state, set_state, ('total',), "
        "{'iterate_names': 'k'})\n"
        "print(total)\n");
}

/* A module name read by a function (or lambda) may be read after the statement: it
 * is state even though the top level never reads it again. */
Test(autograph, module_name_read_by_function) {
    check_convert(
        "for k in range(3):\n"
        "    pass\n"
        "def last():\n"
        "    return k\n",
        "def get_state():\n"
        "    return k,\n"
        "def set_state(vars_):\n"
        "    global k\n"
        "    k, = vars_\n"
        "def loop_body(itr):\n"
        "    global k\n"
        "    k = itr\n"
        "    pass\n"
        "k = ag__.Undefined('k')\n"
        "ag__.for_stmt(range(3), None, loop_body, get_state, set_state, ('k',), {'iterate_names': "
        "'k'})\n"
        "def last():\n"
        "    return k\n");
}

/* Names the function declares global are declared global in the helpers. */
Test(autograph, global_in_function) {
    check_convert(
        "count = 0\n"
        "\n"
        "\n"
        "def bump(n):\n"
        "    global count\n"
        "    if n:\n"
        "        count += 1\n",
        "count = 0\n"
        "def bump(n):\n"
        "    global count\n"
        "    def get_state():\n"
        "        return count,\n"
        "    def set_state(vars_):\n"
        "        global count\n"
        "        count, = vars_\n"
        "    def if_body():\n"
        "        global count\n"
        "        count += 1\n"
        "    def else_body():\n"
        "        global count\n"
        "        pass\n"
        "    ag__.if_stmt(n, if_body, else_body, get_state, set_state, ('count',), 1)\n");
}

/* Generated names avoid the user's names (and each other). */
Test(autograph, name_collisions) {
    check_convert(
        "def f(get_state, if_body, itr, x):\n"
        "    if x:\n"
        "        get_state = 1\n"
        "    for i in x:\n"
        "        if_body = itr\n"
        "    return get_state, if_body\n",
        "def f(get_state, if_body, itr, x):\n"
        "    def get_state_1():\n"
        "        return get_state,\n"
        "    def set_state(vars_):\n"
        "        nonlocal get_state\n"
        "        get_state, = vars_\n"
        "    def if_body_1():\n"
        "        nonlocal get_state\n"
        "        get_state = 1\n"
        "    def else_body():\n"
        "        nonlocal get_state\n"
        "        pass\n"
        "    ag__.if_stmt(x, if_body_1, else_body, get_state_1, set_state, ('get_state',), 1)\n"
        "    def get_state_2():\n"
        "        return if_body,\n"
        "    def set_state_1(vars_):\n"
        "        nonlocal if_body\n"
        "        if_body, = vars_\n"
        "    def loop_body(itr_1):\n"
        "        nonlocal if_body\n"
        "        i = itr_1\n"
        "        if_body = itr\n"
        "    ag__.for_stmt(x, None, loop_body, get_state_2, set_state_1, ('if_body',), "
        "{'iterate_names': 'i'})\n"
        "    return get_state, if_body\n");
}

/* A tuple target is unpacked from the iterate. */
Test(autograph, tuple_target) {
    check_convert(
        "def f(pairs):\n"
        "    t = 0\n"
        "    for a, b in pairs:\n"
        "        t += a * b\n"
        "    return t\n",
        "def f(pairs):\n"
        "    t = 0\n"
        "    def get_state():\n"
        "        return t,\n"
        "    def set_state(vars_):\n"
        "        nonlocal t\n"
        "        t, = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal t\n"
        "        a, b = itr\n"
        "        t += a * b\n"
        "    ag__.for_stmt(pairs, None, loop_body, get_state, set_state, ('t',), "
        "{'iterate_names': 'a, b'})\n"
        "    return t\n");
}

/* A nested def is converted as a scope of its own. */
Test(autograph, nested_defs) {
    check_convert(
        "def outer(x):\n"
        "    def inner(y):\n"
        "        if y:\n"
        "            return y\n"
        "        return x\n"
        "    if x:\n"
        "        x = inner(x)\n"
        "    return x\n",
        "def outer(x):\n"
        "    def inner(y):\n"
        "        do_return = False\n"
        "        retval_ = ag__.UndefinedReturnValue()\n"
        "        def get_state():\n"
        "            return do_return, retval_\n"
        "        def set_state(vars_):\n"
        "            nonlocal do_return, retval_\n"
        "            do_return, retval_ = vars_\n"
        "        def if_body():\n"
        "            nonlocal do_return, retval_\n"
        "            do_return = True\n"
        "            retval_ = y\n"
        "        def else_body():\n"
        "            nonlocal do_return, retval_\n"
        "            do_return = True\n"
        "            retval_ = x\n"
        "        ag__.if_stmt(y, if_body, else_body, get_state, set_state, ('do_return', "
        "'retval_'), 2)\n"
        "        return ag__.ret(retval_, do_return)\n"
        "    def get_state():\n"
        "        return x,\n"
        "    def set_state(vars_):\n"
        "        nonlocal x\n"
        "        x, = vars_\n"
        "    def if_body():\n"
        "        nonlocal x\n"
        "        x = inner(x)\n"
        "    def else_body():\n"
        "        nonlocal x\n"
        "        pass\n"
        "    ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('x',), 1)\n"
        "    return x\n");
}

/* Returns only at the top of the body: no return lowering. */
Test(autograph, top_level_return_left_alone) {
    check_convert(
        "def f(x):\n"
        "    y = x + 1\n"
        "    return y\n",
        "def f(x):\n"
        "    y = x + 1\n"
        "    return y\n");
}

/* ---- composite names as state ---------------------------------------------------------- */

/* d['sum'] and d['odd'] are state (their base d is read in the loop); they sort
 * with the plain names by source text, are not declared nonlocal, and the symbol
 * names carry their source text. */
Test(autograph, composite_dict_item_while) {
    check_convert(
        "def stats(n):\n"
        "    d = {\"sum\": 0, \"odd\": 0}\n"
        "    i = 1\n"
        "    while i <= n:\n"
        "        d[\"sum\"] = d[\"sum\"] + i\n"
        "        if i % 2 == 1:\n"
        "            d[\"odd\"] += 1\n"
        "        i += 1\n"
        "    return d[\"sum\"], d[\"odd\"]\n",
        "def stats(n):\n"
        "    d = {'sum': 0, 'odd': 0}\n"
        "    i = 1\n"
        "    def get_state():\n"
        "        return d['odd'], d['sum'], i\n"
        "    def set_state(vars_):\n"
        "        nonlocal i\n"
        "        d['odd'], d['sum'], i = vars_\n"
        "    def loop_body():\n"
        "        nonlocal i\n"
        "        d['sum'] = d['sum'] + i\n"
        "        def get_state_1():\n"
        "            return d['odd'],\n"
        "        def set_state_1(vars_):\n"
        "            d['odd'], = vars_\n"
        "        def if_body():\n"
        "            d['odd'] += 1\n"
        "        def else_body():\n"
        "            pass\n"
        "        ag__.if_stmt(i % 2 == 1, if_body, else_body, get_state_1, set_state_1, "
        "(\"d['odd']\",), 1)\n"
        "        i += 1\n"
        "    def loop_test():\n"
        "        return i <= n\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, (\"d['odd']\", "
        "\"d['sum']\", 'i'), {})\n"
        "    return d['sum'], d['odd']\n");
}

/* A list item with an int key in a for loop; the loop's own target is not state. */
Test(autograph, composite_list_item_for) {
    check_convert(
        "def f(xs):\n"
        "    acc = [0, 1]\n"
        "    for x in xs:\n"
        "        acc[0] += x\n"
        "        acc[1] = acc[1] * x\n"
        "    return acc\n",
        "def f(xs):\n"
        "    acc = [0, 1]\n"
        "    def get_state():\n"
        "        return acc[0], acc[1]\n"
        "    def set_state(vars_):\n"
        "        acc[0], acc[1] = vars_\n"
        "    def loop_body(itr):\n"
        "        x = itr\n"
        "        acc[0] += x\n"
        "        acc[1] = acc[1] * x\n"
        "    ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('acc[0]', 'acc[1]'), "
        "{'iterate_names': 'x'})\n"
        "    return acc\n");
}

/* An attribute assigned in both branches: an output of the if (composites always
 * are, as in TF), with nothing declared and no ag__.Undefined. */
Test(autograph, composite_attribute_if) {
    check_convert(
        "def f(self, c):\n"
        "    if c:\n"
        "        self.x = 1\n"
        "    else:\n"
        "        self.x = 2\n",
        "def f(self, c):\n"
        "    def get_state():\n"
        "        return self.x,\n"
        "    def set_state(vars_):\n"
        "        self.x, = vars_\n"
        "    def if_body():\n"
        "        self.x = 1\n"
        "    def else_body():\n"
        "        self.x = 2\n"
        "    ag__.if_stmt(c, if_body, else_body, get_state, set_state, ('self.x',), 1)\n");
}

/* tmp is made afresh in each iteration and dead after the loop: tmp['k'] is not
 * state (nor is tmp). A variable key, a call's item and a del make no composite. */
Test(autograph, composite_base_not_live) {
    check_convert(
        "def f(n, d):\n"
        "    i = 0\n"
        "    while i < n:\n"
        "        tmp = {'k': 0}\n"
        "        tmp['k'] = i\n"
        "        d[i] = tmp\n"
        "        d.get(0)['k'] = 1\n"
        "        del d['k']\n"
        "        i += 1\n"
        "    return i\n",
        "def f(n, d):\n"
        "    i = 0\n"
        "    def get_state():\n"
        "        return i,\n"
        "    def set_state(vars_):\n"
        "        nonlocal i\n"
        "        i, = vars_\n"
        "    def loop_body():\n"
        "        nonlocal i\n"
        "        tmp = {'k': 0}\n"
        "        tmp['k'] = i\n"
        "        d[i] = tmp\n"
        "        d.get(0)['k'] = 1\n"
        "        del d['k']\n"
        "        i += 1\n"
        "    def loop_test():\n"
        "        return i < n\n"
        "    ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i',), {})\n"
        "    return i\n");
}

/* Composites and names in one sorted tuple; a base that is itself state comes
 * first (its text is a prefix), so set_state rebinds it before assigning into it;
 * a tuple target unpacks into two composites. */
Test(autograph, composite_mixed_with_names) {
    check_convert(
        "def f(n):\n"
        "    d = {0: 0}\n"
        "    total = 0\n"
        "    for i in range(n):\n"
        "        d = dict(d)\n"
        "        d[0], a[\"b\"] = d[0] + i, i\n"
        "        total = total + d[0]\n"
        "    return d, total\n",
        "def f(n):\n"
        "    d = {0: 0}\n"
        "    total = 0\n"
        "    def get_state():\n"
        "        return a['b'], d, d[0], total\n"
        "    def set_state(vars_):\n"
        "        nonlocal d, total\n"
        "        a['b'], d, d[0], total = vars_\n"
        "    def loop_body(itr):\n"
        "        nonlocal d, total\n"
        "        i = itr\n"
        "        d = dict(d)\n"
        "        d[0], a['b'] = d[0] + i, i\n"
        "        total = total + d[0]\n"
        "    ag__.for_stmt(range(n), None, loop_body, get_state, set_state, (\"a['b']\", 'd', "
        "'d[0]', 'total'), "
        "{'iterate_names': 'i'})\n"
        "    return d, total\n");
}

/* Nested composites: an item of an attribute, an attribute of an item. */
Test(autograph, composite_nested) {
    check_convert(
        "def f(self, xs):\n"
        "    for x in xs:\n"
        "        self.stats['n'] += x\n"
        "        self.stats['seen'].count = x\n"
        "    return self\n",
        "def f(self, xs):\n"
        "    def get_state():\n"
        "        return self.stats['n'], self.stats['seen'].count\n"
        "    def set_state(vars_):\n"
        "        self.stats['n'], self.stats['seen'].count = vars_\n"
        "    def loop_body(itr):\n"
        "        x = itr\n"
        "        self.stats['n'] += x\n"
        "        self.stats['seen'].count = x\n"
        "    ag__.for_stmt(xs, None, loop_body, get_state, set_state, (\"self.stats['n']\", "
        "\"self.stats['seen'].count\"), {'iterate_names': 'x'})\n"
        "    return self\n");
}

/* A base that may be undefined is read through ag__.ld in get_state and
 * set_state too, like everywhere else after its ag__.Undefined. */
Test(autograph, composite_base_possibly_undefined) {
    check_convert(
        "def f(c, n):\n"
        "    if c:\n"
        "        d = {'k': 0}\n"
        "    for i in range(n):\n"
        "        d['k'] += i\n"
        "    return d\n",
        "def f(c, n):\n"
        "    def get_state():\n"
        "        return d,\n"
        "    def set_state(vars_):\n"
        "        nonlocal d\n"
        "        d, = vars_\n"
        "    def if_body():\n"
        "        nonlocal d\n"
        "        d = {'k': 0}\n"
        "    def else_body():\n"
        "        nonlocal d\n"
        "        pass\n"
        "    d = ag__.Undefined('d')\n"
        "    ag__.if_stmt(c, if_body, else_body, get_state, set_state, ('d',), 1)\n"
        "    def get_state_1():\n"
        "        return ag__.ld(d)['k'],\n"
        "    def set_state_1(vars_):\n"
        "        ag__.ld(d)['k'], = vars_\n"
        "    def loop_body(itr):\n"
        "        i = itr\n"
        "        ag__.ld(d)['k'] += i\n"
        "    ag__.for_stmt(range(n), None, loop_body, get_state_1, set_state_1, (\"d['k']\",), "
        "{'iterate_names': 'i'})\n"
        "    return ag__.ld(d)\n");
}

/* At the module's top level: the plain name is declared global, the composite not. */
Test(autograph, composite_module_top_level) {
    check_convert(
        "acc = [0]\n"
        "n = 0\n"
        "for i in range(5):\n"
        "    acc[0] += i\n"
        "    n += 1\n"
        "print(acc[0], n)\n",
        "acc = [0]\n"
        "n = 0\n"
        "def get_state():\n"
        "    return acc[0], n\n"
        "def set_state(vars_):\n"
        "    global n\n"
        "    acc[0], n = vars_\n"
        "def loop_body(itr):\n"
        "    global n\n"
        "    i = itr\n"
        "    acc[0] += i\n"
        "    n += 1\n"
        "ag__.for_stmt(range(5), None, loop_body, get_state, set_state, ('acc[0]', 'n'), "
        "{'iterate_names': 'i'})\n"
        "print(acc[0], n)\n");
}

/* The state's expressions are copies of the composite's first target in the
 * statement, with its location; the symbol name is its source text. */
Test(autograph, composite_state_keeps_the_target_location) {
    const char *src = "def f(d, c):\n"
                      "    if c:\n"
                      "        d['k'] = 1\n"
                      "    else:\n"
                      "        d[\"k\"] = 2\n";
    Node *m = parse_ok(src);
    const Node *first_target =
        stmt_at(m, 0)->funcdef.body.items[0]->if_.body.items[0]->assign.targets.items[0];
    Node *converted = convert_ok(m);
    const Node *f = stmt_at(converted, 0);
    const Node *get = f->funcdef.body.items[0];
    const Node *read = get->funcdef.body.items[0]->ret.value->seq.elts.items[0];
    const Node *set = f->funcdef.body.items[1];
    const Node *write = set->funcdef.body.items[0]->assign.targets.items[0]->seq.elts.items[0];
    const Node *copies[2] = {read, write};
    for (int i = 0; i < 2; i++) {
        cr_assert(eq(int, copies[i]->kind, AST_SUBSCRIPT));
        cr_assert(copies[i] != first_target, "the target itself is shared, not copied");
        cr_assert(eq(int, copies[i]->loc.line, 3));
        cr_assert(eq(int, copies[i]->loc.col, first_target->loc.col));
        cr_assert(eq(int, copies[i]->subscript.value->loc.line, 3));
    }
    const Node *call = f->funcdef.body.items[4]->expr_stmt.value;
    const Node *names = call->call.args.items[5];
    cr_assert(eq(int, names->seq.elts.len, 1));
    cr_assert(eq(str, (char *)names->seq.elts.items[0]->str.value, "d['k']"));
}

/* `except E as e` binds e when the handler starts: e read there is not live into
 * the loop, so it is not state (get_state would read it unbound). */
Test(autograph, except_name_not_live_in) {
    check_convert(
        "def f(n):\n"
        "    for i in range(n):\n"
        "        try:\n"
        "            g(i)\n"
        "        except ValueError as e:\n"
        "            print(e)\n"
        "    return n\n",
        "def f(n):\n"
        "    def get_state():\n"
        "        return ()\n"
        "    def set_state(vars_):\n"
        "        pass\n"
        "    def loop_body(itr):\n"
        "        i = itr\n"
        "        try:\n"
        "            g(i)\n"
        "        except ValueError as e:\n"
        "            print(e)\n"
        "    ag__.for_stmt(range(n), None, loop_body, get_state, set_state, (), {'iterate_names': "
        "'i'})\n"
        "    return n\n");
}

/* ---- every script of the tree ---------------------------------------------------------- */

/* No if/while/for/break/continue, conditional or logical expression is left in
 * converted code (class bodies and do_not_convert defs are not converted). */
static const char *leftover(const Node *n);

static const char *leftover_in_list(const NodeList *l) {
    for (int i = 0; i < l->len; i++) {
        const char *what = l->items[i] ? leftover(l->items[i]) : NULL;
        if (what) return what;
    }
    return NULL;
}

static bool is_do_not_convert(const Node *def) {
    Arena *a = cap.arena;
    for (int i = 0; i < def->funcdef.decorators.len; i++) {
        const char *text = ast_expr_to_source(a, def->funcdef.decorators.items[i]);
        size_t n = strlen(text);
        if (n >= 14 && strcmp(text + n - 14, "do_not_convert") == 0) return true;
    }
    return false;
}

static const char *leftover(const Node *n) {
    switch (n->kind) {
    case AST_IF: return "if";
    case AST_WHILE: return "while";
    case AST_FOR: return "for";
    case AST_BREAK: return "break";
    case AST_CONTINUE: return "continue";
    case AST_IFEXP: return "conditional expression";
    case AST_BOOLOP: return "and/or";
    case AST_UNARYOP:
        if (n->unaryop.op == UNARY_NOT) return "not";
        return leftover(n->unaryop.operand);
    case AST_CLASSDEF: {
        /* Only the methods of a class body are converted. */
        for (int i = 0; i < n->classdef.body.len; i++) {
            const Node *st = n->classdef.body.items[i];
            if (st->kind == AST_FUNCDEF && !is_do_not_convert(st)) {
                const char *what = leftover_in_list(&st->funcdef.body);
                if (what) return what;
            }
        }
        return NULL;
    }
    case AST_FUNCDEF:
        if (is_do_not_convert(n)) return NULL;
        return leftover_in_list(&n->funcdef.body);
    case AST_MODULE: return leftover_in_list(&n->module.body);
    case AST_EXPR_STMT: return leftover(n->expr_stmt.value);
    case AST_ASSIGN: return leftover(n->assign.value);
    case AST_AUGASSIGN: return leftover(n->augassign.value);
    case AST_RETURN: return n->ret.value ? leftover(n->ret.value) : NULL;
    case AST_CALL: {
        const char *what = leftover(n->call.func);
        if (!what) what = leftover_in_list(&n->call.args);
        for (int i = 0; !what && i < n->call.keywords.len; i++)
            what = leftover(n->call.keywords.items[i]->keyword.value);
        return what;
    }
    case AST_LAMBDA: return leftover(n->lambda.body);
    case AST_BINOP: {
        const char *what = leftover(n->binop.left);
        return what ? what : leftover(n->binop.right);
    }
    case AST_TUPLE:
    case AST_LIST: return leftover_in_list(&n->seq.elts);
    default: return NULL;
    }
}

typedef struct Walk {
    int converted, skipped;
} Walk;

static char *print_malloc(const Node *m) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ast_print(f, m);
    fclose(f);
    return buf;
}

static void check_script(Walk *w, const char *path) {
    SourceFile *src = diag_load_file(cap.arena, path);
    cr_assert(src != NULL, "cannot read %s", path);
    size_t start = cap.len;
    Node *m = parse_file(cap.arena, &cap.diag, src);
    if (!m) { /* an expected-error script (the parser's own test covers it) */
        diag_capture_since(&cap, start);
        cap.diag.errors = 0;
        w->skipped++;
        return;
    }
    Node *c = autograph_convert_module(cap.arena, &cap.diag, m);
    const char *diags = diag_capture_since(&cap, start);
    cr_assert(c != NULL, "%s does not convert:\n%s", path, diags);
    char *first = print_malloc(c);
    Node *again = parse_file(cap.arena, &cap.diag, diag_source_from_string(cap.arena, path, first));
    cr_assert(again != NULL, "%s: the converted text does not parse:\n%s\n%s", path, first,
              diag_capture_since(&cap, start));
    cr_assert(ast_equal(c, again), "%s: the converted text re-parses to another tree:\n%s", path,
              first);
    char *second = print_malloc(again);
    cr_assert(eq(str, first, second), "%s: printing twice differs", path);
    const char *what = leftover(c);
    cr_assert(what == NULL, "%s: a converted scope still has a '%s':\n%s", path, what, first);
    free(first);
    free(second);
    w->converted++;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(Walk *w, const char *path) {
    struct stat sb;
    cr_assert(stat(path, &sb) == 0, "no such file or directory: %s", path);
    if (!S_ISDIR(sb.st_mode)) {
        size_t n = strlen(path);
        if (n > 3 && strcmp(path + n - 3, ".py") == 0) check_script(w, path);
        return;
    }
    DIR *dir = opendir(path);
    cr_assert(dir != NULL);
    const char *names[512];
    size_t n = 0;
    struct dirent *de;
    while ((de = readdir(dir)) && n < 512)
        if (de->d_name[0] != '.') names[n++] = arena_strdup(cap.arena, de->d_name);
    closedir(dir);
    qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) walk(w, arena_printf(cap.arena, "%s/%s", path, names[i]));
}

Test(autograph, every_script_converts_and_reparses) {
    Walk w = {0};
    const char *dirs[] = {"tests", "examples", "stdlib"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        walk(&w, arena_printf(cap.arena, "%s/%s", AG_SOURCE_ROOT, dirs[i]));
    /* The walk must have found the tree's scripts (this file's samples included). */
    cr_assert(w.converted >= 20, "only %d scripts converted", w.converted);
}
