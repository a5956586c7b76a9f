# ingot-test: mask-timings=1 args='--best={scratch}/best'
# fit's callbacks: EarlyStopping stops the program's epoch loop (a break of a graph
# while) once val_loss stops improving, History then holds only the epochs that ran;
# ModelCheckpoint(save_best_only) saves the weights when val_loss improves; a Callback
# subclass's on_epoch_end is traced once into the loop and its tf.print runs each epoch.
import tensorflow as tf
import ingot

tf.random.set_seed(0)
x = tf.random.Generator.from_seed(3).uniform([128, 2], -1.0, 1.0)
y = tf.reduce_sum(x, axis=1, keepdims=True)
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="mse")


class Report(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("tracing on_epoch_end with logs", sorted(logs))
        tf.print("epoch", epoch, "val_loss below 1e-6:", logs["val_loss"] < 1e-6)


stopper = tf.keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=1e-3, patience=2)
best_path = ingot.flag("best", "best")
best = tf.keras.callbacks.ModelCheckpoint(best_path, save_best_only=True)
history = model.fit(x, y, batch_size=128, epochs=50, validation_data=(x, y), verbose=0,
                    callbacks=[Report(), stopper, best])
epochs_run = tf.shape(history.history["loss"])[0]
tf.print("stopped early:", epochs_run < 50, "at the epoch EarlyStopping says:",
         stopper.stopped_epoch + 1 == epochs_run)
model.layers[0].kernel.assign(tf.zeros([2, 1]))
model.load_weights(best_path)
tf.print("the best weights, saved:", tf.round(model.layers[0].kernel[:, 0] * 100.0) / 100.0)
