# get_concrete_function traces a graph in eager mode too: the Python body runs once,
# while tracing (the print shows when), and every call of the concrete function
# runs that graph: a while loop with a cond inside, a variable update and tf.print.
import tensorflow as tf

total = tf.Variable(0)


@tf.function
def collatz(n):
    print("tracing collatz")
    steps = tf.constant(0)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    total.assign_add(steps)
    tf.print("steps:", steps)
    return steps, n


cf = collatz.get_concrete_function(tf.TensorSpec([], tf.int32))
print("traces:", collatz.experimental_get_tracing_count())
s, n = cf(tf.constant(27))
tf.print(s, n)
tf.print(cf(tf.constant(6))[0])
tf.print("total:", total)
