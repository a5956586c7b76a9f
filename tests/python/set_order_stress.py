# Sets changed by a fixed pseudo-random sequence of adds, discards, pops and algebra:
# every listing must be in CPython's order (same hashes, table, probes and resizes).
seed = 12345


def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return (seed >> 8) % n


def value():
    kind = rnd(6)
    if kind == 0:
        return rnd(1000) - 500
    if kind == 1:
        return (rnd(100) - 50) * 1000003
    if kind == 2:
        return rnd(40) / 4
    if kind == 3:
        return (rnd(5), rnd(5) - 2)
    if kind == 4:
        return 2 ** rnd(62) - rnd(3)
    return rnd(64)


sets = [set() for _ in range(5)]
for step in range(4000):
    k = rnd(5)
    other = sets[rnd(5)]
    op = rnd(16)
    if op < 6:
        sets[k].add(value())
    elif op < 8:
        sets[k].discard(value())
    elif op == 8 and sets[k]:
        sets[k].pop()
    elif op == 9:
        sets[k] = sets[k] | other
    elif op == 10:
        sets[k] = sets[k] & other
    elif op == 11:
        sets[k] = sets[k] - other
    elif op == 12:
        sets[k] = sets[k] ^ other
    elif op == 13:
        sets[k] ^= other
    elif op == 14:
        sets[k] = set(list(sets[k]))
    else:
        sets[k].update([value() for _ in range(rnd(8))])
    if step % 250 == 0:
        print(step, [len(s) for s in sets])
        for s in sets:
            print("  ", list(s)[:12])
print({x % 37 for x in range(0, 3000, 7)})
print(set(range(-20, 20, 3)), {-1, -2, -3, 0, 1, 2, 3}, {0.5, 1.5, 2.0, 2, 3.25, -1.0})
print({(i, j) for i in range(3) for j in range(3)})
