# Builtins over sequences: len/min/max/sum/any/all/zip/enumerate/reversed/range/map/filter/
# sorted on lists, tuples, strings and ranges, including empty inputs and negative steps.
seqs = [[], [5], [3, -1, 4, -1, 5], (2.5, 1, 7), range(0), range(-3, 4), "hello"]
for sq in seqs:
    items = list(sq)
    print(repr(sq) if not isinstance(sq, range) else sq, len(sq), items, list(reversed(sq)), any(sq), all(sq), bool(sq))
print(min([3, -1, 4]), max((2.5, 1, 7)), min("hello"), max(range(-3, 4)), min(5, 2, 9), max(1, 1.0), min(1.0, 1))
print(sum([]), sum(()), sum(range(1, 11)), sum([0.5, 0.25]), sum([[1], [2, 3]], []), sum((1, 2), 100))
print(list(range(5)), list(range(2, 5)), list(range(10, 2, -3)), list(range(0, -5, -1)), list(range(5, 5)), list(range(-2)))
print(range(3), range(1, 7, 2), len(range(1, 7, 2)), len(range(10, 0, -3)), range(10)[3], range(10)[-2], 4 in range(0, 10, 2), 3 in range(0, 10, 2))
print(list(zip([1, 2, 3], "abcd")), list(zip()), list(zip([], [1])), list(zip(range(3), range(3, 6), "xyz")))
print(list(enumerate([])), list(enumerate("ab")), list(enumerate(["x", "y"], 10)), list(enumerate(range(3), start=-1)))
print(list(map(abs, [-1, 2, -3])), list(map(str, range(3))), list(map(lambda a, b: a - b, [10, 20], [1, 2, 3])))
print(list(filter(None, [0, 1, "", "a", [], [0], None])), list(filter(lambda v: v > 1, (1, 2, 3))), list(filter(str, ["", "q"])))
print(list(reversed(range(1, 10, 3))), list(reversed((1, 2))), "".join(reversed("abc")), list(reversed([])))
print(any([0, "", None]), any([0, "x"]), all([1, "x", [0]]), all([1, 0]), any(range(0)), all(range(1, 5)))
print(len([]), len(""), len(()), len({}), len(range(100)), len([[1, 2, 3]]), len("a\tb"))
print(list("abc"), tuple([1, 2]), list((1,)), tuple("xy"), list(range(3)) + [3], tuple(), list())
print(dict(enumerate("ab")), dict(zip(["k1", "k2"], [1, 2])), dict([("a", 1)]), dict(a=1, b=2))
print(abs(-3), abs(2.5), abs(-0.0), divmod(7, 2), divmod(-7, 2), round(3.14159, 3), round(-2.5))
print(str(list(range(3))), repr((1,)), repr(()), str([None, True, 1.0, "s"]), repr({"a": [1, (2,)]}))
nested = [[3, 2], [1], [], [5, 4, 6]]
print(sorted(nested), sorted(nested, key=len), max(nested, key=len), min(nested), [sum(x) for x in nested], sum(map(len, nested)))
print(max(nested, key=lambda l: sum(l) if l else -1), sorted(map(sorted, nested)), list(map(len, nested)))
scores = [88, 92, 75, 92, 60]
best = max(range(len(scores)), key=lambda i: scores[i])
print(best, scores.index(max(scores)), sorted(range(len(scores)), key=lambda i: -scores[i]), sum(scores) / len(scores))
print([i * s for i, s in enumerate(scores)], list(zip(scores, scores[1:])), [b - a for a, b in zip(scores, scores[1:])])
print(isinstance([], list), isinstance((), (list, tuple)), isinstance("s", (int, float)), isinstance(range(1), range), isinstance({}, dict))
print(list(range(3)) == [0, 1, 2], (1, 2) == (1, 2), [1, 2] == (1, 2), [1, [2]] == [1, [2]], () < (0,), [1, 2] > [1, 1, 9])
