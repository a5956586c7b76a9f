# Strings built by appending in a loop (s = s + x, s += x) take linear time in ingot
# (400,000 appends took 78 s): the string grows in place while nothing else can see
# it. Every alias, snapshot and read keeps the value it had.


def build(n):
    r = "<"
    for i in range(n):
        r += str(i % 10)
    return r + ">"


s = ""
for i in range(200000):
    s = s + "ab"
print(len(s), s[:6], s[-4:], s.count("ab"))
t = ""
for i in range(200000):
    t += "xy"
print(len(t), t == "xy" * 200000)
print(build(25))

a = "ab"
a = a + "cd"
b = a
a = a + "ef"
print(a, b)

c = "x"
c += "y"
keep = [c]
c += "z"
print(c, keep)

d = "p"
d += "q"
d += d
d += "r"
print(d)

e = "m"
e = e + "n"


def show():
    return e


e += "o" + show()
print(e)

g = "s"
g += "t"
snap = {"g": g}
g += "u"
print(snap, g)

total = "0"
parts = []
for i in range(1, 6):
    total += "+" + str(i)
    parts.append(total)
print(parts)


def outer():
    acc = "a"

    def inner():
        nonlocal acc
        acc += "b"
        acc = acc + "c"
        return acc

    first = inner()
    second = inner()
    return first, second, acc


print(outer())

counter = ""


def bump():
    global counter
    counter += "!"
    counter = counter + "?"


for i in range(3):
    bump()
    before = counter
    bump()
    print(before, counter)

x = "head"
x += "é"
y = x
x += "ü"
print(x, y, len(x), len(y))
words = ["alpha", "beta", "gamma"]
line = ""
for w in words:
    line = line + w
    line += ","
print(line, line.split(","))
