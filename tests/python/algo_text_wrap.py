# Greedy and justified text wrapping: split/join, len arithmetic, divmod to spread spaces,
# center/ljust/rjust alignment, a boxed paragraph and word hyphen-free long-word splitting.
text = ("It was the best of times, it was the worst of times, it was the age of wisdom, "
        "it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity.")

def wrap(words, width):
    lines, cur = [], []
    for w in words:
        while len(w) > width:
            if cur:
                lines.append(cur)
                cur = []
            lines.append([w[:width]])
            w = w[width:]
        if cur and len(" ".join(cur + [w])) > width:
            lines.append(cur)
            cur = []
        cur.append(w)
    if cur:
        lines.append(cur)
    return lines

def justify(line, width):
    if len(line) == 1:
        return line[0].ljust(width)
    gaps = len(line) - 1
    spaces = width - sum(len(w) for w in line)
    q, r = divmod(spaces, gaps)
    out = ""
    for i, w in enumerate(line[:-1]):
        out += w + " " * (q + (1 if i < r else 0))
    return out + line[-1]

words = text.split()
for width in (30, 18):
    print(f"--- width {width} ---")
    lines = wrap(words, width)
    for i, ln in enumerate(lines):
        body = justify(ln, width) if i < len(lines) - 1 else " ".join(ln).ljust(width)
        print("|" + body + "|")
print("--- centered ---")
for ln in wrap(words[:12], 24):
    print("[" + " ".join(ln).center(24, ".") + "]")
print("--- right ---")
for ln in wrap("a bb ccc dddd eeeee ffffff ggggggg".split(), 12):
    print(repr(" ".join(ln).rjust(12)))
print("--- long words ---")
for ln in wrap(["supercalifragilistic", "is", "long", "abcdefghijklmnopqrstuvwxyz0123"], 8):
    print(ln)
box = wrap("Small boxes hold short words nicely".split(), 14)
print("+" + "-" * 16 + "+")
for ln in box:
    print("| " + " ".join(ln).ljust(14) + " |")
print("+" + "-" * 16 + "+")
print(len(wrap(words, 1000)), len(wrap([], 10)), wrap(["x"], 1))
