# Conway's Life on a set of (row, col) tuples: neighbor counting in a dict, set
# comprehensions, bounding boxes with min/max, rendering to strings, period detection with sorted tuples as dict keys.
def step(live):
    counts = {}
    for r, c in live:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    key = (r + dr, c + dc)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}

def render(live, r0, c0, r1, c1):
    return ["".join("#" if (r, c) in live else "." for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)]

def bbox(live):
    rows = [r for r, _ in live]
    cols = [c for _, c in live]
    return min(rows), min(cols), max(rows), max(cols)

def normalize(live):
    r0, c0, _, _ = bbox(live)
    return tuple(sorted((r - r0, c - c0) for r, c in live))

blinker = {(1, 0), (1, 1), (1, 2)}
b2 = step(blinker)
print(sorted(b2), step(b2) == blinker)
glider = {(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)}
g = glider
for gen in range(5):
    print("gen", gen, len(g), bbox(g))
    for line in render(g, 0, 0, 4, 4):
        print("   ", line)
    g = step(g)
print(normalize(g) == normalize(glider), sorted(g))
block = {(0, 0), (0, 1), (1, 0), (1, 1)}
print(step(block) == block, step(set()), step({(5, 5)}))
r_pent = {(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)}
history = []
cur = r_pent
for i in range(30):
    history.append(len(cur))
    cur = step(cur)
print(history)
print(bbox(cur), max(history), history.index(max(history)))
toad = {(1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2)}
seen = {}
cur = toad
for i in range(10):
    key = normalize(cur)
    if key in seen:
        print("period", i - seen[key], "first at", seen[key])
        break
    seen[key] = i
    cur = step(cur)
