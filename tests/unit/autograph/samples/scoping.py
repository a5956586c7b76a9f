# AutoGraph semantics sample: scoping corner cases — names that are dead between
# two statements, defs and classes inside branches, nonlocal/global, with, try,
# comprehension and lambda scopes, loops whose else holds break/continue.


def dead_between(c):
    if c:
        x = 1
        print("first", x)
    else:
        x = 2
        print("first", x)
    if c:
        x = 3
    else:
        x = 4
    return x


def def_in_branch(c):
    if c:
        def pick():
            return "a"
    else:
        def pick():
            return "b"
    return pick()


def class_in_loop(n):
    made = []
    for i in range(n):
        class Box:
            size = i

            def twice(self):
                if self.size > 1:
                    return self.size * 2
                return -1
        made.append(Box().twice())
    return made


def outer_nonlocal():
    hits = 0

    def hit(k):
        nonlocal hits
        for _ in range(k):
            if hits < 4:
                hits += 1
        return hits
    hit(2)
    hit(5)
    return hits


def with_and_try(n):
    log = []

    class Ctx:
        def __enter__(self):
            log.append("in")
            return 7

        def __exit__(self, *a):
            log.append("out")
            return False
    for i in range(n):
        with Ctx() as v:
            if i % 2:
                log.append(v + i)
        try:
            if i == 1:
                raise ValueError("one")
            log.append("ok")
        except ValueError as e:
            log.append(str(e))
    return log


def walrus_and_comps(xs):
    n = len(xs)
    if n > 2:
        big = [y for y in xs if y > n]
    else:
        big = []
    y = "outer"
    squares = {k: k * k for k in xs if k % 2 == 0 or k == 1}
    return n, big, y, squares


def lambda_scopes(a):
    fs = []
    for i in range(3):
        fs.append(lambda i=i: i if i else a)
    return [f() for f in fs]


def else_with_jumps(rows):
    out = []
    for row in rows:
        for v in row:
            if v < 0:
                break
        else:
            out.append("clean")
            continue
        out.append("dirty")
    return out


def while_else_break(n):
    i = 0
    while i < n:
        if i == 3:
            break
        i += 1
    else:
        return "ran out at %d" % i
    return "stopped at %d" % i


def multi_return_paths(x):
    if x > 10:
        if x > 100:
            return "huge"
        y = "big"
    elif x < 0:
        return "negative"
    else:
        y = "small"
    if x == 5:
        return y + "!"
    return y


def loop_var_after(n):
    for i in range(n):
        pass
    return i


def augmented_subscripts(n):
    d = {"a": 0}
    arr = [0, 0, 0]
    for k in range(n):
        d["a"] += k
        arr[k % 3] += 1
    return d, arr


def recursive(n):
    if n <= 1:
        return 1
    return n * recursive(n - 1)


def deep_nesting(n):
    total = 0
    i = 0
    while i < n:
        j = 0
        while j < n:
            if (i * j) % 3 == 0:
                if i == j:
                    total += 100
                else:
                    total += 1
            elif i > j:
                total -= 1
            j += 1
        i += 1
    return total


def unbound_read_fails(c):
    if c:
        v = 1
    return v


def delete_in_branch(n):
    kept = []
    for k in range(n):
        tmp = k * 3
        if k % 2:
            del tmp
            tmp = -k
        kept.append(tmp)
    return kept


shared = []


def uses_global(n):
    global shared
    for k in range(n):
        if k:
            shared = shared + [k]
    return len(shared)


print(dead_between(True), dead_between(False))
print(def_in_branch(True), def_in_branch(False))
print(class_in_loop(4))
print(outer_nonlocal())
print(with_and_try(3))
print(walrus_and_comps([1, 2, 3, 4, 5]), walrus_and_comps([9]))
print(lambda_scopes("a"))
print(else_with_jumps([[1, 2], [3, -1], []]))
print(while_else_break(2), while_else_break(9))
print([multi_return_paths(v) for v in (500, 50, -3, 5, 2)])
print(loop_var_after(4))
print(augmented_subscripts(5))
print(recursive(6))
print(deep_nesting(5))
print(unbound_read_fails(True))
try:
    unbound_read_fails(False)
except NameError as e:
    print("NameError", "'v'" in str(e))
except UnboundLocalError:
    print("NameError", True)
print(uses_global(4), shared)
print(delete_in_branch(4))
