# A variable the library's functions use, out of reach of the object
# tf.saved_model.save saves: no weights file sets it, and the build says so
# (-Wunsaved-weight).
import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.factor = tf.Variable(2.0)


offset = tf.Variable(1.0)
model = Scale()


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def affine(x):
    return x * model.factor + offset


tf.saved_model.save(model, "export", signatures={"affine": affine})
