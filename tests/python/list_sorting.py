# Sorting: sorted() and list.sort() with key= and reverse=, stability with equal keys,
# tuple ordering, mixed int/float, strings by case and length, and min/max with key.
data = [("bob", 25, 3.5), ("ann", 31, 2.0), ("cid", 25, 4.0), ("dan", 19, 3.5), ("eve", 31, 1.5)]
print(sorted(data))
print(sorted(data, key=lambda r: r[1]))
print(sorted(data, key=lambda r: r[1], reverse=True))
print(sorted(data, key=lambda r: (r[2], r[0])))
print(sorted(data, key=lambda r: (-r[1], r[0])))
print([r[0] for r in sorted(data, key=lambda r: r[2], reverse=True)])
print(sorted([3, 1.5, 2, -1, 0.0, True]), sorted([]), sorted([5]), sorted((3, 2, 1)), sorted("cab"))
words = ["banana", "Apple", "cherry", "apple", "Banana", "fig", "Date"]
print(sorted(words))
print(sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: (len(w), w.lower(), w)))
print(sorted(words, reverse=True))
nums = [10, -3, 7, -8, 0, 5, -3]
print(sorted(nums, key=abs), sorted(nums, key=abs, reverse=True), sorted(nums, key=lambda x: x * x))
nums.sort(key=lambda x: -x)
print(nums)
pairs = [[2, "b"], [1, "z"], [2, "a"], [1, "a"]]
pairs.sort()
print(pairs)
pairs.sort(key=lambda p: p[1])
print(pairs)
print(min(data, key=lambda r: r[2]), max(data, key=lambda r: r[1]), min(words, key=len), max(words, key=len))
print(min([4, 2, 8]), max([4, 2, 8]), min("zebra"), max([[1, 2], [1, 2, 0]]), min((2, "b"), (2, "a")))
print(max([1, 5, 5, 3], key=lambda x: x % 5), min([], default="none"), max([], default=0))

def by_second(p):
    return p[1]

print(sorted({"x": 3, "y": 1, "z": 2}.items(), key=by_second), sorted({"x": 3, "y": 1, "z": 2}))
grid = [[3, 1, 2], [9, 7, 8], [6, 5, 4]]
print(sorted(grid), sorted(grid, key=sum), sorted(grid, key=lambda r: r[-1]), [sorted(r) for r in grid])
print(sorted(range(10), key=lambda i: (i % 3, -i)))
lst = list(range(20, 0, -1))
lst.sort()
print(lst[:5], lst[-5:], lst == sorted(lst), sorted(lst, reverse=True) == lst[::-1])
ranking = sorted(enumerate([30, 10, 20, 10]), key=lambda t: (t[1], t[0]))
print(ranking, [i for i, _ in ranking])
