# ingot-test: eager-exit=1
# tf.print writes to sys.stdout or sys.stderr; TensorFlow's 'file://PATH' streams and
# logging functions are not supported yet, a located error.
import tensorflow as tf

tf.print("x", output_stream="file:///tmp/log.txt")
