# ingot-test: eager-exit=1
# == on two lists nested 100000 deep is a RecursionError, as in CPython (it used to
# answer True).
def nest(n):
    v = []
    for i in range(n):
        v = [v]
    return v


a = nest(100000)
b = nest(100000)
print("comparing")
same = a == b
