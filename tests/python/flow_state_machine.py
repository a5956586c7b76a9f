# Finite state machines driven by dicts: a transition table keyed by (state, input)
# tuples, a vending machine with while loops and early exits, and a tokenizer loop.
turnstile = {
    ("locked", "coin"): "unlocked",
    ("locked", "push"): "locked",
    ("unlocked", "push"): "locked",
    ("unlocked", "coin"): "unlocked",
}
state = "locked"
trace = [state]
for event in ["push", "coin", "coin", "push", "push", "coin", "push"]:
    state = turnstile[(state, event)]
    trace.append(state)
print(" -> ".join(trace))
print(sum(1 for s in trace if s == "unlocked"), trace.count("locked"))

def vend(coins, price):
    balance = 0
    log = []
    for c in coins:
        if c not in (5, 10, 25):
            log.append("reject %d" % c)
            continue
        balance += c
        log.append(f"+{c} = {balance}")
        if balance >= price:
            log.append(f"vend, change {balance - price}")
            break
    else:
        log.append(f"refund {balance}")
    return log

for coins in [[25, 25], [10, 3, 10, 25, 5], [5, 5], [], [25, 25, 25, 25]]:
    print(coins, vend(coins, 50))

def tokenize(src):
    tokens = []
    i = 0
    mode = "start"
    buf = ""
    while i <= len(src):
        ch = src[i] if i < len(src) else " "
        if mode == "start":
            if ch.isdigit():
                mode, buf = "num", ch
            elif ch.isalpha() or ch == "_":
                mode, buf = "name", ch
            elif ch == '"':
                mode, buf = "str", ""
            elif ch in "+-*/()=":
                tokens.append(("op", ch))
            i += 1
        elif mode == "num":
            if ch.isdigit() or ch == ".":
                buf += ch
                i += 1
            else:
                tokens.append(("num", float(buf) if "." in buf else int(buf)))
                mode = "start"
        elif mode == "name":
            if ch.isalnum() or ch == "_":
                buf += ch
                i += 1
            else:
                tokens.append(("name", buf))
                mode = "start"
        else:
            if ch == '"' or i == len(src):
                tokens.append(("str", buf))
                mode = "start"
            else:
                buf += ch
            i += 1
    return tokens

for src in ['x = 3 + 42*y_2', 'total=(a1 - 0.5) / 2', 'say "hi there" 7', '']:
    toks = tokenize(src)
    print(repr(src), len(toks))
    print("   ", toks)
kinds = {}
for kind, val in tokenize('a = b + c * "s" - 1.25 / d2'):
    kinds.setdefault(kind, []).append(val)
print(sorted(kinds.items()))

states = {"A": {"0": "A", "1": "B"}, "B": {"0": "C", "1": "A"}, "C": {"0": "B", "1": "C"}}
def divisible_by_3(bits):
    s = "A"
    for b in bits:
        s = states[s][b]
    return s == "A"
print([n for n in range(30) if divisible_by_3(f"{n:b}")])
print(all(divisible_by_3(format(n, "b")) == (n % 3 == 0) for n in range(200)))
