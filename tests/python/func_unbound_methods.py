# Methods taken from a built-in class (str.upper, list.append) are called with the
# instance first, so they work with map() and as sort keys; __name__ of builtins.
print(str.upper("abc"), list(map(str.strip, [" a ", "b  "])), str.join("-", ["x", "y"]), sorted(["b", "A", "c"], key=str.lower))
l = [3, 1]
list.append(l, 2)
print(l, dict.get({"k": 1}, "k"), len.__name__, str.__name__, type(3).__name__, int.__name__)
print(list(map(str.upper, "hi")), set.union({1}, {2}), tuple.count((1, 1, 2), 1))
