# The digits classifier as a C library: `ingot build --lib classifier.py -o DIR/digits`
# writes DIR/digits.h, DIR/libdigits.a, DIR/libdigits.so and DIR/digits.pc, and
# classify.c uses them. The one module-level tf.function, predict, becomes
# digits_predict(); its input_signature gives its C argument's dtype and shape (any
# number of rows of 64 pixels). digits_new() reads the weights train.py wrote.
import tensorflow as tf
from _digits_model import build_model

model = build_model()


@tf.function(input_signature=[tf.TensorSpec([None, 64], tf.float32)])
def predict(pixels):
    """Each row's digit, and the probabilities of the ten digits."""
    probabilities = tf.nn.softmax(model(pixels))
    return tf.argmax(probabilities, axis=1, output_type=tf.int32), probabilities
