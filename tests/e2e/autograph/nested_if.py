# Nested tensor ifs, and a tensor if nested in a Python if.
import tensorflow as tf


@tf.function
def quadrant(x, y, strict):
    if strict:
        if x > 0:
            if y > 0:
                q = 1
            else:
                q = 4
        else:
            if y > 0:
                q = 2
            else:
                q = 3
    else:
        q = 0
    return q


tf.print(quadrant(tf.constant(1.0), tf.constant(2.0), True),
         quadrant(tf.constant(-1.0), tf.constant(2.0), True),
         quadrant(tf.constant(-1.0), tf.constant(-2.0), True),
         quadrant(tf.constant(1.0), tf.constant(-2.0), True),
         quadrant(tf.constant(1.0), tf.constant(-2.0), False))
print(quadrant.experimental_get_tracing_count())
