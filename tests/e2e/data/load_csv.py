# ingot.data.load_csv reads its file when the program runs: a header line skipped,
# blank lines skipped, the same table through gzip, other delimiters, CRLF line ends,
# and an int dtype; shape= states the columns the program relies on.
import tensorflow as tf
import ingot

table = ingot.data.load_csv("files/table.csv", skip_header=1)
print("build time:", table.shape, table.dtype)
tf.print(table)
tf.print(ingot.data.load_csv("files/table.csv.gz", skip_header=1, shape=[None, 3]))
tf.print(ingot.data.load_csv("files/semicolons.txt", delimiter=";", dtype=tf.int32))
tf.print(ingot.data.load_csv("files/crlf.csv", dtype=tf.float64))
# int64 fields are read as integers, exactly: 2^53 + 1 and the int64 extremes.
tf.print(ingot.data.load_csv("files/int64.csv", dtype=tf.int64), summarize=-1)
