# Template matching on real handwritten digits (scikit-learn's digits): every image
# goes through a fixed edge-detecting convolution and a max pool, and takes the label
# of the reference digit whose features are most alike (cosine similarity). Nothing
# is trained: the four filters are written below.
import tensorflow as tf

from _digits_sample import QUERIES, QUERY_LABELS, REFERENCES

# 3x3 edge filters, HWIO [3, 3, 1, 4]: horizontal, vertical and the two diagonals.
H = [[-1.0, -1.0, -1.0], [2.0, 2.0, 2.0], [-1.0, -1.0, -1.0]]
V = [[-1.0, 2.0, -1.0], [-1.0, 2.0, -1.0], [-1.0, 2.0, -1.0]]
D1 = [[2.0, -1.0, -1.0], [-1.0, 2.0, -1.0], [-1.0, -1.0, 2.0]]
D2 = [[-1.0, -1.0, 2.0], [-1.0, 2.0, -1.0], [2.0, -1.0, -1.0]]
FILTERS = tf.reshape(tf.stack([H, V, D1, D2], axis=-1), [3, 3, 1, 4])


@tf.function(input_signature=[tf.TensorSpec([None, 64], tf.float32)])
def features(pixels):
    """[n, 64] pixel rows -> [n, 64] unit-length edge features."""
    images = tf.reshape(pixels / 16.0, [-1, 8, 8, 1])
    edges = tf.nn.relu(tf.nn.conv2d(images, FILTERS, strides=1, padding="SAME"))
    pooled = tf.nn.max_pool2d(edges, ksize=2, strides=2, padding="VALID")  # [n, 4, 4, 4]
    flat = tf.reshape(pooled, [-1, 4 * 4 * 4])
    return flat / tf.sqrt(tf.reduce_sum(tf.square(flat), axis=1, keepdims=True))


references = features(tf.constant(REFERENCES, tf.float32))
queries = features(tf.constant(QUERIES, tf.float32))
print("features traced", features.experimental_get_tracing_count(), "time(s);",
      "the queries' static shape:", queries.shape)

similarity = tf.matmul(queries, references, transpose_b=True)  # [40, 10]
predicted = tf.argmax(similarity, axis=1, output_type=tf.int32)
labels = tf.constant(QUERY_LABELS)
correct = tf.cast(predicted == labels, tf.float32)

tf.print("predicted:", predicted, summarize=-1)
tf.print("labels:   ", labels, summarize=-1)
tf.print("accuracy:", tf.reduce_mean(correct))
tf.print("right per digit:", tf.reduce_sum(tf.one_hot(labels, 10) * correct[:, None], axis=0), summarize=-1)
tf.print("best match, first 5:", tf.reduce_max(similarity, axis=1)[:5])
