# ingot-test: args='--epochs=3 --lr 0.5 --verbose --quiet=false --shuffle=0 --steps -7'
# Both spellings (--name=value, --name value), a bare bool flag, bools as
# true/false/1/0, and a negative number as a separate argument.
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
lr = ingot.flag("lr", 0.1, "learning rate")
verbose = ingot.flag("verbose", False, "print more")
quiet = ingot.flag("quiet", True)
shuffle = ingot.flag("shuffle", True, "shuffle the data")
steps = ingot.flag("steps", 10)
tf.print("epochs", epochs, "lr", lr, "verbose", verbose, "quiet", quiet, "shuffle", shuffle, "steps", steps)
if verbose:
    tf.print("verbose output is on")
else:
    tf.print("verbose output is off")
