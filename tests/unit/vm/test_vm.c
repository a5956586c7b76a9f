/* test_vm.c — the Python VM (compiler/vm) on its own, with no tracer: it runs Python
 * with CPython's semantics, raises its errors by class, serves a foreign value only
 * through the ForeignType slots its host registers, calls its host's hooks, and keeps
 * within its step budget. Nothing here is a tensor: the foreign value is a counter
 * this file defines, which is the point (the VM needs no tracer to be tested). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "diag_capture.h"
#include "parse.h"
#include "vm.h"

/* ---- A VM run: the script's print() output and diagnostics, in memory ---------------- */

static DiagCapture cap;
static char *printed;
static size_t printed_len;
static FILE *print_out;
static VmOptions opt;

static Node *parse_only(void *ctx, Arena *arena, Diag *diag, const SourceFile *file) {
    (void)ctx;
    return parse_file(arena, diag, file);
}

static void vm_setup(void) {
    diag_capture_open(&cap);
    printed = NULL;
    printed_len = 0;
    print_out = open_memstream(&printed, &printed_len);
    opt = (VmOptions){.stdlib_dir = "/nonexistent", .out = print_out, .load = parse_only};
}

static void vm_teardown(void) {
    fclose(print_out);
    free(printed);
    diag_capture_close(&cap);
}

TestSuite(vm, .init = vm_setup, .fini = vm_teardown);

typedef struct Run {
    Interp *in;
    const Node *ast;
} Run;

/* A VM with src parsed as its __main__, not yet run (for a test to plug in hooks). */
static Run vm_load(const char *src) {
    SourceFile *f = diag_source_from_string(cap.arena, "t.py", src);
    Node *ast = parse_file(cap.arena, &cap.diag, f);
    cr_assert(ast, "parse: %s", diag_capture_since(&cap, 0));
    return (Run){vm_new(cap.arena, &cap.diag, &opt, f), ast};
}

static bool vm_go(Run r) { return vm_run_module(r.in, r.in->main_module, r.ast); }

static const char *output(void) {
    fflush(print_out);
    return printed ? printed : "";
}

static void expect_output(const char *src, const char *expected) {
    bool ok = vm_go(vm_load(src));
    cr_assert(ok, "the run failed: %s", diag_capture_since(&cap, 0));
    cr_assert_str_eq(output(), expected);
}

/* ---- CPython's semantics ------------------------------------------------------------- */

Test(vm, dicts_keep_insertion_order_and_sets_cpythons_order) {
    expect_output("d = {'b': 1, 'a': 2}\n"
                  "d['c'] = 3\n"
                  "del d['b']\n"
                  "d['b'] = 4\n"
                  "print(list(d), d)\n"
                  "print({3, 1, 2}, {'x'} | {'y'} == {'y', 'x'})\n",
                  "['a', 'c', 'b'] {'a': 2, 'c': 3, 'b': 4}\n{1, 2, 3} True\n");
}

Test(vm, reprs_and_formatting_are_cpythons) {
    expect_output("print(repr('it\\'s'), repr(1.0), repr(1e16), repr(0.1 + 0.2), (1,), [None])\n"
                  "print(f'{3.14159:.2f}|{42:>5}|{\"x\"!r}', '%d-%s' % (7, 'a'))\n",
                  "\"it's\" 1.0 1e+16 0.30000000000000004 (1,) [None]\n3.14|   42|'x' 7-a\n");
}

Test(vm, closures_classes_and_super) {
    expect_output("def counter():\n"
                  "    n = 0\n"
                  "    def inc():\n"
                  "        nonlocal n\n"
                  "        n += 1\n"
                  "        return n\n"
                  "    return inc\n"
                  "c = counter(); c(); print(c())\n"
                  "class A:\n"
                  "    def who(self): return 'A'\n"
                  "class B(A):\n"
                  "    def who(self): return 'B<' + super().who()\n"
                  "print(B().who(), [k.__name__ for k in B.__mro__])\n",
                  "2\nB<A ['B', 'A', 'object']\n");
}

/* ---- Exceptions by class ------------------------------------------------------------- */

Test(vm, the_vms_own_errors_are_caught_by_class) {
    expect_output("try:\n"
                  "    int('x')\n"
                  "except ArithmeticError:\n"
                  "    print('wrong handler')\n"
                  "except ValueError as e:\n"
                  "    print(type(e).__name__, e.args)\n"
                  "try:\n"
                  "    {}['k']\n"
                  "except LookupError as e:\n"
                  "    print(type(e).__name__, repr(e))\n",
                  "ValueError (\"invalid literal for int() with base 10: 'x'\",)\n"
                  "KeyError KeyError('k')\n");
}

Test(vm, an_uncaught_exception_is_a_located_error_with_its_traceback) {
    bool ok = vm_go(vm_load("def f(x):\n"
                            "    return 1 / x\n"
                            "f(0)\n"));
    cr_assert_not(ok);
    const char *d = diag_capture_since(&cap, 0);
    cr_assert(strstr(d, "t.py:2:12: error: ZeroDivisionError: division by zero"), "%s", d);
    cr_assert(strstr(d, "File \"t.py\", line 3, in <module>"), "%s", d);
    cr_assert(strstr(d, "File \"t.py\", line 2, in f"), "%s", d);
}

Test(vm, recursion_stops_at_pythons_limit_with_a_recursion_error) {
    expect_output("def down(n): return down(n + 1)\n"
                  "try:\n"
                  "    down(0)\n"
                  "except RecursionError as e:\n"
                  "    print('caught:', e)\n",
                  "caught: maximum recursion depth exceeded\n");
}

/* Ingot's own limit is a build error: no except clause may swallow it. */
Test(vm, not_supported_yet_is_never_caught) {
    bool ok = vm_go(vm_load("try:\n"
                            "    'a'.encode()\n"
                            "except Exception:\n"
                            "    print('caught')\n"));
    cr_assert_not(ok);
    cr_assert_str_eq(output(), "");
    const char *d = diag_capture_since(&cap, 0);
    cr_assert(strstr(d, "t.py:2:5: error: not supported yet"), "%s", d);
}

/* ---- Foreign values: only through their slots ---------------------------------------- */

/* A foreign "Counter": its payload is an int (v->i); it adds, has a length, an
   attribute, a repr and a truth value, and counts how often each slot ran. */
static int binops_run, lens_run, getattrs_run;

static Value *counter_new(Arena *a, int64_t n) {
    Value *v = ARENA_NEW(a, Value);
    v->kind = VAL_DTYPE; /* any kind the host makes foreign; no tracer registers one here */
    v->i = n;
    return v;
}

static Value *counter_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    binops_run++;
    if (op != BIN_ADD || b->kind != VAL_INT)
        return vm_type_error(in, loc, "Counter adds ints only");
    return counter_new(in->arena, a->i + b->i);
}

static Value *counter_len(Interp *in, Value *v, SrcLoc loc) {
    (void)loc;
    lens_run++;
    return value_int(in->arena, v->i);
}

static Value *counter_getattr(Interp *in, Value *v, const char *name, SrcLoc loc,
                              bool *missing) {
    (void)loc;
    getattrs_run++;
    if (strcmp(name, "count") == 0) return value_int(in->arena, v->i);
    *missing = true;
    return NULL;
}

static bool counter_truth(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    (void)in, (void)loc;
    *ok = true;
    return v->i != 0;
}

static const char *counter_repr(Arena *a, const Value *v) {
    return arena_printf(a, "Counter(%lld)", (long long)v->i);
}

static const ForeignType counter_type = {
    .name = "Counter",
    .binop = counter_binop,
    .len = counter_len,
    .getattr = counter_getattr,
    .truth = counter_truth,
    .repr = counter_repr,
    .unhashable = "unhashable type: 'Counter'",
};

Test(vm, a_foreign_value_is_served_by_its_slots) {
    foreign_type_register(VAL_DTYPE, &counter_type);
    binops_run = lens_run = getattrs_run = 0;
    Run r = vm_load("c = c0 + 2\n"
                    "print(c, len(c), c.count, type(c).__name__, [c], 'yes' if c else 'no')\n"
                    "print(hasattr(c, 'nothing'))\n"
                    "try:\n"
                    "    {c: 1}\n"
                    "except TypeError as e:\n"
                    "    print(e)\n");
    env_set_local(r.in, r.in->main_module->globals, vm_intern(r.in, "c0"),
                  counter_new(cap.arena, 40));
    cr_assert(vm_go(r), "%s", diag_capture_since(&cap, 0));
    cr_assert_str_eq(output(), "Counter(42) 42 42 Counter [Counter(42)] yes\nFalse\n"
                               "unhashable type: 'Counter'\n");
    cr_assert_eq(binops_run, 1);
    cr_assert_eq(lens_run, 1);
    cr_assert_eq(getattrs_run, 2, "c.count and hasattr(c, 'nothing')");
}

Test(vm, a_slot_the_type_lacks_is_pythons_type_error) {
    foreign_type_register(VAL_DTYPE, &counter_type);
    Run r = vm_load("try:\n"
                    "    -c0\n"
                    "except TypeError as e:\n"
                    "    print(e)\n");
    env_set_local(r.in, r.in->main_module->globals, vm_intern(r.in, "c0"),
                  counter_new(cap.arena, 1));
    cr_assert(vm_go(r), "%s", diag_capture_since(&cap, 0));
    cr_assert_str_eq(output(), "bad operand type for unary -: 'Counter'\n");
}

/* ---- Hooks --------------------------------------------------------------------------- */

static int statements_run;
static char stores_seen[1024];

static void count_statement(Interp *in) {
    (void)in;
    statements_run++;
}

static void record_store(Interp *in, Env *env, const VmStore *st, SrcLoc loc) {
    (void)in, (void)env;
    size_t n = strlen(stores_seen);
    snprintf(stores_seen + n, sizeof stores_seen - n, "%d:%s%s%s %s%s%s;", loc.line, st->name,
             st->path ? " via " : "", st->path ? st->path : "", st->what,
             st->mutates ? " (mutates)" : "",
             st->target ? arena_printf(in->arena, " [%s]", value_type_name(st->target)) : "");
}

static PyModule *provide_native(Interp *in, const char *dotted) {
    if (strcmp(dotted, "_host") != 0) return NULL;
    PyModule *m = pymodule_create(in, "_host", NULL, true);
    env_set_local(in, m->globals, vm_intern(in, "answer"), value_int(in->arena, 42));
    return m;
}

Test(vm, the_host_hears_of_statements_and_watched_stores) {
    statements_run = 0;
    stores_seen[0] = '\0';
    Run r = vm_load("g = []\n"
                    "def f():\n"
                    "    global n\n"
                    "    n = 1\n"
                    "    g.append(2)\n"
                    "    g[0] = 3\n"
                    "f()\n");
    r.in->hooks.statement = count_statement;
    r.in->hooks.store = record_store;
    r.in->watch_stores = true;
    cr_assert(vm_go(r), "%s", diag_capture_since(&cap, 0));
    cr_assert_eq(statements_run, 7, "statements run: %d", statements_run);
    cr_assert_str_eq(stores_seen, "4:n changed;5:g changed ('append') (mutates) [list];"
                                  "6:g changed (an item assigned) (mutates) [list];");
}

Test(vm, a_store_through_attributes_and_items_names_its_root) {
    stores_seen[0] = '\0';
    Run r = vm_load("class C:\n"
                    "    def __init__(self):\n"
                    "        self.log = []\n"
                    "        self.seen = set()\n"
                    "        self.d = {'k': [1]}\n"
                    "def f(c):\n"
                    "    c.log.append(1)\n"
                    "    c.seen.add(2)\n"
                    "    c.d['k'].pop()\n"
                    "    c.d['j'] = 3\n"
                    "    del c.d['j']\n"
                    "    c.log.count(1)\n"
                    "    [].append(4)\n"
                    "f(C())\n");
    r.in->hooks.store = record_store;
    r.in->watch_stores = true;
    cr_assert(vm_go(r), "%s", diag_capture_since(&cap, 0));
    cr_assert_str_eq(stores_seen,
                     "3:self changed (attribute 'log' set) (mutates) [C];"
                     "4:self changed (attribute 'seen' set) (mutates) [C];"
                     "5:self changed (attribute 'd' set) (mutates) [C];"
                     "7:c via c.log changed ('append') (mutates) [list];"
                     "8:c via c.seen changed ('add') (mutates) [set];"
                     "9:c via c.d['k'] changed ('pop') (mutates) [list];"
                     "10:c via c.d changed (an item assigned) (mutates) [dict];"
                     "11:c via c.d changed (an item deleted) (mutates) [dict];");
}

Test(vm, stores_are_not_reported_unless_watched) {
    stores_seen[0] = '\0';
    Run r = vm_load("def f():\n"
                    "    global n\n"
                    "    n = 1\n"
                    "f()\n");
    r.in->hooks.store = record_store;
    cr_assert(vm_go(r));
    cr_assert_str_eq(stores_seen, "");
}

Test(vm, the_host_provides_native_modules) {
    Run r = vm_load("import _host\n"
                    "print(_host.answer)\n");
    r.in->hooks.native_module = provide_native;
    cr_assert(vm_go(r), "%s", diag_capture_since(&cap, 0));
    cr_assert_str_eq(output(), "42\n");
}

/* ---- The step budget ----------------------------------------------------------------- */

Test(vm, a_script_that_never_ends_stops_at_the_step_limit) {
    opt.max_steps = 1000;
    opt.phase = "in eager mode";
    bool ok = vm_go(vm_load("n = 0\n"
                            "while True:\n"
                            "    n += 1\n"));
    cr_assert_not(ok);
    const char *d = diag_capture_since(&cap, 0);
    cr_assert(strstr(d, "error: the script ran more than 1000 steps in eager mode; is this loop "
                        "meant to be a tensor loop?"),
              "%s", d);
}
