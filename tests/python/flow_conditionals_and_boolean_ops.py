# if/elif/else, conditional expressions, chained comparisons, and/or returning
# their operands (short-circuit), not, truthiness of values, is/in, assert and del.
def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "big"
print([classify(v) for v in (-5, 0, 3, 10, 99)])
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0, 1 == 1.0 == True, 1 < 2 > 0, 5 >= 5 <= 6 != 7)
x = 5
print(0 < x <= 5, 0 < x < 5, -1 < -x < 0, "a" < "b" < "ba" < "c", [1] < [1, 0] < [2])
calls = []
def noisy(v):
    calls.append(v)
    return v
print(noisy(1) < noisy(2) < noisy(0) < noisy(9), calls)
print(0 or 5, "" or "default", None or [] or 0, 3 or 4, [] or {} or "last")
print(0 and 5, 2 and 3, "x" and "" and "y", None and crash_if_evaluated, 1 and [1] and "ok")
print(not 0, not "", not [0], not None, not not "x", (not 1) == False)
calls = []
r = noisy(0) and noisy(1)
r2 = noisy(2) or noisy(3)
r3 = noisy("") or noisy(None) or noisy("end")
print(r, r2, r3, calls)
vals = [0, 0.0, "", [], (), {}, None, False, 1, -1, "0", [0], (0,), {0: 0}, 0.1, True]
print([bool(v) for v in vals])
print(["T" if v else "F" for v in vals])
print(sum(1 for v in vals if v), len([v for v in vals if not v]))
def sign(n):
    return "+" if n > 0 else "-" if n < 0 else "0"
print([sign(v) for v in (3, -2, 0)], "yes" if [] else "no", ("a" if 0 else "b") + "c")
nested = lambda a, b: ("both" if b else "a only") if a else ("b only" if b else "neither")
print([nested(a, b) for a in (0, 1) for b in (0, 1)])
a = [1, 2, 3]
b = a
c = [1, 2, 3]
print(a is b, a is c, a == c, a is not c, None is None, 1 in a, 4 not in a, "bc" in "abcd", "" in "x")
print(2 in {1: "a", 2: "b"}, "b" in {1: "a", 2: "b"}, (1, 2) in [(1, 2)], [1] in [[1]])
print(1 if True else crash_if_evaluated, max(0, 1) and min(0, 1), (None or 0) == 0)
grade = lambda s: "A" if s >= 90 else "B" if s >= 80 else "C" if s >= 70 else "F"
print([grade(s) for s in (95, 85, 75, 10, 90, 80)])
def fizz(n):
    return "FizzBuzz" if n % 15 == 0 else "Fizz" if n % 3 == 0 else "Buzz" if n % 5 == 0 else str(n)
print(" ".join(fizz(i) for i in range(1, 22)))
assert 1 < 2, "never shown"
assert [0], "non-empty list is truthy"
assert not {} and not ""
value = 7
if value > 5:
    if value % 2:
        kind = "big odd"
    else:
        kind = "big even"
elif value > 0:
    kind = "small"
else:
    kind = "non-positive"
print(kind)
if []:
    print("no")
elif {}:
    print("no")
elif "0":
    print("string '0' is truthy")
d = {"a": 1, "b": 2}
del d["a"]
lst = [0, 1, 2, 3, 4, 5]
del lst[1]
del lst[0]
del lst[-1]
print(d, lst)
tmp = 1
del tmp
tmp = "again"
print(tmp)
print(any([]), all([]), any(x > 3 for x in range(5)), all(x < 3 for x in range(5)), any([0, "", None]), all([1, "a"]))
print(min(3, 1, 2) or "zero?", max("", "a") and "has a", [] == [] is not None)
print((1, 2) < (1, 3), (2,) > (1, 99), "Z" < "a", "abc" <= "abd", 3 != 3.0, 0.1 + 0.2 == 0.3)
t = 15
print("teen" if 13 <= t <= 19 else "not teen", 10 < t < 20 and t % 5 == 0, t > 20 or t < 16)
