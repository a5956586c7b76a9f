# ingot-test: exit=1
# A gzip stream cut short is an error, not a shorter table.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/truncated.csv.gz"))
