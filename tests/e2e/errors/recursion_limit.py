# Unbounded recursion is a clean RecursionError at CPython's depth (1000 frames),
# not a crash; the traceback counts the repeated line as CPython does.
def countdown(n):
    return countdown(n - 1) + 1


print(countdown(10))
