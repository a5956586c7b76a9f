# ingot-test: build-args=-Wno-print-traced-tensor
# range() of a tensor: traced, AutoGraph makes it tf.range (the loop is a graph
# while loop and print runs once, while tracing); eagerly it is Python's range of
# the tensor's int (__index__), as TensorFlow runs it without AutoGraph.
import tensorflow as tf

n = tf.constant(3)
print(range(n))
for i in range(n):
    print("step", i)
    tf.print("tf.print step", i)
print(tf.float32, repr(tf.float32))
