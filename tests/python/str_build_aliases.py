# Strings grown in place (s += x, s = s + x) keep every other view of them: a global
# read by another function, the module attribute m.s, a name bound by
# `from m import s`, a default argument and a closure all keep the value they saw.
import _str_build_module as m
from _str_build_module import s as imported

print(m.s, imported)
before = m.s
print(m.grow("a"), before, imported)
print(m.grow("b"), before, imported, m.s)

from _str_build_module import s as later

m.grow("c")
print(later, m.s)

name = "g"
name += "1"


def read_global():
    return name


seen = read_global()
name += "2"
print(seen, name, read_global())


def make(prefix):
    def tail():
        return prefix

    return tail


base = "c"
base += "l"
t = make(base)
base += "x"
print(t(), base)


def with_default(v=base):
    return v


base += "y"
print(with_default(), base)

pair = ("k", "v")
k = pair[0]
k += "!"
print(pair, k)

items = {"key": "w"}
w = items["key"]
w += "z"
w = w + "z"
print(items, w)
