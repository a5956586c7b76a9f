# train_test_split shuffles rows of x and y together (one permutation), as
# scikit-learn does, and keeps ceil(fraction * rows) for testing. With a seed the split
# is the same on every run; every row lands in exactly one part.
import tensorflow as tf
import ingot

x = tf.reshape(tf.range(20), [10, 2])
y = tf.range(10) * 100
x_train, x_test, y_train, y_test = ingot.data.train_test_split(x, y, test_fraction=0.25, seed=7)
tf.print("sizes:", tf.shape(x_train)[0], tf.shape(x_test)[0])
tf.print("rows kept together:", tf.reduce_all(tf.equal(x_train[:, 0] * 50, y_train)),
         tf.reduce_all(tf.equal(x_test[:, 0] * 50, y_test)))
tf.print("all rows once:", tf.reduce_sum(tf.concat([y_train, y_test], 0)) == tf.reduce_sum(y))
tf.print("test labels:", y_test)
