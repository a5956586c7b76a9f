# ingot-test: build-exit=0
# The seed's pitfall (section 4.2): a Python global changes only while tracing,
# so the traced function adds the 1 it saw then, on every call.
import tensorflow as tf

counter = 0
@tf.function
def increment(x):
    global counter
    counter += 1
    return x + counter

tf.print(increment(tf.constant(1)))
tf.print(increment(tf.constant(1)))
tf.print(increment(tf.constant(1)))
print("counter after building:", counter)
