# The seed's section 3.3, its custom layer unchanged (between the markers): a Keras
# layer whose call is a tf.function, so a print in it runs once, while tracing; the
# Dense inside makes its weights on that first (traced) call.
import tensorflow as tf

# -- the seed's code --
class MyLayer(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units)

    @tf.function
    def call(self, inputs):
        return self.dense(inputs)
# -- end of the seed's code --


class Logged(MyLayer):
    @tf.function
    def call(self, inputs):
        print("tracing Logged.call")
        return self.dense(inputs)


layer = Logged(3)
for step in range(3):
    y = layer(tf.ones([2, 4]))
tf.print("output:", tf.shape(y), "weights:", len(layer.trainable_variables))
plain = MyLayer(2)
tf.print(tf.shape(plain(tf.ones([5, 4]))))
