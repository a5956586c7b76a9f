"""tf.keras.callbacks: what fit calls at each epoch's end.

fit's epochs are a loop of the compiled program, so a callback's on_epoch_end runs
once, while that loop is traced, with logs of tensors: its tensor operations then
happen at every epoch's end, its Python side effects (print) once -- as in a
tf.function. EarlyStopping and ModelCheckpoint keep their state in variables.
"""
import _ingot
import tensorflow as tf
from .. import _missing

_float32 = _ingot.float32


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass


def _better(mode, monitor):
    if mode == "auto":
        mode = "max" if "acc" in monitor else "min"
    if mode not in ("min", "max"):
        raise ValueError("mode must be 'auto', 'min' or 'max', got %r" % (mode,))
    return mode


def _monitored(logs, monitor, who):
    if monitor not in logs:
        raise ValueError("%s: the monitored value '%s' is not among fit's logs: %s"
                         % (who, monitor, ", ".join(logs)))
    return tf.cast(logs[monitor], _float32)


class EarlyStopping(Callback):
    """Stops fit once `monitor` has not improved by min_delta for patience epochs."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto",
                 baseline=None, restore_best_weights=False, start_from_epoch=0):
        Callback.__init__(self)
        if restore_best_weights:
            _ingot.not_supported("EarlyStopping(restore_best_weights=True)")
        self.monitor = monitor
        self.min_delta = abs(min_delta)
        self.patience = patience
        self.mode = _better(mode, monitor)
        self.verbose = verbose
        worst = float("inf") if self.mode == "min" else -float("inf")
        self.best = _ingot.variable(worst if baseline is None else float(baseline), False,
                                    "early_stopping/best", _float32, None)
        self.wait = _ingot.variable(0, False, "early_stopping/wait", _ingot.int32, None)
        self.stopped_epoch = _ingot.variable(0, False, "early_stopping/stopped_epoch",
                                             _ingot.int32, None)

    def on_epoch_end(self, epoch, logs=None):
        current = _monitored(logs, self.monitor, "EarlyStopping")
        if self.mode == "min":
            improved = current < self.best - self.min_delta
        else:
            improved = current > self.best + self.min_delta
        # Keras's rule: the wait restarts on an improvement; otherwise, after the first
        # epoch, patience epochs without one stop training.
        self.best.assign(tf.where(improved, current, self.best))
        self.wait.assign(tf.where(improved, 0, self.wait + 1))
        stop = tf.logical_and(tf.logical_not(improved),
                              tf.logical_and(self.wait >= self.patience, epoch > 0))
        self.stopped_epoch.assign(tf.where(stop, tf.cast(epoch, _ingot.int32),
                                           self.stopped_epoch))
        return stop


class ModelCheckpoint(Callback):
    """Saves the model's weights (save_weights's files) at each epoch's end, or only when
    `monitor` improved (save_best_only). The path is used as given: {epoch}-style
    fields are not supported yet."""

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False,
                 save_weights_only=False, mode="auto", save_freq="epoch", **kwargs):
        Callback.__init__(self)
        if isinstance(filepath, str) and "{" in filepath:
            _ingot.not_supported("a ModelCheckpoint path with {epoch}-style fields")
        if save_freq != "epoch":
            _ingot.not_supported("ModelCheckpoint(save_freq=%r)" % (save_freq,))
        self.filepath = filepath
        self.monitor = monitor
        self.save_best_only = save_best_only
        self.mode = _better(mode, monitor)
        worst = float("inf") if self.mode == "min" else -float("inf")
        self.best = _ingot.variable(worst, False, "model_checkpoint/best", _float32, None)

    def on_epoch_end(self, epoch, logs=None):
        if not self.save_best_only:
            self.model.save_weights(self.filepath)
            return None
        current = _monitored(logs, self.monitor, "ModelCheckpoint")
        improved = current < self.best if self.mode == "min" else current > self.best
        if improved:
            self.best.assign(current)
            self.model.save_weights(self.filepath)
        return None


class History(Callback):
    pass


__ingot_missing__ = _missing.names(__name__)
