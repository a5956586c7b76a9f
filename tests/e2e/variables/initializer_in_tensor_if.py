# A variable initialized from a tensor made inside a tensor-dependent if: its
# initializer could not run before the if, so it is not supported yet in a compiled
# program; eager mode runs the branch taken.
import tensorflow as tf

x = tf.constant(3.0)
if x > 1.0:
    v = tf.Variable(x * 2.0)
else:
    v = tf.Variable(x)
tf.print(v)
