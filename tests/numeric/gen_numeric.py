#!/usr/bin/python3
"""Generates the numeric test suite: for every op, cases/<op>.py (a TensorFlow script)
and cases/<op>.expected (NumPy's answer, with the op's tolerances).

Entry point: main(); run it as `/usr/bin/python3 tests/numeric/gen_numeric.py` (it
needs NumPy; the harness run_numeric.py does not). Writes only under cases/, and
rewrites every file there, so the checked-in files are exactly its output.

Inputs come from one seeded RandomState and are rounded so that they print exactly
(multiples of 1/8, small integers); the expected values are computed by NumPy with
TensorFlow's semantics (reference functions below where NumPy and TF differ).
"""

import os
import sys
import warnings
from dataclasses import dataclass, field

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
SEED = 20240607

F32, F64, I32, I64, BOOL = np.float32, np.float64, np.int32, np.int64, np.bool_
FLOATS = (F32, F64)
INTS = (I32, I64)
NAME = {F32: "float32", F64: "float64", I32: "int32", I64: "int64", BOOL: "bool"}

# ---- Tolerances -------------------------------------------------------------------
# (rtol, atol) per dtype; |got - want| <= atol + rtol * |want|. Integer and bool
# results are always compared exactly.
#
# EXACT: the result is exactly representable and every step is exactly rounded
# (IEEE +, -, *, / and sqrt are correctly rounded, and the inputs are multiples of
# 1/8 small enough that sums and products of them are exact in float32), so any
# correct implementation gives NumPy's bits, whatever the summation order.
EXACT = {F32: (0.0, 0.0), F64: (0.0, 0.0)}
# TRANSCENDENTAL: exp, log, tanh, ... are not correctly rounded in any libm, nor in
# Eigen's vectorised versions TensorFlow uses; 1e-6 is ~8 float32 ulps, 1e-12 a few
# thousand float64 ulps (Eigen's float64 polynomials are a few ulps; this leaves
# room for a different but sound algorithm, not for a float32 one).
TRANSCENDENTAL = {F32: (1e-6, 0.0), F64: (1e-12, 0.0)}
# ROUNDED_ONCE: one division by a count or a reciprocal (mean, avg_pool); TF may
# compute x * (1/n) instead of x / n, which is off by up to 2 ulps.
ROUNDED_ONCE = {F32: (2.5e-7, 0.0), F64: (4.5e-16, 0.0)}
# COMPOSITE: a few transcendental steps and sums (softmax, moments). Results near
# zero come from cancellation (log_softmax of the largest logit, batch norm of a
# value near the mean), hence the absolute part, about one ulp of the inputs' scale.
# log_softmax and the cross-entropies subtract values up to ~10 (ulp 1e-6 in float32).
COMPOSITE = {F32: (2e-6, 2e-6), F64: (1e-12, 1e-13)}
# batch_normalization computes x * inv + (offset - mean * inv) with |x * inv| up to
# ~23 here (inv = scale / sqrt(variance + eps) <= 5.7): a result near zero carries an
# error of an ulp or two of 23, i.e. 4e-6 in float32 and 7e-15 in float64.
BATCH_NORM = {F32: (2e-6, 1e-5), F64: (1e-12, 2e-14)}


# ---- Cases ------------------------------------------------------------------------

@dataclass
class Case:
    expr: str                  # the TF expression, naming the inputs
    inputs: dict               # name -> np.ndarray, written as tf.constant
    want: np.ndarray           # expected value (its dtype is the expected dtype)
    static_shape: str = None   # build-time y.shape when not fully known, e.g. "(None, 2)"
    check: str = None          # a property check instead of values, e.g. "dropout 0.5"
    setup: list = field(default_factory=list)   # extra script lines before y = ...


@dataclass
class Op:
    name: str                  # file name: cases/<name>.py
    title: str                 # what it tests, for the file header
    tol: dict                  # dtype -> (rtol, atol) for float results
    why: str                   # why this tolerance
    cases: list = field(default_factory=list)


rng = np.random.RandomState(SEED)


def vals(shape, dtype, lo=-4.0, hi=4.0, step=0.125, nonzero=False):
    """Random values in [lo, hi] that print exactly: multiples of step for floats,
    integers for ints, a coin toss for bools."""
    shape = tuple(shape)
    if dtype == BOOL:
        return rng.randint(0, 2, size=shape).astype(BOOL)
    if dtype in INTS:
        v = np.asarray(rng.randint(int(lo), int(hi) + 1, size=shape))
        if nonzero:
            v = np.where(v == 0, 1, v)
        return v.astype(dtype)
    v = np.asarray(rng.randint(int(round(lo / step)), int(round(hi / step)) + 1, size=shape) * step)
    if nonzero:
        v = np.where(v == 0, step, v)
    return v.astype(dtype)


def pow2_vals(shape, dtype):
    """Signed powers of two (and some zeros): any product of them is exact, in any
    order, so reduce_prod can be compared exactly."""
    choices = [-2, -1, 1, 2, 0] if dtype in INTS else [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0, 0.0]
    p = [0.9 / (len(choices) - 1)] * (len(choices) - 1) + [0.1]
    return np.asarray(rng.choice(choices, size=tuple(shape), p=p)).astype(dtype)


def arr(values, dtype):
    return np.array(values, dtype=dtype)


def f64ref(fn):
    """fn computed in float64 from the (exact) inputs, rounded to the float input's
    dtype: the correctly rounded answer the tolerance is measured from."""
    def run(*xs):
        dt = next((x.dtype.type for x in xs if x.dtype.type in FLOATS), F64)
        return np.asarray(fn(*[x.astype(F64) if x.dtype.type in FLOATS else x for x in xs])).astype(dt)
    return run


# ---- Literals ----------------------------------------------------------------------

def lit_scalar(v, dtype):
    if dtype == BOOL:
        return "True" if v else "False"
    if dtype in INTS:
        return str(int(v))
    f = float(v)
    if np.isnan(f):
        return 'float("nan")'
    if np.isinf(f):
        return 'float("inf")' if f > 0 else '-float("inf")'
    return repr(f)


def lit_nested(a, dtype):
    if a.ndim == 0:
        return lit_scalar(a[()], dtype)
    return "[" + ", ".join(lit_nested(x, dtype) for x in a) + "]"


def tf_constant(a):
    dt = a.dtype.type
    if a.size == 0:
        return f"tf.zeros({list(a.shape)}, dtype=tf.{NAME[dt]})"
    return f"tf.constant({lit_nested(a, dt)}, dtype=tf.{NAME[dt]})"


def fmt_value(v, dtype):
    """One expected element, as the harness reads it back."""
    if dtype == BOOL:
        return "1" if v else "0"
    if dtype in INTS:
        return str(int(v))
    f = float(v)
    if np.isnan(f):
        return "nan"
    if np.isinf(f):
        return "inf" if f > 0 else "-inf"
    # float32: the shortest text that reads back as that float32; float64: repr.
    return str(np.float32(v)) if dtype == F32 else repr(f)


def shape_str(shape):
    return str(tuple(int(d) for d in shape))


# ---- Writing -------------------------------------------------------------------------

def write_op(op: Op):
    py = [f"# Numeric test of {op.title}: generated by tests/numeric/gen_numeric.py",
          "# (do not edit; expected values in the .expected file beside it).",
          "import tensorflow as tf", ""]
    exp = [f"# {op.title}: expected values from NumPy {np.__version__}, "
           f"generated by gen_numeric.py (seed {SEED}); do not edit.",
           f"# tolerance: {op.why}"]
    tol_items = []
    for dt in FLOATS:
        rtol, atol = op.tol[dt]
        tol_items.append(f"{NAME[dt]} rtol={rtol!r} atol={atol!r}")
    exp.append("tolerance " + "; ".join(tol_items))
    for n, c in enumerate(op.cases, 1):
        want = np.asarray(c.want)
        dt = want.dtype.type
        if dt == np.bool_:
            dt = BOOL
        py.append(f"# case {n}")
        for name, a in c.inputs.items():
            py.append(f"{name} = {tf_constant(a)}")
        py.extend(c.setup)
        py.append(f"y = {c.expr}")
        py.append(f'print("case {n}:", y.dtype.name, y.shape)')
        py.append(f'tf.print("case {n} =", y, summarize=-1)')
        py.append("")
        exp.append(f"case {n}: {NAME[dt]} {c.static_shape or shape_str(want.shape)}")
        if c.static_shape:
            exp.append(f"eager {n}: {NAME[dt]} {shape_str(want.shape)}")
        flat = " ".join(fmt_value(v, dt) for v in want.reshape(-1))
        exp.append(f"case {n} = {flat}".rstrip())
        if c.check:
            exp.append(f"check {n} {c.check}")
    with open(os.path.join(CASES, op.name + ".py"), "w", encoding="utf-8") as f:
        f.write("\n".join(py).rstrip("\n") + "\n")
    with open(os.path.join(CASES, op.name + ".expected"), "w", encoding="utf-8") as f:
        f.write("\n".join(exp) + "\n")


# ---- Reference semantics where NumPy and TensorFlow differ ------------------------

def ref_floordiv(x, y):
    # TF's FloorDiv: floor(x / y) for floats (x / y rounded in the dtype first);
    # Python's floor for ints, as np.floor_divide.
    if x.dtype.type in FLOATS:
        return np.floor(np.divide(x, y))
    return np.floor_divide(x, y)


def ref_floormod(x, y):
    # TF's FloorMod: fmod, then + y when the signs differ: np.mod does exactly this.
    return np.mod(x, y)


def ref_truediv(x, y):
    # tf.divide on ints is truediv: int32/int64 -> float64.
    if x.dtype.type in INTS:
        return x.astype(F64) / y.astype(F64)
    return np.divide(x, y)


def ref_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def ref_softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def ref_log_softmax(x, axis=-1):
    m = x - x.max(axis=axis, keepdims=True)
    return m - np.log(np.exp(m).sum(axis=axis, keepdims=True))


def ref_mean(x, axis=None, keepdims=False):
    # Integer reduce_mean divides the integer sum, truncating toward zero (C++).
    if x.dtype.type in INTS:
        s = x.sum(axis=axis, keepdims=keepdims, dtype=np.int64)
        n = x.size // max(s.size, 1) if x.size else 0
        return (np.trunc(s / n)).astype(x.dtype)
    # The mean of nothing is 0/0 = nan, as in TensorFlow (NumPy agrees, with a warning).
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return x.astype(F64).mean(axis=axis, keepdims=keepdims).astype(x.dtype)


def ref_reduce_extreme(fn, x, axis, keepdims):
    # TF's max/min of nothing is the identity: lowest()/-inf resp. max()/+inf.
    if x.size == 0:
        if x.dtype.type in FLOATS:
            ident = -np.inf if fn is np.max else np.inf
        else:
            info = np.iinfo(x.dtype)
            ident = info.min if fn is np.max else info.max
        return np.full(np.sum(x, axis=axis, keepdims=keepdims).shape, ident, dtype=x.dtype)
    return fn(x, axis=axis, keepdims=keepdims)


def conv_pads(in_size, k, stride, dilation, padding):
    """TF's padding: VALID none; SAME total = max((ceil(in/s)-1)*s + eff_k - in, 0),
    the smaller half before (asymmetric: the extra row goes after)."""
    eff = (k - 1) * dilation + 1
    if padding == "VALID":
        return (in_size - eff) // stride + 1, 0
    out = -(-in_size // stride)
    total = max((out - 1) * stride + eff - in_size, 0)
    return out, total // 2


def ref_conv2d(x, w, strides, padding, dilations=1):
    """strides: one int for both spatial dimensions, or (height, width)."""
    sh, sw = (strides, strides) if isinstance(strides, int) else strides
    n, h, wd, cin = x.shape
    kh, kw, _, cout = w.shape
    oh, ph = conv_pads(h, kh, sh, dilations, padding)
    ow, pw = conv_pads(wd, kw, sw, dilations, padding)
    out = np.zeros((n, oh, ow, cout), dtype=F64)
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    r = i * sh + a * dilations - ph
                    c = j * sw + b * dilations - pw
                    if 0 <= r < h and 0 <= c < wd:
                        out[:, i, j, :] += x[:, r, c, :].astype(F64) @ w[a, b].astype(F64)
    return out.astype(x.dtype)


def ref_pool(x, k, strides, padding, kind):
    n, h, wd, ch = x.shape
    oh, ph = conv_pads(h, k, strides, 1, padding)
    ow, pw = conv_pads(wd, k, strides, 1, padding)
    out = np.zeros((n, oh, ow, ch), dtype=F64)
    for i in range(oh):
        for j in range(ow):
            r0, c0 = i * strides - ph, j * strides - pw
            win = x[:, max(r0, 0):min(r0 + k, h), max(c0, 0):min(c0 + k, wd), :].astype(F64)
            # avg_pool divides by the number of real (not padded) elements.
            out[:, i, j, :] = win.max(axis=(1, 2)) if kind == "max" else win.mean(axis=(1, 2))
    return out.astype(x.dtype)


# ---- The ops -----------------------------------------------------------------------

BIN_SHAPES = [((2, 3), (2, 3)), ((2, 3), (3,)), ((4, 1), (1, 5)), ((), (2, 2)),
              ((2, 1, 3), (4, 1)), ((1,), (1,)), ((0, 3), (1, 3)), ((2, 0), (2, 1)),
              ((3,), ())]
UN_SHAPES = [(), (5,), (2, 3), (1, 1), (0,), (2, 0, 3), (2, 2, 2)]
OPS = []


def op(name, title, tol, why):
    o = Op(name, title, tol, why)
    OPS.append(o)
    return o


def binary(name, fn, ref, dtypes, tol=EXACT, why="exact: IEEE-rounded arithmetic on exact inputs",
           nonzero_rhs=False, lo=-4.0, hi=4.0, rhs=None):
    o = op(name, f"tf.{fn}", tol, why)
    for dt in dtypes:
        for sa, sb in BIN_SHAPES:
            a = vals(sa, dt, lo, hi)
            b = rhs(sb, dt) if rhs else vals(sb, dt, lo, hi, nonzero=nonzero_rhs)
            with np.errstate(all="ignore"):
                want = np.asarray(ref(a, b))
            o.cases.append(Case(f"tf.{fn}(a, b)", {"a": a, "b": b}, want))
    return o


def unary(name, fn, ref, dtypes, tol=EXACT, why="exact", lo=-4.0, hi=4.0, specials=None):
    o = op(name, fn, tol, why)
    for dt in dtypes:
        for s in UN_SHAPES:
            a = vals(s, dt, lo, hi)
            o.cases.append(Case(f"{fn}(a)", {"a": a}, np.asarray(ref(a))))
        if specials is not None and dt in FLOATS:
            a = arr(specials, dt)
            with np.errstate(all="ignore"):
                o.cases.append(Case(f"{fn}(a)", {"a": a}, np.asarray(ref(a))))
    return o


def make_ops():
    ALLNUM = FLOATS + INTS
    binary("add", "add", np.add, ALLNUM)
    binary("subtract", "subtract", np.subtract, ALLNUM)
    binary("multiply", "multiply", np.multiply, ALLNUM)
    o = binary("divide", "divide", ref_truediv, ALLNUM, nonzero_rhs=True,
               why="exact: IEEE division is correctly rounded (int inputs give float64)")
    o.cases.append(Case("tf.divide(a, b)", {"a": arr([1, -1, 0, 2.5], F32), "b": arr([0, 0, 0, -0.0], F32)},
                        arr([np.inf, -np.inf, np.nan, -np.inf], F32)))
    o.cases.append(Case("tf.divide(a, b)", {"a": arr([1, -1, 0], F64), "b": arr([0, 0, 0], F64)},
                        arr([np.inf, -np.inf, np.nan], F64)))
    o = binary("floordiv", "math.floordiv", ref_floordiv, ALLNUM, nonzero_rhs=True,
               why="exact: floor of an exactly rounded quotient")
    for dt in (F32, I32):
        a, b = arr([7, -7, 7, -7, 0, 6], dt), arr([2, 2, -2, -2, 3, 3], dt)
        o.cases.append(Case("a // b", {"a": a, "b": b}, ref_floordiv(a, b)))
    o = binary("floormod", "math.floormod", ref_floormod, ALLNUM, nonzero_rhs=True,
               why="exact: fmod is exact, and the sign fix-up adds exact values")
    for dt in (F64, I64):
        a, b = arr([7, -7, 7, -7, 0, 6], dt), arr([2, 2, -2, -2, 3, 3], dt)
        o.cases.append(Case("a % b", {"a": a, "b": b}, ref_floormod(a, b)))
    # pow: positive float bases (any exponent), ints with exponents 0..4.
    o = op("pow", "tf.pow", TRANSCENDENTAL, "pow with non-integer exponents goes through exp/log")
    for dt in ALLNUM:
        for sa, sb in BIN_SHAPES:
            if dt in FLOATS:
                a, b = vals(sa, dt, 0.125, 4.0), vals(sb, dt, -3.0, 3.0, step=0.5)
            else:
                a, b = vals(sa, dt, -4, 4), vals(sb, dt, 0, 4)
            want = f64ref(np.power)(a, b) if dt in FLOATS else np.power(a, b)
            o.cases.append(Case("tf.pow(a, b)", {"a": a, "b": b}, want))
    binary("maximum", "maximum", np.maximum, ALLNUM)
    binary("minimum", "minimum", np.minimum, ALLNUM)

    unary("square", "tf.square", np.square, ALLNUM)
    unary("sqrt", "tf.sqrt", np.sqrt, FLOATS, lo=0.0, why="exact: IEEE sqrt is correctly rounded",
          specials=[0.0, -0.0, np.inf, -1.0, np.nan])
    unary("exp", "tf.exp", f64ref(np.exp), FLOATS, TRANSCENDENTAL, "transcendental",
          lo=-8.0, hi=8.0, specials=[0.0, -np.inf, np.inf, np.nan, 100.0, -200.0])
    unary("log", "tf.math.log", f64ref(np.log), FLOATS, TRANSCENDENTAL, "transcendental",
          lo=0.125, hi=8.0, specials=[0.0, 1.0, -1.0, np.inf, np.nan])
    unary("abs", "tf.abs", np.abs, ALLNUM, specials=[-0.0, -np.inf, np.nan])
    unary("sign", "tf.sign", np.sign, ALLNUM, specials=[0.0, -0.0, np.inf, -np.inf])
    unary("floor", "tf.floor", np.floor, FLOATS, specials=[-0.5, 0.5, -np.inf, np.nan])
    unary("ceil", "tf.math.ceil", np.ceil, FLOATS, specials=[-0.5, 0.5, np.inf, np.nan])
    o = unary("round", "tf.round", np.round, FLOATS,
              specials=[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.25, -3.75])
    for dt in INTS:   # tf.round of an int is the identity
        a = vals((4,), dt)
        o.cases.append(Case("tf.round(a)", {"a": a}, a))
    unary("tanh", "tf.tanh", f64ref(np.tanh), FLOATS, TRANSCENDENTAL, "transcendental",
          specials=[20.0, -20.0, np.inf, -np.inf, 0.0])
    unary("sigmoid", "tf.sigmoid", f64ref(ref_sigmoid), FLOATS, TRANSCENDENTAL, "transcendental",
          lo=-8.0, hi=8.0, specials=[20.0, -20.0, np.inf, -np.inf, 0.0])
    unary("negative", "tf.negative", np.negative, ALLNUM)
    unary("log1p", "tf.math.log1p", f64ref(np.log1p), FLOATS, TRANSCENDENTAL, "transcendental",
          lo=-0.875, hi=8.0, specials=[0.0, -1.0, 2.0 ** -20, np.inf])
    unary("rsqrt", "tf.math.rsqrt", f64ref(lambda x: 1.0 / np.sqrt(x)), FLOATS, TRANSCENDENTAL,
          "1/sqrt is two roundings (or an estimate refined by Newton steps)",
          lo=0.125, hi=8.0, specials=[0.0, np.inf, 4.0])

    make_scalar_operators()
    make_where_matmul_shape_ops()
    make_reductions()
    make_compare_logic_cast()
    make_creation()
    make_slicing()
    make_nn()


def make_scalar_operators():
    o = op("operators", "Python operators on tensors, also with Python scalars", TRANSCENDENTAL,
           "only x ** 0.5 is not exact (pow through exp/log)")
    for dt in FLOATS:
        x = vals((2, 3), dt, nonzero=True)
        y = vals((3,), dt, nonzero=True)
        px = vals((2, 3), dt, 0.125, 4.0)
        for expr, ref in [("x + 1", lambda: x + dt(1)), ("2.5 * x", lambda: dt(2.5) * x),
                          ("x ** 2", lambda: x ** 2), ("1 - x", lambda: dt(1) - x),
                          ("x / 2", lambda: x / dt(2)), ("2 / x", lambda: dt(2) / x),
                          ("x // 2", lambda: np.floor(x / dt(2))), ("x % 3", lambda: np.mod(x, dt(3))),
                          ("-x", lambda: -x), ("abs(x)", lambda: np.abs(x)),
                          ("x + y", lambda: x + y), ("x - y", lambda: x - y), ("x * y", lambda: x * y),
                          ("x / y", lambda: x / y), ("x // y", lambda: np.floor(x / y)),
                          ("x % y", lambda: np.mod(x, y)), ("x < 1.5", lambda: x < 1.5),
                          ("x >= y", lambda: x >= y), ("x == y", lambda: x == y),
                          ("x != y", lambda: x != y)]:
            o.cases.append(Case(expr, {"x": x, "y": y}, np.asarray(ref())))
        o.cases.append(Case("px ** 0.5", {"px": px}, f64ref(np.sqrt)(px)))
        o.cases.append(Case("px ** y", {"px": px, "y": y}, f64ref(np.power)(px, y)))
        m = vals((3, 2), dt)
        o.cases.append(Case("x @ m", {"x": x, "m": m}, (x.astype(F64) @ m.astype(F64)).astype(dt)))
    for dt in INTS:
        x = vals((2, 3), dt, nonzero=True)
        y = vals((3,), dt, nonzero=True)
        for expr, ref in [("x + 1", lambda: x + dt(1)), ("3 * x", lambda: dt(3) * x),
                          ("x ** 2", lambda: x ** 2), ("x // 2", lambda: x // dt(2)),
                          ("x % 3", lambda: x % dt(3)), ("x / 2", lambda: x / F64(2)),
                          ("-x", lambda: -x), ("x // y", lambda: x // y), ("x % y", lambda: x % y),
                          ("x / y", lambda: x.astype(F64) / y), ("x > 0", lambda: x > 0)]:
            o.cases.append(Case(expr, {"x": x, "y": y}, np.asarray(ref()).astype(
                ref().dtype.type if ref().dtype.type in (F64, BOOL) else dt)))
    b = vals((4,), BOOL)
    c = vals((4,), BOOL)
    o.cases.append(Case("b & c", {"b": b, "c": c}, b & c))
    o.cases.append(Case("b | c", {"b": b, "c": c}, b | c))
    o.cases.append(Case("~b", {"b": b}, ~b))


def make_where_matmul_shape_ops():
    o = op("where", "tf.where (3-argument select with broadcasting, 1-argument indices)", EXACT, "exact")
    for dt in FLOATS + (I32, I64):
        for sc, sx, sy in [((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), ()), ((3, 1), (1, 4), (3, 4)),
                           ((), (2,), (2,)), ((0, 2), (0, 2), (2,)), ((1,), (1,), (1,))]:
            c, x, y = vals(sc, BOOL), vals(sx, dt), vals(sy, dt)
            o.cases.append(Case("tf.where(c, x, y)", {"c": c, "x": x, "y": y}, np.where(c, x, y)))
    for s in [(5,), (2, 3), (2, 2, 2), (0, 3), (3, 1)]:
        c = vals(s, BOOL)
        want = np.argwhere(c).astype(I64)
        o.cases.append(Case("tf.where(c)", {"c": c}, want, static_shape=f"(None, {len(s)})"))
    for dt in (F32, I32):
        x = vals((2, 3), dt)
        o.cases.append(Case("tf.where(x)", {"x": x}, np.argwhere(x != 0).astype(I64),
                            static_shape="(None, 2)"))

    o = op("matmul", "tf.linalg.matmul", EXACT,
           "exact: products and sums of small multiples of 1/8 are exact in float32")
    mm_shapes = [((2, 3), (3, 4)), ((1, 1), (1, 1)), ((2, 0), (0, 3)), ((0, 3), (3, 2)),
                 ((2, 2, 3), (2, 3, 4)), ((2, 1, 2, 3), (3, 3, 2)), ((2, 2, 3), (3, 4)),
                 ((1, 4), (4, 1))]
    for dt in FLOATS + (I32,):
        for sa, sb in mm_shapes:
            a, b = vals(sa, dt), vals(sb, dt)
            o.cases.append(Case("tf.matmul(a, b)", {"a": a, "b": b}, np.matmul(a, b).astype(dt)))
        a, b = vals((3, 2), dt), vals((3, 4), dt)
        o.cases.append(Case("tf.matmul(a, b, transpose_a=True)", {"a": a, "b": b}, np.matmul(a.T, b)))
        a, b = vals((2, 3), dt), vals((4, 3), dt)
        o.cases.append(Case("tf.matmul(a, b, transpose_b=True)", {"a": a, "b": b}, np.matmul(a, b.T)))
        a, b = vals((2, 3, 2), dt), vals((2, 4, 3), dt)
        o.cases.append(Case("tf.matmul(a, b, transpose_a=True, transpose_b=True)", {"a": a, "b": b},
                            np.matmul(a.transpose(0, 2, 1), b.transpose(0, 2, 1))))

    o = op("transpose", "tf.transpose", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, BOOL):
        for s, perm in [((2, 3), None), ((2, 3, 4), [1, 0, 2]), ((2, 3, 4), [2, 0, 1]),
                        ((2, 3, 4), None), ((0, 3), None), ((1, 1, 2), [2, 1, 0]), ((3,), [0]),
                        ((2, 1, 3, 2), [3, 1, 0, 2])]:
            a = vals(s, dt)
            expr = "tf.transpose(a)" if perm is None else f"tf.transpose(a, perm={perm})"
            o.cases.append(Case(expr, {"a": a}, np.transpose(a, perm)))

    o = op("reshape", "tf.reshape", EXACT, "exact: data movement")
    for dt in (F32, F64, I64):
        for s, ns in [((2, 3), [3, 2]), ((2, 3), [-1]), ((2, 3), [6, 1]), ((2, 3), [2, -1, 1]),
                      ((0, 3), [3, 0]), ((0, 3), [-1, 3]), ((), [1]), ((1,), []), ((1, 1), [-1]),
                      ((2, 2, 2), [4, -1])]:
            a = vals(s, dt)
            o.cases.append(Case(f"tf.reshape(a, {ns})", {"a": a}, np.reshape(a, ns)))

    o = op("squeeze", "tf.squeeze", EXACT, "exact: data movement")
    for dt in (F32, F64, I32):
        for s, ax in [((1, 3, 1), None), ((1, 3, 1), [0]), ((1, 3, 1), 2), ((1, 3, 1), -1),
                      ((1, 1), None), ((2, 0, 1), [2]), ((3,), None), ((1, 2, 1, 1), [0, -1])]:
            a = vals(s, dt)
            expr = "tf.squeeze(a)" if ax is None else f"tf.squeeze(a, axis={ax})"
            want = np.squeeze(a) if ax is None else np.squeeze(a, axis=tuple(np.atleast_1d(ax)))
            o.cases.append(Case(expr, {"a": a}, want))

    o = op("expand_dims", "tf.expand_dims", EXACT, "exact: data movement")
    for dt in (F32, F64, I32):
        for s, ax in [((2, 3), 0), ((2, 3), 1), ((2, 3), -1), ((2, 3), -2), ((), 0), ((0, 2), -3),
                      ((3,), 1)]:
            a = vals(s, dt)
            o.cases.append(Case(f"tf.expand_dims(a, {ax})", {"a": a}, np.expand_dims(a, ax)))
        a = vals((2,), dt)
        o.cases.append(Case("tf.expand_dims(a, axis=-1)", {"a": a}, np.expand_dims(a, -1)))

    o = op("concat", "tf.concat", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, I64):
        for shapes, ax in [([(2, 3), (1, 3)], 0), ([(2, 3), (2, 1), (2, 2)], 1), ([(2, 3), (2, 2)], -1),
                           ([(2, 3), (0, 3)], 0), ([(3,)], 0), ([(2,), (3,)], -1),
                           ([(1, 2, 2), (1, 2, 2)], 2), ([(0, 2), (0, 2)], 0)]:
            ins = {f"a{i}": vals(s, dt) for i, s in enumerate(shapes)}
            names = ", ".join(ins)
            o.cases.append(Case(f"tf.concat([{names}], {ax})", ins,
                                np.concatenate(list(ins.values()), axis=ax)))
        a, b = vals((2, 2), dt), vals((2, 2), dt)
        o.cases.append(Case("tf.concat([a, b], axis=1)", {"a": a, "b": b}, np.concatenate([a, b], 1)))

    o = op("stack", "tf.stack", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, BOOL):
        for s, n, ax in [((3,), 2, 0), ((3,), 2, 1), ((2, 3), 3, -1), ((), 4, 0), ((2, 3), 2, 1),
                         ((0, 2), 2, 0), ((1,), 1, 0)]:
            ins = {f"a{i}": vals(s, dt) for i in range(n)}
            o.cases.append(Case(f"tf.stack([{', '.join(ins)}], axis={ax})", ins,
                                np.stack(list(ins.values()), axis=ax)))

    o = op("unstack", "tf.unstack (one case per piece, and re-stacked)", EXACT, "exact: data movement")
    for dt in (F32, F64, I32):
        for s, ax in [((3, 2), 0), ((3, 2), 1), ((2, 3, 2), -1), ((2, 0), 0), ((1,), 0)]:
            a = vals(s, dt)
            for k in range(s[ax]):
                o.cases.append(Case(f"tf.unstack(a, axis={ax})[{k}]", {"a": a}, np.take(a, k, axis=ax)))
            o.cases.append(Case(f"tf.stack(tf.unstack(a, axis={ax}), axis={ax})", {"a": a}, a))
        a = vals((4, 2), dt)
        o.cases.append(Case("tf.unstack(a, num=4)[3]", {"a": a}, a[3]))

    o = op("gather", "tf.gather", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, I64):
        p = vals((5, 3), dt)
        for idx, ax, idt in [([4, 0, 2], 0, I32), ([[0, 2], [1, 1]], 1, I32), ([2, 0], -1, I64),
                             (3, 0, I32), ([], 0, I32), ([[1], [4]], 0, I64), ([0, 0, 0], 1, I32)]:
            ind = arr(idx, idt)
            o.cases.append(Case(f"tf.gather(p, i, axis={ax})", {"p": p, "i": ind}, np.take(p, ind, axis=ax)))
        p3 = vals((2, 3, 2), dt)
        ind = arr([1, 0, 1], I32)
        o.cases.append(Case("tf.gather(p, i, axis=2)", {"p": p3, "i": ind}, np.take(p3, ind, axis=2)))
        o.cases.append(Case("tf.gather(p, i)", {"p": p3, "i": ind}, np.take(p3, ind, axis=0)))

    o = op("tile", "tf.tile", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, BOOL):
        for s, m in [((2, 3), [2, 1]), ((2, 3), [1, 3]), ((2, 1, 2), [2, 2, 1]), ((2, 3), [0, 1]),
                     ((3,), [2]), ((1, 1), [1, 1]), ((0, 2), [3, 2])]:
            a = vals(s, dt)
            o.cases.append(Case(f"tf.tile(a, {m})", {"a": a}, np.tile(a, m)))

    o = op("broadcast_to", "tf.broadcast_to", EXACT, "exact: data movement")
    for dt in (F32, F64, I32, BOOL):
        for s, ns in [((3,), [2, 3]), ((2, 1), [2, 4]), ((), [2, 2]), ((1,), [0]),
                      ((1, 3), [2, 2, 3]), ((2, 3), [2, 3])]:
            a = vals(s, dt)
            o.cases.append(Case(f"tf.broadcast_to(a, {ns})", {"a": a}, np.broadcast_to(a, ns)))

    o = op("one_hot", "tf.one_hot", EXACT, "exact: selects on_value or off_value")

    def onehot(ind, depth, on=1.0, off=0.0, axis=-1, dtype=F32):
        ind = np.asarray(ind)
        out = np.where(ind[..., None] == np.arange(depth), on, off).astype(dtype)
        if axis != -1 and axis != ind.ndim:
            out = np.moveaxis(out, -1, axis)
        return out
    for idt in (I32, I64):
        ind = arr([0, 2, 1, 5, -1], idt)
        o.cases.append(Case("tf.one_hot(i, 3)", {"i": ind}, onehot(ind, 3)))
        o.cases.append(Case("tf.one_hot(i, depth=4, on_value=5.0, off_value=-1.0)", {"i": ind},
                            onehot(ind, 4, 5.0, -1.0)))
        o.cases.append(Case("tf.one_hot(i, 3, axis=0)", {"i": ind}, onehot(ind, 3, axis=0)))
        ind2 = arr([[0, 1], [2, 0]], idt)
        o.cases.append(Case("tf.one_hot(i, 3)", {"i": ind2}, onehot(ind2, 3)))
        o.cases.append(Case("tf.one_hot(i, 3, axis=1)", {"i": ind2}, onehot(ind2, 3, axis=1)))
        o.cases.append(Case("tf.one_hot(i, 3, axis=0, dtype=tf.float64)", {"i": ind2},
                            onehot(ind2, 3, axis=0, dtype=F64)))
        o.cases.append(Case("tf.one_hot(i, 2, on_value=7, off_value=3)", {"i": ind2},
                            onehot(ind2, 2, 7, 3, dtype=I32)))
        o.cases.append(Case("tf.one_hot(i, 3)", {"i": arr([], idt)}, onehot(arr([], idt), 3)))
        o.cases.append(Case("tf.one_hot(i, 3)", {"i": arr(1, idt)}, onehot(arr(1, idt), 3)))

    o = op("argmax_argmin", "tf.math.argmax and tf.math.argmin", EXACT, "exact: indices")
    for dt in FLOATS + INTS:
        for s in [(2, 3), (3,), (2, 3, 4), (1, 1), (2, 0)]:
            a = vals(s, dt, -2, 2, step=0.5)   # coarse values: ties, first index wins
            for ax in range(-len(s), len(s)):
                if s[ax] == 0:
                    continue
                for fn, ref in (("argmax", np.argmax), ("argmin", np.argmin)):
                    o.cases.append(Case(f"tf.math.{fn}(a, axis={ax})", {"a": a},
                                        ref(a, axis=ax).astype(I64)))
        a = vals((3, 2), dt)
        o.cases.append(Case("tf.math.argmax(a)", {"a": a}, np.argmax(a, axis=0).astype(I64)))
        o.cases.append(Case("tf.math.argmin(a, 1, output_type=tf.int32)", {"a": a},
                            np.argmin(a, axis=1).astype(I32)))
        o.cases.append(Case("tf.argmax(a, axis=1, output_type=tf.int64)", {"a": a},
                            np.argmax(a, axis=1).astype(I64)))


def make_reductions():
    axes_cases = [((2, 3, 4), None, False), ((2, 3, 4), 1, False), ((2, 3, 4), -1, False),
                  ((2, 3, 4), [0, 2], False), ((2, 3, 4), [-1, 0], True), ((2, 3, 4), None, True),
                  ((2, 3, 4), 1, True), ((0, 3), 0, False), ((0, 3), 1, False), ((2, 0), None, False),
                  ((2, 0), 1, True), ((), None, False), ((1, 1, 1), [1], False), ((5,), 0, False)]

    def axarg(ax, keep):
        s = "" if ax is None else f", axis={ax}"
        return s + (", keepdims=True" if keep else "")

    def npax(ax):
        return None if ax is None else tuple(np.atleast_1d(ax))
    for name, ref, dts, tol, why in [
            ("reduce_sum", lambda a, ax, k: np.sum(a, axis=ax, keepdims=k, dtype=a.dtype),
             FLOATS + INTS, EXACT, "exact: sums of small multiples of 1/8 are exact"),
            ("reduce_mean", ref_mean, FLOATS + INTS, ROUNDED_ONCE,
             "an exact sum divided by the count: one rounding (ints truncate toward zero)"),
            ("reduce_max", lambda a, ax, k: ref_reduce_extreme(np.max, a, ax, k), FLOATS + INTS, EXACT,
             "exact (the max of nothing is -inf, or the dtype's lowest)"),
            ("reduce_min", lambda a, ax, k: ref_reduce_extreme(np.min, a, ax, k), FLOATS + INTS, EXACT,
             "exact (the min of nothing is +inf, or the dtype's highest)"),
            ("reduce_prod", lambda a, ax, k: np.prod(a, axis=ax, keepdims=k, dtype=a.dtype),
             FLOATS + INTS, EXACT, "exact: products of powers of two (at most 2**24)")]:
        o = op(name, f"tf.{name}", tol, why)
        for dt in dts:
            for s, ax, keep in axes_cases:
                a = pow2_vals(s, dt) if name == "reduce_prod" else vals(s, dt)
                with np.errstate(all="ignore"):
                    if name == "reduce_mean" and dt in INTS and a.size == 0:
                        continue   # integer 0/0: TensorFlow's result is undefined
                    want = np.asarray(ref(a, npax(ax), keep)).astype(dt)
                o.cases.append(Case(f"tf.{name}(a{axarg(ax, keep)})", {"a": a}, want))
        if name == "reduce_mean":
            a = arr([[-3, -2], [3, 2]], I32)
            o.cases.append(Case("tf.reduce_mean(a, axis=1)", {"a": a}, arr([-2, 2], I32)))
            a = arr([[1.0, 2.0, 2.0]], F32)   # 5/3: not representable
            o.cases.append(Case("tf.reduce_mean(a)", {"a": a}, arr(5.0 / 3.0, F32)))
        if name == "reduce_max":
            a = arr([1.0, np.inf, -2.0], F32)
            o.cases.append(Case("tf.reduce_max(a)", {"a": a}, arr(np.inf, F32)))
    for name, ref in (("reduce_all", np.all), ("reduce_any", np.any)):
        o = op(name, f"tf.{name}", EXACT, "exact: bools")
        for s, ax, keep in axes_cases:
            a = vals(s, BOOL)
            o.cases.append(Case(f"tf.{name}(a{axarg(ax, keep)})", {"a": a},
                                np.asarray(ref(a, axis=npax(ax), keepdims=keep))))
        a = np.ones((2, 3), BOOL)
        o.cases.append(Case(f"tf.{name}(a, axis=0)", {"a": a}, ref(a, axis=0)))
        a = np.zeros((2, 3), BOOL)
        o.cases.append(Case(f"tf.{name}(a, axis=1)", {"a": a}, ref(a, axis=1)))


def make_compare_logic_cast():
    o = op("compare", "tf.equal not_equal less less_equal greater greater_equal", EXACT, "exact: bools")
    for fn, ref in [("equal", np.equal), ("not_equal", np.not_equal), ("less", np.less),
                    ("less_equal", np.less_equal), ("greater", np.greater),
                    ("greater_equal", np.greater_equal)]:
        for dt in FLOATS + INTS:
            for sa, sb in BIN_SHAPES[:8]:
                a, b = vals(sa, dt, -1, 1, step=0.5), vals(sb, dt, -1, 1, step=0.5)  # many ties
                o.cases.append(Case(f"tf.{fn}(a, b)", {"a": a, "b": b}, ref(a, b)))
        a, b = arr([np.nan, 1.0, np.inf, -np.inf], F32), arr([np.nan, np.nan, np.inf, 0.0], F32)
        with np.errstate(invalid="ignore"):
            o.cases.append(Case(f"tf.{fn}(a, b)", {"a": a, "b": b}, ref(a, b)))
    a, b = vals((2, 3), BOOL), vals((3,), BOOL)
    o.cases.append(Case("tf.equal(a, b)", {"a": a, "b": b}, np.equal(a, b)))
    o.cases.append(Case("tf.not_equal(a, b)", {"a": a, "b": b}, np.not_equal(a, b)))

    o = op("logical", "tf.logical_and, logical_or, logical_not (tf.math.*)", EXACT, "exact: bools")
    for sa, sb in BIN_SHAPES:
        a, b = vals(sa, BOOL), vals(sb, BOOL)
        o.cases.append(Case("tf.logical_and(a, b)", {"a": a, "b": b}, np.logical_and(a, b)))
        o.cases.append(Case("tf.math.logical_or(a, b)", {"a": a, "b": b}, np.logical_or(a, b)))
        o.cases.append(Case("tf.logical_not(a)", {"a": a}, np.logical_not(a)))

    o = op("clip_by_value", "tf.clip_by_value", EXACT, "exact: selects")
    for dt in FLOATS + INTS:
        for s in [(2, 3), (), (0, 2), (5,)]:
            a = vals(s, dt)
            o.cases.append(Case("tf.clip_by_value(a, -1, 2)", {"a": a}, np.clip(a, -1, 2).astype(dt)))
        a, lo, hi = vals((2, 3), dt), vals((3,), dt, -3, -1), vals((2, 1), dt, 0, 2)
        o.cases.append(Case("tf.clip_by_value(a, lo, hi)", {"a": a, "lo": lo, "hi": hi},
                            np.minimum(np.maximum(a, lo), hi)))
    a = vals((2, 3), F32)
    o.cases.append(Case("tf.clip_by_value(a, clip_value_min=-0.5, clip_value_max=0.5)", {"a": a},
                        np.clip(a, -0.5, 0.5)))

    o = op("cast", "tf.cast", EXACT, "exact: conversions of exact values (float to int truncates)")
    x = arr([-2.75, -1.5, -0.5, 0.0, 0.25, 1.0, 2.5, 3.875], F32)
    for src, dst in [(F32, I32), (F64, I64), (F32, I64), (F64, I32), (I32, F32), (I64, F64), (I32, F64),
                     (F32, F64), (F64, F32), (I32, I64), (I64, I32), (F32, BOOL), (I32, BOOL),
                     (BOOL, F32), (BOOL, I32), (BOOL, F64), (F32, F32)]:
        a = x.astype(src) if src != BOOL else arr([True, False, True, True], BOOL)
        if src in INTS:
            a = arr([-3, -1, 0, 1, 2, 100000], src)
        o.cases.append(Case(f"tf.cast(a, tf.{NAME[dst]})", {"a": a}, a.astype(dst)))
    a = arr([0.1, 1.0 / 3.0, -2.0 / 3.0], F64)   # rounded to the nearest float32
    o.cases.append(Case("tf.cast(a, tf.float32)", {"a": a}, a.astype(F32)))
    a = arr([[2**40, -2**40 - 1]], I64)
    o.cases.append(Case("tf.cast(a, tf.float64)", {"a": a}, a.astype(F64)))
    o.cases.append(Case("tf.cast(a, dtype=tf.int32)", {"a": vals((0, 2), F32)}, np.zeros((0, 2), I32)))
    a = vals((2, 2), F32)
    o.cases.append(Case("tf.cast(a, tf.int32)", {"a": a}, a.astype(I32)))


def make_creation():
    o = op("creation", "tf.zeros ones fill zeros_like ones_like eye range", EXACT, "exact")
    for expr, want in [("tf.zeros([2, 3])", np.zeros((2, 3), F32)),
                       ("tf.zeros([2, 3], dtype=tf.int64)", np.zeros((2, 3), I64)),
                       ("tf.zeros([0, 2], tf.float64)", np.zeros((0, 2), F64)),
                       ("tf.zeros([])", np.zeros((), F32)),
                       ("tf.zeros((3,), dtype=tf.bool)", np.zeros((3,), BOOL)),
                       ("tf.ones([2, 1])", np.ones((2, 1), F32)),
                       ("tf.ones([3], dtype=tf.int32)", np.ones((3,), I32)),
                       ("tf.ones([1, 0, 2], tf.float64)", np.ones((1, 0, 2), F64)),
                       ("tf.ones([2], dtype=tf.bool)", np.ones((2,), BOOL)),
                       ("tf.fill([2, 3], 7)", np.full((2, 3), 7, I32)),
                       ("tf.fill([2], 1.5)", np.full((2,), 1.5, F32)),
                       ("tf.fill([0, 3], 2.0)", np.full((0, 3), 2.0, F32)),
                       ("tf.fill([], -3)", np.full((), -3, I32)),
                       ("tf.fill([2, 2], tf.constant(2.5, dtype=tf.float64))", np.full((2, 2), 2.5, F64)),
                       ("tf.eye(3)", np.eye(3, dtype=F32)),
                       ("tf.eye(2, 3)", np.eye(2, 3, dtype=F32)),
                       ("tf.eye(3, num_columns=2, dtype=tf.float64)", np.eye(3, 2, dtype=F64)),
                       ("tf.eye(2, dtype=tf.int32)", np.eye(2, dtype=I32)),
                       ("tf.eye(2, batch_shape=[2])", np.broadcast_to(np.eye(2, dtype=F32), (2, 2, 2))),
                       ("tf.eye(0)", np.eye(0, dtype=F32)),
                       ("tf.range(5)", np.arange(5, dtype=I32)),
                       ("tf.range(2, 10, 3)", np.arange(2, 10, 3, dtype=I32)),
                       ("tf.range(5, 0, -1)", np.arange(5, 0, -1, dtype=I32)),
                       ("tf.range(0)", np.arange(0, dtype=I32)),
                       ("tf.range(3, 3)", np.arange(3, 3, dtype=I32)),
                       ("tf.range(0.0, 1.0, 0.25)", np.arange(0.0, 1.0, 0.25, dtype=F32)),
                       ("tf.range(3, dtype=tf.float64)", np.arange(3, dtype=F64)),
                       ("tf.range(1, 4, dtype=tf.int64)", np.arange(1, 4, dtype=I64)),
                       ("tf.range(start=-2.5, limit=1)", np.arange(-2.5, 1, dtype=F32)),
                       ("tf.range(10, delta=4)", np.arange(0, 10, 4, dtype=I32))]:
        o.cases.append(Case(expr, {}, want))
    for dt in (F32, F64, I32, I64, BOOL):
        for s in [(2, 3), (), (0, 2)]:
            a = vals(s, dt)
            o.cases.append(Case("tf.zeros_like(a)", {"a": a}, np.zeros_like(a)))
            o.cases.append(Case("tf.ones_like(a)", {"a": a}, np.ones_like(a)))
    a = vals((2, 2), F32)
    o.cases.append(Case("tf.zeros_like(a, dtype=tf.int32)", {"a": a}, np.zeros((2, 2), I32)))
    o.cases.append(Case("tf.ones_like(a, dtype=tf.float64)", {"a": a}, np.ones((2, 2), F64)))

    o = op("size_rank_shape", "tf.size, tf.rank, tf.shape", EXACT, "exact: ints")
    for s in [(2, 3), (), (0, 4), (1, 1, 5), (7,)]:
        for dt in (F32, I64, BOOL):
            a = vals(s, dt)
            o.cases.append(Case("tf.size(a)", {"a": a}, arr(a.size, I32)))
            o.cases.append(Case("tf.rank(a)", {"a": a}, arr(a.ndim, I32)))
            o.cases.append(Case("tf.shape(a)", {"a": a}, arr(s, I32).reshape(len(s))))
        a = vals(s, F64)
        o.cases.append(Case("tf.shape(a, out_type=tf.int64)", {"a": a}, arr(s, I64).reshape(len(s))))
        o.cases.append(Case("tf.size(a, out_type=tf.int64)", {"a": a}, arr(a.size, I64)))


def make_slicing():
    o = op("slicing", "tensor indexing and slicing (tf.strided_slice semantics) and tf.strided_slice",
           EXACT, "exact: data movement")
    for dt in (F32, F64, I32, BOOL):
        a = vals((4, 5, 3), dt)
        v = vals((6,), dt)
        for expr, want in [("x[1]", a[1]), ("x[-1]", a[-1]), ("x[1:3]", a[1:3]), ("x[::2]", a[::2]),
                           ("x[::-1]", a[::-1]), ("x[..., 0]", a[..., 0]), ("x[:, None]", a[:, None]),
                           ("x[tf.newaxis]", a[np.newaxis]), ("x[1:, ::2, 0]", a[1:, ::2, 0]),
                           ("x[1, 2, 0]", a[1, 2, 0]), ("x[-3:-1, 4:0:-2]", a[-3:-1, 4:0:-2]),
                           ("x[3:1]", a[3:1]), ("x[:, :, -1:]", a[:, :, -1:]), ("x[10:]", a[10:]),
                           ("x[:100, 1]", a[:100, 1]), ("x[0, ..., tf.newaxis]", a[0, ..., None]),
                           ("x[:, 1:2]", a[:, 1:2])]:
            o.cases.append(Case(expr, {"x": a}, np.asarray(want)))
        for expr, want in [("v[2]", v[2]), ("v[-1]", v[-1]), ("v[::-2]", v[::-2]), ("v[1:5:3]", v[1:5:3]),
                           ("v[None, :]", v[None, :]), ("v[4:]", v[4:])]:
            o.cases.append(Case(expr, {"v": v}, np.asarray(want)))
    a = vals((4, 5, 3), F32)
    for expr, want in [
            ("tf.strided_slice(x, [1, 0, 0], [3, 5, 3])", a[1:3]),
            ("tf.strided_slice(x, [0, 0, 0], [4, 5, 3], [2, 1, 1])", a[::2]),
            ("tf.strided_slice(x, [-1, 0, 0], [-5, 5, 3], [-1, 2, 1])", a[-1:-5:-1, 0:5:2]),
            ("tf.strided_slice(x, [1, 0, 0], [0, 0, 1], begin_mask=2, end_mask=3, shrink_axis_mask=4)",
             a[1:, :, 0]),
            ("tf.strided_slice(x, [1], [2], shrink_axis_mask=1)", a[1]),
            ("tf.strided_slice(x, [0, 0], [1, 1], new_axis_mask=1)", a[None, 0:1]),
            ("tf.strided_slice(x, [0, 1], [0, 2], ellipsis_mask=1)", a[..., 1:2]),
            ("tf.strided_slice(x, [2, 3], [3, 4], shrink_axis_mask=3)", a[2, 3])]:
        o.cases.append(Case(expr, {"x": a}, np.asarray(want)))


def make_nn():
    o = op("relu", "tf.nn.relu", EXACT, "exact")
    for dt in FLOATS + INTS:
        for s in UN_SHAPES:
            a = vals(s, dt)
            o.cases.append(Case("tf.nn.relu(a)", {"a": a}, np.maximum(a, 0).astype(dt)))

    for name, ref in (("softmax", ref_softmax), ("log_softmax", ref_log_softmax)):
        o = op(name, f"tf.nn.{name}", COMPOSITE, "exp, a sum and a log or division, in the dtype")
        for dt in FLOATS:
            for s, ax in [((2, 3), None), ((4,), None), ((2, 3, 4), 1), ((2, 3), 0), ((1, 1), None),
                          ((3, 2), -2), ((0, 3), None), ((2, 5), -1)]:
                a = vals(s, dt)
                expr = f"tf.nn.{name}(a)" if ax is None else f"tf.nn.{name}(a, axis={ax})"
                o.cases.append(Case(expr, {"a": a}, f64ref(lambda x: ref(x, -1 if ax is None else ax))(a)))
            a = arr([[1000.0, 0.0, -1000.0], [1.0, 1.0, 1.0]], dt)   # must not overflow
            o.cases.append(Case(f"tf.nn.{name}(a)", {"a": a}, f64ref(ref)(a)))

    o = op("cross_entropy", "tf.nn.sparse_softmax_cross_entropy_with_logits, "
           "softmax_cross_entropy_with_logits, sigmoid_cross_entropy_with_logits", COMPOSITE,
           "log-sum-exp minus a logit: cancellation when the label's logit dominates")
    for dt in FLOATS:
        for b, k, idt in [(3, 4, I32), (1, 2, I64), (5, 3, I32), (0, 3, I32)]:
            logits = vals((b, k), dt)
            labels = rng.randint(0, k, size=(b,)).astype(idt)
            want = f64ref(lambda x: -np.take_along_axis(ref_log_softmax(x), labels[:, None].astype(np.intp), 1)[:, 0])(logits)
            o.cases.append(Case("tf.nn.sparse_softmax_cross_entropy_with_logits(labels=l, logits=x)",
                                {"l": labels, "x": logits}, want))
            p = rng.randint(0, 5, size=(b, k)).astype(F64)
            p = (p / np.maximum(p.sum(axis=1, keepdims=True), 1)).astype(dt)
            o.cases.append(Case("tf.nn.softmax_cross_entropy_with_logits(labels=p, logits=x)",
                                {"p": p, "x": logits},
                                f64ref(lambda q, x: -(q * ref_log_softmax(x)).sum(axis=-1))(p, logits)))
        logits, p = vals((2, 3, 4), dt), vals((2, 3, 4), dt, 0, 1, step=0.25)
        o.cases.append(Case("tf.nn.softmax_cross_entropy_with_logits(labels=p, logits=x, axis=1)",
                            {"p": p, "x": logits},
                            f64ref(lambda q, x: -(q * ref_log_softmax(x, 1)).sum(axis=1))(p, logits)))
        for s in [(2, 3), (5,), (0,), ()]:
            x, z = vals(s, dt, -8, 8), vals(s, dt, 0, 1, step=0.25)
            o.cases.append(Case("tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)",
                                {"z": z, "x": x},
                                f64ref(lambda z_, x_: np.maximum(x_, 0) - x_ * z_ + np.log1p(np.exp(-np.abs(x_))))(z, x)))
        x, z = arr([100.0, -100.0, 0.0], dt), arr([1.0, 0.0, 0.5], dt)
        o.cases.append(Case("tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)", {"z": z, "x": x},
                            f64ref(lambda z_, x_: np.maximum(x_, 0) - x_ * z_ + np.log1p(np.exp(-np.abs(x_))))(z, x)))

    o = op("conv2d", "tf.nn.conv2d (NHWC)", EXACT,
           "exact: products and sums of small multiples of 1/8 are exact in float32")
    for dt in FLOATS:
        for xs, ws, st, pad, dil in [((1, 5, 5, 1), (3, 3, 1, 1), 1, "VALID", 1),
                                     ((1, 5, 5, 1), (3, 3, 1, 1), 1, "SAME", 1),
                                     ((2, 6, 5, 2), (3, 2, 2, 3), 2, "SAME", 1),
                                     ((1, 6, 6, 1), (2, 2, 1, 2), 2, "SAME", 1),   # no padding needed
                                     ((1, 4, 4, 1), (2, 2, 1, 1), 2, "VALID", 1),
                                     ((1, 7, 6, 2), (3, 3, 2, 2), 2, "VALID", 1),
                                     ((1, 6, 6, 1), (2, 2, 1, 1), 1, "SAME", 2),
                                     ((1, 7, 7, 2), (3, 3, 2, 1), 1, "VALID", 2),
                                     ((1, 1, 1, 3), (1, 1, 3, 2), 1, "SAME", 1),
                                     ((0, 4, 4, 1), (3, 3, 1, 1), 1, "SAME", 1),
                                     ((1, 4, 4, 1), (4, 4, 1, 1), 2, "SAME", 1)]:
            x, w = vals(xs, dt, -2, 2, step=0.25), vals(ws, dt, -2, 2, step=0.25)
            d = f", dilations={dil}" if dil != 1 else ""
            o.cases.append(Case(f"tf.nn.conv2d(x, w, strides={st}, padding=\"{pad}\"{d})", {"x": x, "w": w},
                                ref_conv2d(x, w, st, pad, dil)))
        x, w = vals((1, 5, 4, 1), dt, -2, 2, step=0.25), vals((2, 2, 1, 1), dt, -2, 2, step=0.25)
        o.cases.append(Case("tf.nn.conv2d(x, w, strides=[1, 2, 1, 1], padding=\"SAME\")", {"x": x, "w": w},
                            ref_conv2d(x, w, (2, 1), "SAME")))

    o = op("pool", "tf.nn.max_pool2d and tf.nn.avg_pool2d (NHWC)", ROUNDED_ONCE,
           "max is exact; avg divides an exact sum by the count of real elements")
    for dt in FLOATS:
        for xs, k, st, pad in [((1, 4, 4, 1), 2, 2, "VALID"), ((1, 5, 5, 2), 2, 2, "SAME"),
                               ((2, 5, 4, 1), 3, 1, "SAME"), ((1, 5, 5, 1), 3, 2, "VALID"),
                               ((1, 3, 3, 1), 3, 3, "SAME"), ((1, 1, 1, 1), 1, 1, "VALID"),
                               ((1, 6, 6, 1), 3, 2, "SAME")]:
            x = vals(xs, dt)
            for kind in ("max", "avg"):
                o.cases.append(Case(f"tf.nn.{kind}_pool2d(x, ksize={k}, strides={st}, padding=\"{pad}\")",
                                    {"x": x}, ref_pool(x, k, st, pad, kind)))
        x = vals((1, 4, 4, 1), dt)
        o.cases.append(Case("tf.nn.max_pool2d(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding=\"VALID\")",
                            {"x": x}, ref_pool(x, 2, 2, "VALID", "max")))

    o = op("bias_add", "tf.nn.bias_add", EXACT, "exact")
    for dt in FLOATS + INTS:
        for s in [(2, 3), (2, 2, 3), (1, 2, 2, 4), (0, 3), (1, 1)]:   # value must be >= 2-D
            x, b = vals(s, dt), vals((s[-1],), dt)
            o.cases.append(Case("tf.nn.bias_add(x, b)", {"x": x, "b": b}, x + b))

    o = op("moments", "tf.nn.moments (mean and variance)", COMPOSITE,
           "a mean (one rounding), then the mean of squared differences from it")
    for dt in FLOATS:
        for s, axes, keep in [((4, 3), [0], False), ((2, 3, 4), [0, 1], False), ((2, 3, 4), [2], True),
                              ((5,), [0], False), ((2, 3), [0, 1], True), ((3, 1), [1], False)]:
            x = vals(s, dt)
            k = ", keepdims=True" if keep else ""
            m = x.astype(F64).mean(axis=tuple(axes), keepdims=True)
            var = ((x - m) ** 2).mean(axis=tuple(axes), keepdims=keep)
            if not keep:
                m = m.reshape(var.shape)
            o.cases.append(Case(f"tf.nn.moments(x, axes={axes}{k})[0]", {"x": x}, m.astype(dt)))
            o.cases.append(Case(f"tf.nn.moments(x, axes={axes}{k})[1]", {"x": x}, var.astype(dt)))

    o = op("batch_normalization", "tf.nn.batch_normalization", BATCH_NORM,
           "rsqrt, then a multiply-add whose result may be near zero (see BATCH_NORM)")
    for dt in FLOATS:
        for s, ps, eps in [((4, 3), (3,), 0.001), ((2, 2, 2, 3), (3,), 1e-5), ((2, 3), (2, 3), 0.5),
                           ((0, 3), (3,), 0.001)]:
            x, mean = vals(s, dt), vals(ps, dt)
            var = vals(ps, dt, 0.125, 4.0)
            off, sc = vals(ps, dt), vals(ps, dt, 0.25, 2)

            def bn(x, mean, var, off, sc, eps=eps):
                return (x - mean) / np.sqrt(var + eps) * sc + off
            o.cases.append(Case(f"tf.nn.batch_normalization(x, m, v, o, s, {eps})",
                                {"x": x, "m": mean, "v": var, "o": off, "s": sc},
                                f64ref(bn)(x, mean, var, off, sc)))
            o.cases.append(Case(f"tf.nn.batch_normalization(x, m, v, None, None, variance_epsilon={eps})",
                                {"x": x, "m": mean, "v": var},
                                f64ref(lambda x, m, v: (x - m) / np.sqrt(v + eps))(x, mean, var)))

    o = op("dropout", "tf.nn.dropout (property checks: kept elements are x / (1 - rate))",
           {F32: (1e-6, 0.0), F64: (1e-15, 0.0)}, "x * (1 / (1 - rate)) may differ from x / (1 - rate) by an ulp")
    for dt in FLOATS:
        x = vals((25, 20), dt, 0.25, 4.0, step=0.25)
        for rate, seed in [(0.5, 7), (0.25, 11), (0.0, 3), (0.9, 5)]:
            o.cases.append(Case(f"tf.nn.dropout(x, rate={rate}, seed={seed})", {"x": x}, x,
                                check=f"dropout {rate}"))
        x = vals((0, 3), dt)
        o.cases.append(Case("tf.nn.dropout(x, 0.5, seed=1)", {"x": x}, x, check="dropout 0.5"))


def main():
    os.makedirs(CASES, exist_ok=True)
    make_ops()
    names = set()
    for o in OPS:
        write_op(o)
        names.add(o.name)
    # Stale files of an op that no longer exists would keep being tested.
    for f in os.listdir(CASES):
        stem = f.rsplit(".", 1)[0]
        if stem not in names and f.endswith((".py", ".expected")):
            os.remove(os.path.join(CASES, f))
    print(f"wrote {len(OPS)} ops, {sum(len(o.cases) for o in OPS)} cases to {CASES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
