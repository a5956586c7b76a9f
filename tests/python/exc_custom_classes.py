# User-defined exception hierarchies: subclasses of Exception and of built-ins
# (ValueError, KeyError), __init__ calling super().__init__ so args/str work, extra
# attributes, __str__ overrides, class attributes like error codes, catching by a
# common base, and exceptions used for control flow in a small validator.
class AppError(Exception):
    code = 1


class ConfigError(AppError):
    code = 2

    def __init__(self, key, reason):
        super().__init__(key, reason)
        self.key = key
        self.reason = reason

    def __str__(self):
        return f"config key {self.key!r}: {self.reason}"


class MissingKey(ConfigError, KeyError):
    code = 3

    def __init__(self, key):
        super().__init__(key, "missing")


class RangeError(AppError, ValueError):
    def __init__(self, name, value, lo, hi):
        super().__init__(f"{name}={value} not in [{lo}, {hi}]")
        self.name, self.value = name, value
        self.bounds = (lo, hi)


class Silent(AppError):
    pass


print([c.__name__ for c in MissingKey.__mro__])
print([c.__name__ for c in RangeError.__mro__])

errors = [AppError("plain"), ConfigError("port", "not a number"), MissingKey("host"),
          RangeError("depth", 99, 1, 10), Silent(), Silent("a", "b")]
for err in errors:
    print(f"{type(err).__name__}: code={err.code} args={err.args} str={str(err)!r}")
print(repr(errors[0]), repr(errors[2]), repr(errors[3]))

for err in errors:
    try:
        raise err
    except KeyError as e:
        print("as KeyError:", e, e.key)
    except ValueError as e:
        print("as ValueError:", e, e.bounds, e.value)
    except ConfigError as e:
        print("as ConfigError:", e.key, e.reason)
    except AppError as e:
        print("as AppError:", type(e).__name__, e.args)

print(issubclass(MissingKey, LookupError), isinstance(MissingKey("k"), (ValueError, AppError)),
      issubclass(RangeError, KeyError), issubclass(Silent, Exception))


# An exception carrying structured data through several frames.
class ValidationError(Exception):
    def __init__(self, errors):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors


def check_field(name, value, rules):
    problems = []
    for rule, arg in rules:
        if rule == "type" and not isinstance(value, arg):
            problems.append(f"{name}: expected {arg.__name__}")
        elif rule == "min" and isinstance(value, int) and value < arg:
            problems.append(f"{name}: below {arg}")
        elif rule == "len" and isinstance(value, str) and len(value) > arg:
            problems.append(f"{name}: longer than {arg}")
    return problems


def validate(record):
    schema = {"name": [("type", str), ("len", 5)], "age": [("type", int), ("min", 0)]}
    problems = []
    for field in sorted(schema):
        if field not in record:
            raise MissingKey(field)
        problems.extend(check_field(field, record[field], schema[field]))
    if problems:
        raise ValidationError(problems)
    return "ok"


for rec in [{"name": "ann", "age": 3}, {"name": "bartholomew", "age": -1}, {"name": 5, "age": "x"}, {"age": 1}]:
    try:
        print(validate(rec))
    except ValidationError as e:
        print(e, e.errors)
    except AppError as e:
        print(f"app error {e.code}: {e}")


# An exception with a default message and a custom __repr__; raising the class with no args.
class Timeout(RuntimeError):
    def __init__(self, seconds=30):
        super().__init__(f"timed out after {seconds}s")
        self.seconds = seconds

    def __repr__(self):
        return f"Timeout(seconds={self.seconds})"


for attempt in (lambda: Timeout, lambda: Timeout(5)):
    try:
        raise attempt()
    except RuntimeError as e:
        print(e, repr(e), [e], e.seconds, e.args)


# An __init__ that does not call super().__init__: args stay as given to the call.
class NoSuper(Exception):
    def __init__(self, a, b):
        self.total = a + b


ns = NoSuper(2, 3)
print(ns.args, str(ns), ns.total)


# Exceptions as control flow: a custom StopSearch carrying the found value.
class Found(Exception):
    def __init__(self, where):
        super().__init__(where)
        self.where = where


def find(grid, target):
    try:
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v == target:
                    raise Found((r, c))
    except Found as f:
        return f.where
    return None


grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([find(grid, t) for t in (1, 6, 8, 10)])
