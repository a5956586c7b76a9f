# Matching exceptions: handler order (first match wins, a base class catches its
# subclasses), tuples of classes, bare except, `as` names unbound after the handler,
# isinstance/issubclass on the built-in hierarchy, e.args, and str/repr of
# exceptions with 0, 1 and 2 arguments (KeyError's str is the repr of its key).
def classify(exc):
    try:
        raise exc
    except KeyError:
        return "KeyError"
    except LookupError as e:
        return "LookupError(" + type(e).__name__ + ")"
    except (ZeroDivisionError, OverflowError):
        return "arith-specific"
    except ArithmeticError:
        return "arith"
    except (TypeError, ValueError) as e:
        return "type/value:" + type(e).__name__
    except Exception as e:
        return "other:" + type(e).__name__


cases = [KeyError("k"), IndexError(1), ZeroDivisionError(), OverflowError(), ArithmeticError(),
         TypeError(), ValueError(), UnicodeError(), RuntimeError(), NotImplementedError(),
         AssertionError(), AttributeError(), NameError(), StopIteration(), LookupError()]
for c in cases:
    print(f"{type(c).__name__:20} -> {classify(c)}")

# Raising the class instead of an instance instantiates it.
try:
    raise ValueError
except ValueError as e:
    print(type(e).__name__, e.args, repr(e), "[" + str(e) + "]")

hier = [(KeyError, LookupError), (IndexError, LookupError), (ZeroDivisionError, ArithmeticError),
        (NotImplementedError, RuntimeError), (RecursionError, RuntimeError), (UnicodeError, ValueError),
        (StopIteration, Exception), (Exception, BaseException), (KeyError, IndexError), (TypeError, ValueError)]
print([issubclass(a, b) for a, b in hier])
print([c.__name__ for c in KeyError.__mro__], [c.__name__ for c in NotImplementedError.__mro__])
e = KeyError("x")
print(isinstance(e, LookupError), isinstance(e, Exception), isinstance(e, (TypeError, KeyError)), isinstance(e, ValueError))

# args, str and repr for different argument counts.
for exc in [Exception(), Exception("one"), Exception("a", 2), ValueError(3), ValueError("msg", [1]),
            KeyError("key"), KeyError(42), KeyError(), KeyError("a", "b"), IndexError("list index out of range"),
            RuntimeError(""), TypeError(None), AssertionError("x", "y", "z")]:
    print(f"{type(exc).__name__}: args={exc.args!r} str={str(exc)!r} repr={exc!r}")
print([str(KeyError(k)) for k in ("q", 1, (1, 2), "")], str(Exception((1, 2))), str(ValueError("a") is None))

# Bare except catches everything; except Exception catches ordinary errors too.
def risky(n):
    if n == 0:
        return 1 // n
    if n == 1:
        return [][n]
    if n == 2:
        raise RuntimeError("two")
    return n


out = []
for n in range(4):
    try:
        out.append(risky(n))
    except:
        out.append("caught")
print(out)

# The `as` target is deleted when the handler ends.
try:
    raise TypeError("gone")
except TypeError as err:
    msg = str(err)
try:
    print(err)
except NameError:
    print(msg, "- err is unbound after the handler")

# An exception not matched by any handler propagates to an outer try.
def inner():
    try:
        raise IndexError("deep")
    except KeyError:
        return "wrong handler"


try:
    inner()
except LookupError as e:
    print("outer caught", type(e).__name__, e)

# Handler chosen by order even when a later one is more specific.
try:
    {}["missing"]
except Exception as e:
    print("generic first:", type(e).__name__, e)
except KeyError:
    print("never reached")

# Exception objects can be stored, compared and raised later.
saved = [ValueError("v1"), KeyError("k1")]
caught = []
for ex in saved:
    try:
        raise ex
    except (ValueError, KeyError) as got:
        caught.append(got is ex)
print(caught, saved[0].args, saved[1].args[0], ValueError("a") == ValueError("a"))

# Matching with a tuple stored in a variable, and with an empty tuple (matches nothing).
errs = (ZeroDivisionError, KeyError)
try:
    try:
        1 / 0
    except ():
        print("empty tuple matched?")
except errs as e:
    print("tuple variable matched:", e)
