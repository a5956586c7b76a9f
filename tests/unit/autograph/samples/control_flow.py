# AutoGraph semantics sample: every construct the conversion handles, in plain
# Python; the converted program must print exactly what this one prints.


def abs_value(x):
    if x > 0:
        return x
    else:
        return -x


def sign(x):
    if x > 0:
        s = 1
    elif x < 0:
        s = -1
    else:
        s = 0
    return s


def first_square_above(n, limit):
    i = 0
    while i < n:
        i += 1
        if i * i > limit:
            break
    return i


def sum_positive(xs):
    total = 0
    for x in xs:
        if x < 0:
            continue
        total += x
    return total


def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1


def find_else(xs, target):
    for x in xs:
        if x == target:
            found = True
            break
    else:
        found = False
    return found


def nested_loops(n):
    count = 0
    for i in range(n):
        j = 0
        while True:
            j += 1
            if j > i:
                break
            if (i + j) % 2 == 0:
                continue
            count += j
    return count


def early_exit(xs):
    acc = 0
    for x in xs:
        if x is None:
            return "none at %d" % acc
        acc += x
        if acc > 100:
            return "big"
    return acc


def while_else(n):
    k = 0
    while k < n:
        k += 2
    else:
        k = -k
    return k


def possibly_undefined(flag):
    if flag:
        y = 10
    try_it = y if flag else 0
    return try_it


def lazy(a, b):
    r1 = a and b
    r2 = a or b
    r3 = not a
    r4 = a and b or not b
    r5 = [v for v in (a, b, 0, 3) if v and v > 1]
    r6 = (lambda q: q or a)(0)
    return r1, r2, r3, r4, r5, r6


def closures(n):
    base = 1
    def add(v):
        return v + base
    for i in range(n):
        base = base * 2
    return add(0)


def counter():
    state = {"n": 0}
    def bump():
        nonlocal_total = state["n"] + 1
        state["n"] = nonlocal_total
        return nonlocal_total
    while bump() < 5:
        pass
    return state["n"]


def names_clash(get_state, itr):
    loop_body = 0
    for k in range(3):
        if k > get_state:
            loop_body += itr
    return loop_body


def tuple_target(pairs):
    out = []
    for (a, b) in pairs:
        if a < b:
            a, b = b, a
        out.append(a - b)
    return out


def return_in_while(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            return i * 10


def break_continue_mix(xs):
    seen = []
    for x in xs:
        if x == 0:
            continue
        if x < 0:
            break
        seen.append(x)
    else:
        seen.append("done")
    return seen


def unused_in_loop(n):
    total = 0
    for i in range(n):
        tmp = i * i
        total += tmp
    return total


def docstring_return(x):
    """A docstring stays first."""
    if x:
        return "yes"
    return "no"


def deep_return(m):
    for row in m:
        for v in row:
            if v < 0:
                return v
    return None


counter_global = 0


def bump_global(n):
    global counter_global
    for _ in range(n):
        if counter_global < 10:
            counter_global += 3


def do_not_convert(f):
    return f


@do_not_convert
def untouched(x):
    if x:
        return 1
    return 2


print(abs_value(3), abs_value(-4))
print(sign(5), sign(-2), sign(0))
print(first_square_above(20, 50), first_square_above(3, 50))
print(sum_positive([1, -2, 3, -4, 5]))
print(find([4, 5, 6], 6), find([4, 5, 6], 9))
print(find_else([1, 2], 2), find_else([1, 2], 3))
print(nested_loops(6))
print(early_exit([1, 2, None]), early_exit([50, 60, 70]), early_exit([1, 2]))
print(while_else(5), while_else(0))
print(possibly_undefined(True), possibly_undefined(False))
print(lazy(0, 2), lazy(3, 0), lazy(2, 5))
print(closures(3))
print(counter())
print(names_clash(1, 7))
print(tuple_target([(1, 2), (5, 3)]))
print(return_in_while(4))
print(break_continue_mix([1, 0, 2, -1, 5]), break_continue_mix([1, 2]))
print(unused_in_loop(4))
print(docstring_return(1), docstring_return(0), docstring_return.__doc__)
print(deep_return([[1, 2], [3, -4, -5]]), deep_return([[1]]))
bump_global(5)
print(counter_global)
print(untouched(1), untouched(0))

# The module's top level is converted too.
total = 0
for k in range(5):
    if k % 2:
        continue
    total += k
print(total)
w = 1
while w < 100:
    w *= 3
print(w)
label = "big" if w > 50 else "small"
print(label)
