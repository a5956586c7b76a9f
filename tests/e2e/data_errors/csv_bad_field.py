# ingot-test: exit=1
# A field that is not a number: the file's line, the field's place and text.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/bad_field.csv"))
