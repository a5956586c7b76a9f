# AutoGraph semantics sample: composite names (d['k'], xs[0], self.x, self.s['n'])
# assigned inside control flow become state; the converted program must print
# exactly what this one prints.


def dict_loop(n):
    d = {"sum": 0, "odd": 0}
    i = 1
    while i <= n:
        d["sum"] = d["sum"] + i
        if i % 2 == 1:
            d["odd"] += 1
        i += 1
    return d["sum"], d["odd"]


def list_item_for(xs):
    acc = [0, 1]
    for x in xs:
        acc[0] += x
        acc[1] *= x
    return acc


def both_branches(c):
    d = {"y": 0}
    if c:
        d["y"] = 1
    else:
        d["y"] = -1
    return d["y"]


def mixed_with_names(n):
    d = {0: 0}
    total = 0
    for i in range(n):
        d[0] = d[0] + i
        total = total + d[0]
    return d, total


def base_not_live(n):
    i = 0
    while i < n:
        tmp = {"k": 0}
        tmp["k"] = i
        i += 1
    return i


def tuple_of_items(n):
    d = {"a": 1, "b": 2}
    for _ in range(n):
        d["a"], d["b"] = d["b"], d["a"] + d["b"]
    return d


def reassigned_base(n):
    d = {"k": 0}
    for i in range(n):
        d = {"k": d["k"]}
        d["k"] += i
    return d["k"]


class Stats:
    def __init__(self):
        self.x = 0
        self.s = {"n": 0}

    def run(self, xs):
        for v in xs:
            if v > 0:
                self.x = self.x + v
                self.s["n"] += 1
            else:
                self.x -= 1
        return self.x, self.s["n"]


def while_with_break(n):
    box = [0]
    while True:
        box[0] += 1
        if box[0] >= n:
            break
    return box[0]


d_top = {"count": 0}
for k in range(4):
    if k % 2 == 0:
        d_top["count"] += k

print(dict_loop(9), dict_loop(0))
print(list_item_for([1, 2, 3]), list_item_for([]))
print(both_branches(True), both_branches(False))
print(mixed_with_names(4))
print(base_not_live(3))
print(tuple_of_items(5))
print(reassigned_base(4))
print(Stats().run([3, -1, 4]))
print(while_with_break(3))
print(d_top)
