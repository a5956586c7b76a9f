# --emit=dot leaves out AutoGraph's flags (the .dot golden: the break_ flag of the loop
# is named where it is set or read, as "sets break_", "reads not break_"), --emit=dot-all
# draws them (the .dot-all golden: its constants, its loop variable, its logical_not).
# The if/return in sign is one cond with no do_return left in either picture.
import tensorflow as tf


@tf.function
def sign(x):
    if x > 0:
        return x
    return -x


@tf.function
def count_up(x):
    for i in tf.range(5):
        if x > 10.0:
            break
        x = x + 3.0
    return x


tf.print(sign(tf.constant(-2.0)), count_up(tf.constant(1.0)))
