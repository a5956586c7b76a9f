# Word frequency: dict counting, str methods (lower/strip/split), sorting by (-count, word)
# tuples, f-string alignment and a percentage format spec.
text = """The cat sat on the mat. The dog sat on the log!
A cat, a dog, and a bird; the bird sang. Did the cat care? No, the cat slept."""
punct = ".,;!?"
words = []
for line in text.splitlines():
    for raw in line.split():
        w = raw.strip(punct).lower()
        if w:
            words.append(w)
print(len(words), "words,", len(set(words)), "distinct")
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for word, n in ranked[:10]:
    print(f"{word:<6}|{n:>3} {'#' * n:<8}| {n / len(words):6.1%}")
by_len = {}
for w in counts:
    by_len.setdefault(len(w), []).append(w)
for k in sorted(by_len):
    print(k, sorted(by_len[k]))
first = {}
for i, w in enumerate(words):
    if w not in first:
        first[w] = i
print(list(first.items())[:6])
singles = [w for w, n in counts.items() if n == 1]
print("singletons:", ", ".join(sorted(singles)))
print("most common:", max(counts, key=lambda w: (counts[w], w)))
initials = {}
for w in words:
    initials[w[0]] = initials.get(w[0], 0) + 1
print(sorted(initials.items(), key=lambda t: t[1], reverse=True)[:5])
print("%-5s %5d" % ("total", sum(counts.values())), "%.3f" % (sum(map(len, words)) / len(words)))
