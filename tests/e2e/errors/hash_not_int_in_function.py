# ingot-test: eager-exit=1
# A __hash__ that returns a str, run by a dict store inside a function: the error is
# at that statement (not the caller's), with the traceback through both frames.
class Key:
    def __hash__(self):
        return "not an int"


def store(d):
    d[Key()] = 1
    return d


print("storing")
store({})
