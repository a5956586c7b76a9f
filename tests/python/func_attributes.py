# Attributes set on a function (a cache kept on the function itself), read back,
# updated, and found by hasattr/getattr.
def memo(n):
    if n in memo.cache:
        return memo.cache[n]
    r = n if n < 2 else memo(n - 1) + memo(n - 2)
    memo.cache[n] = r
    return r
memo.cache = {}
memo.calls = 0
print(memo(40), len(memo.cache), memo.calls, memo.__name__, hasattr(memo, "cache"), getattr(memo, "nope", "default"))
memo.calls += 5
print(memo.calls)
