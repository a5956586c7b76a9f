# repeat() without a count over a shuffle that reshuffles each pass would need an order
# for every pass ahead: not supported yet, said where.
import tensorflow as tf

for v in tf.data.Dataset.range(4).shuffle(4).repeat():
    tf.print(v)
    break
