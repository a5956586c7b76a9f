# iter()/next() need the number of elements now: fine eagerly, but compiled it is known
# only when the program runs (a for loop over the dataset is the compiled way).
import tensorflow as tf

it = iter(tf.data.Dataset.range(3))
tf.print(next(it))
