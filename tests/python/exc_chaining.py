# Exception chaining and control flow: `raise X from Y` sets __cause__ and
# __suppress_context__, raising inside a handler sets __context__ implicitly,
# `from None` hides it, bare `raise` re-raises the active exception, finally runs
# on every path and a return/raise in finally overrides the pending one.
def describe(e):
    cause = e.__cause__
    ctx = e.__context__
    return (f"{type(e).__name__}({e}) cause={type(cause).__name__ if cause is not None else None}"
            f" context={type(ctx).__name__ if ctx is not None else None} suppress={e.__suppress_context__}")


def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise RuntimeError(f"bad number {s!r}") from e


try:
    parse("x1")
except RuntimeError as e:
    print(describe(e))
    print(e.__cause__ is e.__context__, str(e.__cause__))

# Implicit chaining: an error while handling another.
try:
    try:
        {}["k"]
    except KeyError:
        [][0]
except IndexError as e:
    print(describe(e), repr(e.__context__))

# from None suppresses the displayed context but still records it.
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("clean") from None
except ValueError as e:
    print(describe(e))

# Explicit cause that is not the exception being handled; a cause outside any handler.
try:
    raise TypeError("t") from KeyError("unrelated")
except TypeError as e:
    print(describe(e), e.__cause__.args)
fresh = ValueError("new")
print(fresh.__cause__, fresh.__context__, fresh.__suppress_context__)

# Bare raise re-raises the current exception unchanged.
def reraiser(log):
    try:
        raise KeyError("orig")
    except KeyError as e:
        log.append("handled once")
        raise


log = []
try:
    reraiser(log)
except KeyError as e:
    log.append(f"outer got {e!r} context={e.__context__}")
print(log)

# finally runs on normal exit, on return, on exception, on break and continue.
trace = []


def f(mode):
    try:
        trace.append("body:" + mode)
        if mode == "return":
            return "returned"
        if mode == "raise":
            raise ValueError(mode)
        trace.append("end")
    finally:
        trace.append("finally:" + mode)
    return "fell through"


for mode in ("normal", "return", "raise"):
    try:
        trace.append(f(mode))
    except ValueError as e:
        trace.append("caught " + str(e))
print(trace)

seen = []
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        seen.append(i)
    finally:
        seen.append(f"fin{i}")
print(seen)


# return in finally wins over a return and swallows an exception.
def override_return():
    try:
        return "try"
    finally:
        return "finally"


def swallow():
    try:
        raise RuntimeError("lost")
    finally:
        return "swallowed"


def replace_exc():
    try:
        raise KeyError("first")
    finally:
        raise ValueError("second")


print(override_return(), swallow())
try:
    replace_exc()
except ValueError as e:
    print(describe(e))


# try/except/else/finally ordering, nested tries with the inner finally first.
def full(n):
    steps = []
    try:
        steps.append("try")
        try:
            steps.append("inner")
            if n == 1:
                raise IndexError("i")
            if n == 2:
                raise KeyError("k")
        except IndexError:
            steps.append("inner-except")
        else:
            steps.append("inner-else")
        finally:
            steps.append("inner-finally")
    except KeyError:
        steps.append("outer-except")
    else:
        steps.append("outer-else")
    finally:
        steps.append("outer-finally")
    return steps


for n in range(3):
    print(n, full(n))

# Chain walked through __context__ links in a three-level implicit chain.
try:
    try:
        try:
            raise ValueError("a")
        except ValueError:
            raise TypeError("b")
    except TypeError:
        raise KeyError("c")
except KeyError as e:
    chain = []
    cur = e
    while cur is not None:
        chain.append(f"{type(cur).__name__}:{cur.args[0]}")
        cur = cur.__context__
    print(" <- ".join(chain))

# An exception raised and caught in a handler does not leak into the outer one's identity.
try:
    raise ValueError("outer")
except ValueError as outer:
    try:
        raise KeyError("inner")
    except KeyError as inner:
        print(inner.__context__ is outer, type(outer).__name__, outer.args)
    print("still handling", outer)
