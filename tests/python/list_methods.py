# list methods: append/extend/insert (incl. out-of-range and negative positions), pop,
# remove, index, count, sort, reverse, copy, del by index, rebuilding by slices, += and *=.
a = [3, 1, 4]
a.append(1)
a.extend([5, 9])
a.extend((2, 6))
a.extend("ab")
a.extend(range(2))
print(a, len(a))
a.insert(0, "first")
a.insert(-1, "before-last")
a.insert(100, "end")
a.insert(-100, "start")
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a.pop(3), a)
a.remove("first")
a.remove(1)
print(a, a.index(5), a.index("a"), a.count(1), a.count("zz"))
nums = [5, 2, 8, 2, 9, 1, 2]
print(nums.count(2), nums.index(2), nums.index(9))
nums.sort()
print(nums)
nums.reverse()
print(nums)
nums.sort(reverse=True)
print(nums)
nums.sort(key=lambda x: (x % 3, x))
print(nums)
c = nums.copy()
c.append(100)
print(nums, c, nums == c[:-1], c is nums)
c = []
print(c, len(c), nums[:])
d = list(range(10))
del d[0]
del d[-1]
del d[len(d) // 2]
print(d)
d = d[:1] + d[3:]
print(d)
e = list(range(8))
e = e[:2] + ["x", "y", "z"] + e[4:]
print(e)
e.insert(0, -1)
e.append(99)
print(e, e[1:6], e[::2], e[-2::-3])
i = 0
while i < len(e):
    if isinstance(e[i], str):
        del e[i]
    else:
        e[i] = e[i] * 2
        i += 1
print(e)
f = []
for i in range(5):
    f += [i]
    f *= 1
f += "hi"
print(f, f * 2, [0] * 3, [] * 5, 2 * [None])
g = [1, 2, 3]
print(g.pop(), g.pop(), g.pop(), g, len(g))
h = [[1, 2], [3]]
h[0].append(9)
h[1].extend(h[0])
print(h, sum(len(x) for x in h))
stack = []
for ch in "(a[b]{c}(d))":
    if ch in "([{":
        stack.append(ch)
    elif ch in ")]}":
        stack.pop()
print(stack == [], stack)
queue = [1, 2, 3]
queue.append(queue.pop(0))
queue.insert(0, queue.pop())
print(queue, queue[::-1], list(reversed(queue)))
