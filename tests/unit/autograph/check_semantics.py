"""AutoGraph's conversion must not change what a plain-Python program does.

Usage: check_semantics.py INGOT SAMPLE.py...

For each sample: run it with python3, convert it with `INGOT build --emit=autograph`,
run the converted text with an ag__ module that gives Python's own semantics (what
the interpreter does when conditions and iterables are Python values), and compare
the two outputs. Prints one line per sample; exits 1 when any differs.
"""
import builtins
import os
import subprocess
import sys
import tempfile
import types


class Undefined:
    def __init__(self, name):
        self.name = name


class UndefinedReturnValue:
    pass


def ld(value):
    if isinstance(value, Undefined):
        raise NameError("name '%s' is not defined" % value.name)
    return value


def ret(value, do_return):
    return None if isinstance(value, UndefinedReturnValue) else value


def round_trip(get_state, set_state, names):
    """What staging does to the state, without changing a value: read it (every
    state name and composite must exist), check it against the names, write it back
    (set_state must assign each value to the place get_state read it from)."""
    state = get_state()
    assert isinstance(state, tuple) and len(state) == len(names), (state, names)
    set_state(state)
    again = get_state()
    assert all(a is b for a, b in zip(again, state)), "set_state does not write back what get_state read"


def if_stmt(cond, body, orelse, get_state, set_state, names, nouts):
    round_trip(get_state, set_state, names)  # every state name must be bound before the statement
    if cond:
        body()
    else:
        orelse()
    round_trip(get_state, set_state, names)


def while_stmt(test, body, get_state, set_state, names, opts):
    round_trip(get_state, set_state, names)
    while test():
        body()
        round_trip(get_state, set_state, names)


def for_stmt(iterated, extra_test, body, get_state, set_state, names, opts):
    round_trip(get_state, set_state, names)
    for item in iterated:
        if extra_test is not None and not extra_test():
            break
        body(item)
        round_trip(get_state, set_state, names)


def and_(a, b):
    return a() and b()


def or_(a, b):
    return a() or b()


def not_(a):
    return not a


def if_exp(cond, a, b, text):
    return a() if cond else b()


def make_ag_module():
    ag = types.ModuleType("ag__")
    for name in ("Undefined", "UndefinedReturnValue", "ld", "ret", "if_stmt", "while_stmt",
                 "for_stmt", "and_", "or_", "not_", "if_exp"):
        setattr(ag, name, globals()[name])
    return ag


def run_converted(path):
    builtins.ag__ = make_ag_module()
    with open(path) as f:
        source = f.read()
    exec(compile(source, path, "exec"), {"__name__": "__main__"})


def check(ingot, sample):
    original = subprocess.run([sys.executable, sample], capture_output=True, text=True)
    if original.returncode != 0:
        return "the sample itself fails:\n" + original.stderr
    conv = subprocess.run([ingot, "build", "--emit=autograph", sample], capture_output=True, text=True)
    if conv.returncode != 0:
        return "conversion failed:\n" + conv.stderr
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(conv.stdout)
        out_path = f.name
    try:
        converted = subprocess.run([sys.executable, __file__, "--run", out_path],
                                   capture_output=True, text=True)
    finally:
        os.remove(out_path)
    if converted.returncode != 0:
        return "the converted program fails:\n" + converted.stderr
    if converted.stdout != original.stdout:
        return "outputs differ:\n--- original\n" + original.stdout + "--- converted\n" + converted.stdout
    return None


def main(argv):
    if len(argv) == 3 and argv[1] == "--run":
        run_converted(argv[2])
        return 0
    if len(argv) < 3:
        print(__doc__)
        return 2
    failed = 0
    for sample in argv[2:]:
        problem = check(argv[1], sample)
        if problem:
            failed += 1
            print("FAIL " + sample + ": " + problem)
        else:
            print("ok   " + sample)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
