# tf.GradientTape against central finite differences, in float64, for the
# elementwise ops: + - * / (and -x), floormod, square, sqrt, rsqrt, exp, log, log1p,
# tanh, sigmoid, relu, abs, pow, maximum, minimum. The binary ops run over equal shapes
# and over broadcasts ([2,3] with [3], [2,1] with [1,3], a scalar with [2,2] and
# [2,2] with a scalar), so each gradient must also be summed back to its input's
# shape; the unary ops over [2,3], [3,1], [1,3] and a scalar. Inputs stay away from
# the kinks (relu, abs, maximum, minimum) and the poles (divide, log, rsqrt).
# One line per op, "NAME ok: 1"; a gradient that is None or of the wrong shape or
# dtype also prints a build-time line naming it.
import tensorflow as tf

from _gradcheck import report


def c(value):
    return tf.constant(value, dtype=tf.float64)


# Any sign; no two of them equal where maximum/minimum compare them.
M23 = c([[0.5, -1.25, 2.0], [1.5, 0.75, -0.3]])
N23 = c([[1.0, -0.5, 1.75], [-1.1, 0.25, 0.4]])
V3 = c([1.1, -0.6, 2.4])
C21 = c([[0.9], [-1.7]])
R13 = c([[0.2, 1.3, -2.2]])
C31 = c([[-0.8], [0.4], [1.1]])
S = c(0.7)
M22 = c([[1.2, -0.4], [2.6, 0.35]])
# Positive: denominators, the bases of pow, the arguments of sqrt, rsqrt and log.
P23 = c([[0.5, 1.25, 2.0], [1.5, 0.75, 0.3]])
Q23 = c([[1.0, 0.5, 1.75], [1.1, 0.8, 0.4]])
PV3 = c([1.1, 1.6, 2.4])
PC21 = c([[0.9], [1.7]])
PR13 = c([[0.8, 1.3, 2.2]])
PC31 = c([[0.8], [0.4], [1.1]])
PS = c(2.5)
PM22 = c([[1.2, 1.9], [2.6, 0.85]])

BINARY = [[M23, N23], [M23, V3], [C21, R13], [S, M22], [M22, S]]
DIVIDE = [[M23, Q23], [M23, PV3], [C21, PR13], [S, PM22], [M22, PS]]
POW = [[P23, N23], [P23, V3], [PC21, R13], [PS, M22], [PM22, S]]
UNARY = [[M23], [C31], [R13], [S]]
POSITIVE = [[P23], [PC31], [PR13], [PS]]

report("add", lambda x, y: x + y, BINARY)
report("subtract", tf.subtract, BINARY)
report("multiply", lambda x, y: x * y, BINARY)
report("divide", tf.divide, DIVIDE)
report("pow", tf.pow, POW)
# floormod is discontinuous where x / y is an integer: these inputs keep away from it.
report("floormod", tf.math.floormod, DIVIDE)
report("maximum", tf.maximum, BINARY)
report("minimum", tf.minimum, BINARY)
report("negative", lambda x: -x, UNARY)
report("square", tf.square, UNARY)
report("sqrt", tf.sqrt, POSITIVE)
report("rsqrt", tf.math.rsqrt, POSITIVE)
report("exp", tf.exp, UNARY)
report("log", tf.math.log, POSITIVE)
report("log1p", tf.math.log1p, [[P23], [C31], [S]])   # C31 holds -0.8: above -1
report("tanh", tf.tanh, UNARY)
report("sigmoid", tf.sigmoid, UNARY)
report("relu", tf.nn.relu, UNARY)
report("abs", tf.abs, UNARY)
