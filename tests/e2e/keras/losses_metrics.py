# Keras's losses as classes, strings and functions (from logits and from
# probabilities, sample weights, reductions), and metrics that accumulate in variables
# across a tf.function's calls. Values rounded to 4 places; worked out by hand:
# the sparse cross-entropy of these logits is (0.2413 + 0.1096 + 1.0986) / 3.
import tensorflow as tf


def r(x):
    return tf.round(x * 10000.0) / 10000.0


labels = tf.constant([0, 2, 1])
logits = tf.constant([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0]])
probs = tf.nn.softmax(logits)
scce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
tf.print("sparse, logits:", r(scce(labels, logits)))
tf.print("sparse, probabilities:", r(tf.keras.losses.get("sparse_categorical_crossentropy")(
    labels, probs)))
tf.print("per sample:", r(tf.keras.losses.sparse_categorical_crossentropy(labels, logits,
                                                                          from_logits=True)))
tf.print("weighted:", r(scce(labels, logits, sample_weight=tf.constant([1.0, 0.0, 0.0]))))
tf.print("sum:", r(tf.keras.losses.SparseCategoricalCrossentropy(
    from_logits=True, reduction="sum")(labels, logits)))
tf.print("categorical:", r(tf.keras.losses.CategoricalCrossentropy(from_logits=True)(
    tf.one_hot(labels, 3), logits)))
tf.print("binary:", r(tf.keras.losses.BinaryCrossentropy()(tf.constant([[1.0], [0.0]]),
                                                           tf.constant([[0.9], [0.2]]))))
tf.print("binary, logits:", r(tf.keras.losses.BinaryCrossentropy(from_logits=True)(
    tf.constant([[1.0], [0.0]]), tf.constant([[2.0], [-1.0]]))))
tf.print("mse:", r(tf.keras.losses.MeanSquaredError()(tf.constant([[1.0, 2.0]]),
                                                      tf.constant([[0.0, 4.0]]))))

accuracy = tf.keras.metrics.SparseCategoricalAccuracy()
mean_loss = tf.keras.metrics.Mean(name="loss")


@tf.function
def record(y, scores):
    accuracy.update_state(y, scores)
    mean_loss.update_state(scce(y, scores))


record(labels, logits)                                   # 2 of 3 right
record(tf.constant([1]), tf.constant([[0.0, 0.0, 1.0]]))  # wrong
tf.print("accuracy:", accuracy.result(), "mean loss:", r(mean_loss.result()))
accuracy.reset_state()
tf.print("after reset:", accuracy.result())
tf.print("Accuracy:", tf.keras.metrics.Accuracy()(tf.constant([1, 2, 3]), tf.constant([1, 0, 3])))
