# The class forms of dict.fromkeys and str.maketrans, f-strings' !a, and functions'
# __defaults__ / __kwdefaults__.
print(dict.fromkeys("abc"), dict.fromkeys(range(3), 0), dict.fromkeys([]), dict.fromkeys({"x": 1}, [1]))
t = str.maketrans("abc", "xyz", "d")
print(t, "abcd".translate(t), "héllo".translate(str.maketrans({"é": "e", "l": None})))
try:
    dict.fromkeys()
except TypeError as e:
    print("TypeError:", e)
try:
    str.maketrans("ab", "c")
except ValueError as e:
    print("ValueError:", e)
s = "naïve ☃ \U0001f600"
print(f"{s!a} {s!r} {s!s} {s!a:>30}|", f"{['é']!a}", f"{s!a}" == ascii(s))

def f(a, b=2, *args, c, d=4, **kw):
    return a, b, c, d

def g(x, y):
    return x + y

def h(p=[], q=None, *, r=(1, "é")):
    return p, q, r

print(f.__defaults__, f.__kwdefaults__, g.__defaults__, g.__kwdefaults__, h.__defaults__, h.__kwdefaults__)
print((lambda x=1, *, y=2: x).__defaults__, (lambda x=1, *, y=2: x).__kwdefaults__, (lambda: 0).__defaults__)
h.__defaults__[0].append(1)
print(h(), h.__defaults__)
