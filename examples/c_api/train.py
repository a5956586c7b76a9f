# ingot-test: args='--weights={scratch}/digits.safetensors'
# Trains the digits classifier (_digits_model.py) with Keras on scikit-learn's
# handwritten digits and writes its weights as a checkpoint (--weights), which the C
# library classifier.py exports reads: `model` here and there, so the tensors are
# "model/layers/0/kernel" and so on in both. A compiled program, like any other.
import tensorflow as tf
import ingot
from _digits_model import build_model

tf.random.set_seed(7)
table = ingot.data.load_csv(ingot.flag("data", "../data/digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
pixels, labels = tf.cast(table[:, :64], tf.float32) / 16.0, table[:, 64]

model = build_model()
model.compile(optimizer=tf.keras.optimizers.Adam(0.003),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
model.fit(pixels, labels, batch_size=32, epochs=10, verbose=0)
loss, accuracy = model.evaluate(pixels, labels, verbose=0)
tf.print("training accuracy at least 97%:", accuracy >= 0.97)
tf.train.Checkpoint(model=model).write(ingot.flag("weights", "digits.safetensors",
                                                  "where the weights go"))
tf.print("weights written")
