# tf.saved_model.save names what a library exports (its signatures, by key) and the
# object whose variables are its weights. Run as a program, the same call writes
# those weights to export/weights.safetensors, named by their paths from the object:
# the library reads them back (saved.c).
import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.factor = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return x * self.factor

    @tf.function
    def shifted(self, x, by):
        return x * self.factor + by


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def double(x):
    return 2.0 * x


model = Scaler()
model.factor.assign(3.0)   # what the program saves; a library starts from 2.0
tf.saved_model.save(model, "export", signatures={
    "serving_default": model.__call__,
    "double": double,   # exported anyway (module-level): named once
    "shifted": model.shifted.get_concrete_function(tf.TensorSpec([2], tf.float32),
                                                   tf.TensorSpec([], tf.float32)),
})
