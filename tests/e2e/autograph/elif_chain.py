# An elif chain on a tensor is nested conds; the same chain on a Python int picks one branch.
import tensorflow as tf


@tf.function
def grade(score):
    if score >= 90:
        g = 4
    elif score >= 80:
        g = 3
    elif score >= 70:
        g = 2
    else:
        g = 0
    return g


@tf.function
def grade_py(score):
    if score >= 90:
        print("python: A")
        g = 4
    elif score >= 80:
        print("python: B")
        g = 3
    else:
        print("python: other")
        g = 0
    return g


for s in [95, 85, 75, 10]:
    tf.print(s, grade(tf.constant(s)))
tf.print(grade_py(85), grade_py(12))
print(grade.experimental_get_tracing_count(), grade_py.experimental_get_tracing_count())
