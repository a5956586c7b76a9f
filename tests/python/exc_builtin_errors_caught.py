# Errors raised by the interpreter itself, caught and printed with their type and
# message: arithmetic, conversions, indexing, missing keys/attributes/names, bad
# operand types, wrong call arity, unpacking mismatches, assert, and the built-in
# functions that raise (next, list.remove/index, str.index, dict.pop, min of empty).
def attempt(label, thunk):
    try:
        result = thunk()
    except Exception as e:
        print(f"{label:18} {type(e).__name__}: {e}")
    else:
        print(f"{label:18} ok {result!r}")


def undefined_name():
    return not_defined_anywhere + 1


def takes_two(a, b):
    return a + b


class Thing:
    def __init__(self):
        self.present = 1

    def method(self):
        return "m"


attempt("int div zero", lambda: 1 // 0)
attempt("float div zero", lambda: 1.5 / 0)
attempt("mod zero", lambda: 7 % 0)
attempt("int('x')", lambda: int("x"))
attempt("int('')", lambda: int(""))
attempt("int('12')", lambda: int(" 12 "))
attempt("float('abc')", lambda: float("abc"))
attempt("list index", lambda: [][1])
attempt("neg index", lambda: [1, 2][-3])
attempt("str index", lambda: "abc"[10])
attempt("tuple index", lambda: (1,)[1])
attempt("dict key", lambda: {}["k"])
attempt("dict int key", lambda: {1: 2}[3])
attempt("None attr", lambda: None.x)
attempt("int attr", lambda: (5).foo)
attempt("obj attr", lambda: Thing().absent)
attempt("obj attr ok", lambda: Thing().present)
attempt("str + int", lambda: "a" + 1)
attempt("int + str", lambda: 1 + "a")
attempt("list + tuple", lambda: [1] + (2,))
attempt("str * str", lambda: "a" * "b")
attempt("neg of str", lambda: -"s")
five = 5
attempt("call int", lambda: five())
attempt("subscript int", lambda: five[0])
attempt("len(int)", lambda: len(5))
attempt("undefined name", undefined_name)
attempt("too few args", lambda: takes_two(1))
attempt("too many args", lambda: takes_two(1, 2, 3))
attempt("bad keyword", lambda: takes_two(1, c=2))
attempt("method arity", lambda: Thing().method(1))
attempt("str < int", lambda: "a" < 1)
attempt("list < int", lambda: [1] < 2)
attempt("next(iter([]))", lambda: next(iter([])))
attempt("remove missing", lambda: [1, 2].remove(3))
attempt("list.index", lambda: [1, 2].index(9))
attempt("str.index", lambda: "abc".index("z"))
attempt("dict.pop", lambda: {}.pop("p"))
attempt("set.remove", lambda: set().remove(4))
attempt("list.pop empty", lambda: [].pop())
attempt("min empty", lambda: min([]))
attempt("chr range", lambda: chr(-1))
attempt("int base", lambda: int("z", 10))
attempt("hash list", lambda: {[1]: 2})


def set_first(seq):
    seq[0] = "x"
    return seq


attempt("str item assign", lambda: set_first("abc"))
attempt("tuple item assign", lambda: set_first((1, 2)))
attempt("list item assign", lambda: set_first([1, 2]))
attempt("sorted mixed", lambda: sorted([3, "a", 1]))
attempt("range float", lambda: range(1.5))
attempt("join ints", lambda: ",".join([1, 2]))


def unpack(seq):
    a, b = seq
    return a, b


attempt("unpack too many", lambda: unpack([1, 2, 3]))
attempt("unpack too few", lambda: unpack([1]))
attempt("unpack ok", lambda: unpack("xy"))
attempt("unpack int", lambda: unpack(5))


def asserting(x):
    assert x > 0, f"x must be positive, got {x}"
    assert x < 100
    return x


for v in (5, -1, 500):
    try:
        print("assert", asserting(v))
    except AssertionError as e:
        print("AssertionError:", repr(e), e.args)


def deep(n):
    if n == 0:
        return {"a": 1}["b"]
    return deep(n - 1)


try:
    deep(20)
except LookupError as e:
    print("from 20 frames down:", type(e).__name__, e)

# Errors inside comprehensions and in the middle of a loop leave earlier effects in place.
done = []
try:
    for x in [4, 2, 0, 1]:
        done.append(8 // x)
except ZeroDivisionError as e:
    print(done, e)
try:
    vals = [10 // x for x in (5, 1, 0)]
except ZeroDivisionError:
    try:
        print(vals)
    except NameError as e:
        print("comprehension raised;", e)
counts = {}
for word in "a b a c".split():
    try:
        counts[word] += 1
    except KeyError:
        counts[word] = 1
print(counts)
