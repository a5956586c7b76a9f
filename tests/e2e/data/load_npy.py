# ingot-test: args='--out={scratch}/saved.npy'
# ingot.data.load_npy: dtype and rank read from the header at build time when the
# path is a str; the file's type converted to the program's (uint8 -> int32 here);
# version 2 headers, scalars, gzip. save_npy writes a file NumPy reads, atomically.
import tensorflow as tf
import ingot

f64 = ingot.data.load_npy("files/f64.npy")
print("f64:", f64.shape, f64.dtype)
tf.print(f64)
tf.print(ingot.data.load_npy("files/i32.npy"))
tf.print(ingot.data.load_npy("files/u8.npy.gz"))
tf.print(ingot.data.load_npy("files/bools.npy"))
tf.print(ingot.data.load_npy("files/scalar.npy", dtype=tf.float64))

out = ingot.flag("out", "saved.npy", "where to write")
ingot.data.save_npy(out, tf.reshape(tf.range(6, dtype=tf.int64), [3, 2]))
tf.print(ingot.data.load_npy(out, dtype=tf.int64, shape=[None, 2]))
