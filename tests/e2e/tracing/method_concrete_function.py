# get_concrete_function of a tf.function method, with TensorSpecs for the arguments
# after self (the instance is bound, as in its calls), and the concrete function
# called with tensors of those specs.
import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.factor = tf.Variable(2.0)

    @tf.function
    def shifted(self, x, by):
        return x * self.factor + by


model = Scaler()
cf = model.shifted.get_concrete_function(tf.TensorSpec([2], tf.float32),
                                         tf.TensorSpec([], tf.float32))
print(cf)
tf.print(cf(tf.constant([1.0, 2.0]), tf.constant(0.5)))
tf.print(model.shifted(tf.constant([3.0, 4.0]), tf.constant(1.0)))
print("traces:", model.shifted.experimental_get_tracing_count())
