# ingot-test: eager-exit=1
# print() of a list nested 100000 deep is a RecursionError, as in CPython (it used
# to take seconds to print), located at the statement with its traceback.
def nest(n):
    v = []
    for i in range(n):
        v = [v]
    return v


def show(v):
    print(v)


show(nest(100000))
