# Positional-only parameters are outside the subset: a located error naming them.
def f(a, /, b):
    return a + b


print(f(1, 2))
