# Reverse Polish calculator: a list as a stack, a dict of operator functions (lambdas),
# tokenizing with split, int/float parsing, error reporting through return values.
ops = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "^": lambda a, b: a ** b,
}

def parse_number(tok):
    if tok.lstrip("-").isdigit():
        return int(tok)
    if tok.count(".") == 1 and tok.replace(".", "", 1).lstrip("-").isdigit():
        return float(tok)
    return None

def rpn(expr):
    stack = []
    for tok in expr.split():
        if tok in ops:
            if len(stack) < 2:
                return "error: stack underflow at " + repr(tok)
            b = stack.pop()
            a = stack.pop()
            if tok in ("/", "//", "%") and b == 0:
                return "error: division by zero"
            stack.append(ops[tok](a, b))
        elif tok == "dup":
            stack.append(stack[-1])
        elif tok == "swap":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif tok == "neg":
            stack[-1] = -stack[-1]
        else:
            n = parse_number(tok)
            if n is None:
                return "error: bad token " + repr(tok)
            stack.append(n)
    if len(stack) != 1:
        return "error: leftover " + str(stack)
    return stack[0]

tests = [
    "3 4 +", "5 1 2 + 4 * + 3 -", "2 3 ^ 2 ^", "7 2 /", "7 2 //", "-7 2 //", "-7 2 %",
    "1.5 2 *", "10 3 / 3 *", "2 dup *", "1 2 swap -", "4 neg 3 *", "1 0 /", "1 +",
    "1 2 3", "2 x +", "0.1 0.2 +", "2 62 ^", "-3.5 neg 2 //", "6 4 % 3 ^",
]
for t in tests:
    r = rpn(t)
    print(f"{t!r:24} => {r!r}")

def to_infix(expr):
    stack = []
    for tok in expr.split():
        if tok in ops:
            b = stack.pop()
            a = stack.pop()
            stack.append("(%s %s %s)" % (a, tok, b))
        else:
            stack.append(tok)
    return stack[0]

for t in tests[:3]:
    print(to_infix(t), "=", rpn(t))
