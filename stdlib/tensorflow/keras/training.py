"""tf.keras.Model: compile, fit, evaluate, predict, summary, save_weights/load_weights.

fit's loops are the program's: the epochs loop is a graph while and each epoch a
tf.data loop over the batches, calling one traced train step (a tf.function). Its
History holds one tensor per metric with a value per epoch (known when the program
runs: tf.print(history.history["loss"])), where Keras's holds Python lists. The
progress bar is drawn by the runtime (ig_progress) as the program trains.
"""
import _ingot
import tensorflow as tf
from .. import _missing
from .. import distribute as _distribute
from . import losses as _losses
from . import metrics as _metrics
from . import optimizers as _optimizers
from . import callbacks as _callbacks
from . import functional as _functional
from . import summary as _summary
from . import keras_tensor as _kt
from .layers.base import Layer

_float32 = _ingot.float32
_int64 = _ingot.int64


def _optimizer(identifier):
    if isinstance(identifier, str):
        names = {"adam": _optimizers.Adam, "sgd": _optimizers.SGD,
                 "rmsprop": _optimizers.RMSprop, "adagrad": _optimizers.Adagrad}
        if identifier.lower() not in names:
            raise ValueError("Could not interpret optimizer identifier: %s" % identifier)
        return names[identifier.lower()]()
    return identifier


def _accuracy_for(loss, name):
    """What "accuracy" means for this loss, as Keras decides it."""
    fn = loss._fn if isinstance(loss, _losses._Wrapper) else loss
    if fn is _losses.sparse_categorical_crossentropy:
        return _metrics.SparseCategoricalAccuracy(name=name)
    if fn is _losses.categorical_crossentropy:
        return _metrics.CategoricalAccuracy(name=name)
    if fn is _losses.binary_crossentropy:
        return _metrics.BinaryAccuracy(name=name)
    return _metrics.Accuracy(name=name)


def _metric(identifier, loss):
    if isinstance(identifier, _metrics.Metric):
        return identifier
    if identifier in ("accuracy", "acc"):
        return _accuracy_for(loss, identifier)
    by_name = {"sparse_categorical_accuracy": _metrics.SparseCategoricalAccuracy,
               "categorical_accuracy": _metrics.CategoricalAccuracy,
               "binary_accuracy": _metrics.BinaryAccuracy}
    if isinstance(identifier, str) and identifier in by_name:
        return by_name[identifier]()
    raise ValueError("Could not interpret metric identifier: %s" % (identifier,))


def _output_shapes(outputs):
    shapes = [t.shape for t in _kt.leaves(outputs)]
    return shapes[0] if len(shapes) == 1 and not isinstance(outputs, (list, tuple)) \
        else shapes


def _features(element):
    """The x of a dataset element that may be (x, y)."""
    return element[0] if isinstance(element, tuple) else element


class History:
    """fit's record: history[name] is a tensor of one value per epoch."""

    def __init__(self, history, epochs):
        self.history = history
        self.epoch = list(range(epochs))


def _batches(x, y, batch_size, shuffle, strategy=None):
    """The batches of (x, y) or of the dataset x; under a strategy each replica's
    share of them (batch_size is the global batch, as in Keras)."""
    if isinstance(x, tf.data.Dataset):
        if y is not None:
            raise ValueError("`y` argument is not supported when using dataset as input.")
        if isinstance(x, _distribute._DistributedDataset):
            return x   # already each replica's share
        data = x
    else:
        data = tf.data.Dataset.from_tensor_slices((x, y))
        if shuffle:
            data = data.shuffle(2 ** 31 - 1, reshuffle_each_iteration=True)
        data = data.batch(32 if batch_size is None else batch_size)
    if strategy is not None:
        data = strategy.experimental_distribute_dataset(data)
    return data


class _ScaledLoss:
    """compiled_loss under a strategy of several replicas: the loss divided by their
    number (Keras's scale_loss_for_distribution, in its loss container), so that the
    gradients of a train_step, which the optimizer sums over the replicas, are those of
    the global batch's mean loss -- a custom train_step's too."""

    def __init__(self, loss, replicas):
        self.loss = loss
        self.replicas = replicas

    def __call__(self, y_true, y_pred, sample_weight=None, regularization_losses=None):
        if sample_weight is None:   # (a loss may be a plain function of two arguments)
            return self.loss(y_true, y_pred) / self.replicas
        return self.loss(y_true, y_pred, sample_weight=sample_weight) / self.replicas


def _chief_print(strategy, *args, **kwargs):
    """tf.print on the replica that draws the progress bar (rank 0) alone."""
    if strategy is None or strategy.num_replicas_in_sync == 1:
        tf.print(*args, **kwargs)
        return
    def chief():
        tf.print(*args, **kwargs)
        return 0   # (a cond's branches give a value)

    tf.cond(tf.equal(_ingot.op("replica_id", [], {}), 0), chief, lambda: 0)


class Model(Layer):
    """A model three ways: Model(inputs, outputs) on tf.keras.Input (the functional
    API), a subclass with its own call(), or a Sequential."""

    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop("inputs", args[0] if len(args) > 0 else None)
        outputs = kwargs.pop("outputs", args[1] if len(args) > 1 else None)
        if len(args) > 2:
            raise TypeError("Model() takes at most 2 positional arguments (inputs, "
                            "outputs), got %d" % len(args))
        Layer.__init__(self, **kwargs)
        self._graph = None
        self.inputs = None    # the symbolic inputs and outputs of a functional model
        self.outputs = None
        if inputs is not None or outputs is not None:
            if inputs is None or outputs is None:
                raise ValueError("Model: the functional API needs both inputs and outputs")
            self._graph = _functional.Graph(inputs, outputs)
            self.inputs = self._graph.input_tensors
            self.outputs = _kt.leaves(outputs)
            self._layers = self._graph.layers
            self.built = True
            self._output_shape = _output_shapes(outputs)
        self.optimizer = None
        self.compiled_loss = None
        self.compiled_metrics = []
        self.stop_training = False
        self._run_eagerly = False
        self._train_function = None
        self._test_function = None
        self._predict_function = None
        # Made in a tf.distribute strategy's scope: fit and evaluate shard their batches
        # over its replicas (the optimizer and metrics made in the scope know it too).
        self._distribute_strategy = _distribute._current()

    @property
    def distribute_strategy(self):
        return self._distribute_strategy or tf.distribute.get_strategy()

    def call(self, inputs, training=None):
        if self._graph is None:
            raise NotImplementedError("Unimplemented `tf.keras.Model.call()`: if you intend "
                                      "to create a `Model` with the Functional API, please "
                                      "provide `inputs` and `outputs` arguments. Otherwise, "
                                      "subclass `Model` with an overridden `call()` method.")
        return self._graph.run(inputs, training, self.name)

    @property
    def run_eagerly(self):
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value):
        """Keras runs fit's step op by op when this is true. `ingot run --eager` always
        does; a compiled program traces the step into its graph whatever it says."""
        if value and not _ingot.executing_eagerly():
            _ingot.warn("run-eagerly", "run_eagerly=True has no effect in a compiled "
                        "program: fit's train step is part of its graph (`ingot run "
                        "--eager` runs the script op by op)")
        self._run_eagerly = bool(value)

    @property
    def layers(self):
        return list(self._layers) if self._graph is not None else self._attribute_layers()

    # ---- compile -------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None,
                weighted_metrics=None, run_eagerly=None, steps_per_execution=None,
                jit_compile=None, **kwargs):
        for name, value in (("loss_weights", loss_weights),
                            ("weighted_metrics", weighted_metrics)):
            if value is not None:
                _ingot.not_supported("compile(%s=...)" % name)
        if loss is None:
            raise ValueError("compile: Ingot needs a loss (add_loss is not supported yet)")
        if self._distribute_strategy is None:
            self._distribute_strategy = _distribute._current()
        strategy = self._distribute_strategy
        # What compile makes belongs to the model's strategy, as if made in its scope
        # (TensorFlow compiles in it), and so do an optimizer and metrics made outside:
        # the optimizer must sum the replicas' gradients, the metrics their data.
        if strategy is not None:
            _distribute._scopes.append(strategy)
        self.optimizer = _optimizer(optimizer)
        self._loss = _losses.get(loss)
        replicas = 1 if strategy is None else strategy.num_replicas_in_sync
        self.compiled_loss = self._loss if replicas == 1 else _ScaledLoss(self._loss, replicas)
        self.compiled_metrics = [_metric(m, self._loss) for m in (metrics or [])]
        self._loss_tracker = _metrics.Mean(name="loss")
        if strategy is not None:
            _distribute._scopes.pop()
            for made in [self.optimizer] + self.compiled_metrics:
                if getattr(made, "_distribute_strategy", None) is None:
                    made._distribute_strategy = strategy
        if run_eagerly is not None:
            self.run_eagerly = run_eagerly
        self._train_function = None
        self._test_function = None

    @property
    def metrics(self):
        return [self._loss_tracker] + list(self.compiled_metrics)

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def _need_compiled(self, what):
        if self.compiled_loss is None:
            raise RuntimeError("You must compile your model before %s. Call "
                               "`model.compile(optimizer, loss)`." % what)

    # ---- one step ------------------------------------------------------------------
    def _update_metrics(self, y, y_pred, loss):
        batch = tf.cast(tf.shape(y_pred)[0], _float32)
        self._loss_tracker.update_state(loss, sample_weight=batch)
        for m in self.compiled_metrics:
            m.update_state(y, y_pred)
        return [m.result() for m in self.metrics]

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred)   # scaled under a strategy
        variables = self.trainable_variables
        self.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        if isinstance(self.compiled_loss, _ScaledLoss):
            loss = loss * self.compiled_loss.replicas   # the metric is of the loss itself
        return self._update_metrics(y, y_pred, loss)

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        return self._update_metrics(y, y_pred, self._loss(y, y_pred))

    def make_train_function(self):
        if self._train_function is None:
            self._train_function = tf.function(lambda x, y: self.train_step((x, y)))
        return self._train_function

    def make_test_function(self):
        if self._test_function is None:
            self._test_function = tf.function(lambda x, y: self.test_step((x, y)))
        return self._test_function

    def _reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    def _run(self, data, step_fn, names, verbose, extra_final=None):
        """One pass over data, the progress bar after each batch; the final values."""
        self._reset_metrics()
        steps = data.cardinality()
        values = [m.result() for m in self.metrics]
        for step, (x, y) in data.enumerate(1):
            values = step_fn(x, y)
            if verbose:   # (verbose 2 draws nothing per step; the call times the epoch)
                _ingot.op("progress", [step, steps] + list(values),
                          {"names": "\n".join(names), "verbose": verbose, "final": False})
        return steps, [m.result() for m in self.metrics]

    # ---- fit, evaluate, predict ----------------------------------------------------
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None,
            validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
            sample_weight=None, initial_epoch=0, steps_per_epoch=None, **kwargs):
        self._need_compiled("training/testing")
        for name, value in (("class_weight", class_weight),
                            ("sample_weight", sample_weight),
                            ("steps_per_epoch", steps_per_epoch)):
            if value:
                _ingot.not_supported("fit(%s=...)" % name)
        verbose = 1 if verbose == "auto" else verbose
        if not isinstance(epochs, int) or not isinstance(initial_epoch, int):
            _ingot.not_supported("fit(epochs=...) that is a tensor (a flag): the History has "
                                 "a value per epoch, so their number is part of the program")
        if validation_split:
            if isinstance(x, tf.data.Dataset):
                raise ValueError("`validation_split` is only supported for Tensors or NumPy "
                                 "arrays, found following types in the input: Dataset")
            x, y = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
            rows = tf.cast(tf.shape(x)[0], tf.float64)
            split_at = tf.cast(tf.floor(rows * (1.0 - validation_split)), tf.int32)
            validation_data = (x[split_at:], y[split_at:])
            x, y = x[:split_at], y[:split_at]
        strategy = self._distribute_strategy
        train = _batches(x, y, batch_size, shuffle, strategy)
        validation = None
        if validation_data is not None:
            vx, vy = validation_data if not isinstance(validation_data, tf.data.Dataset) \
                else (validation_data, None)
            validation = _batches(vx, vy, batch_size, False, strategy)
        train_fn = self.make_train_function()
        test_fn = self.make_test_function() if validation is not None else None
        names = self.metrics_names
        all_names = names + (["val_" + n for n in names] if validation is not None else [])
        count = epochs - initial_epoch
        record = [_ingot.variable(lambda: tf.zeros([max(count, 0)]), False,
                                  "history/" + n, _float32, None) for n in all_names]
        ran = _ingot.variable(0, False, "history/epochs", _ingot.int32, None)
        callbacks = list(callbacks or [])
        for cb in callbacks:
            if not isinstance(cb, _callbacks.Callback):
                raise TypeError("fit: callbacks must be tf.keras.callbacks.Callback objects, "
                                "got %r" % (cb,))
            cb.set_model(self)
            cb.on_train_begin()
        for epoch in tf.range(initial_epoch, epochs):
            if verbose:
                _chief_print(strategy, "Epoch ", epoch + 1, "/", epochs, sep="")
            steps, values = self._run(train, train_fn, names, verbose)
            if validation is not None:
                values = values + self._run(validation, test_fn, names, 0)[1]
            if verbose:
                _ingot.op("progress", [steps, steps] + list(values),
                          {"names": "\n".join(all_names), "verbose": verbose, "final": True})
            at = tf.one_hot(epoch - initial_epoch, max(count, 1))
            for r, v in zip(record, values):
                r.assign_add(at * tf.cast(v, _float32))
            ran.assign_add(1)
            logs = {n: v for n, v in zip(all_names, values)}
            stop = False
            for cb in callbacks:
                said = cb.on_epoch_end(epoch, logs)
                if said is not None:
                    stop = tf.logical_or(stop, said)
            if stop:   # (a tensor: EarlyStopping's verdict, a break of the program's loop)
                break
        for cb in callbacks:
            cb.on_train_end()
        # The epochs that ran (fewer when a callback stopped training).
        self.history = History({n: r.read_value()[:ran.read_value()]
                                for n, r in zip(all_names, record)}, count)
        return self.history

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", return_dict=False,
                 **kwargs):
        self._need_compiled("training/testing")
        verbose = 1 if verbose == "auto" else verbose
        data = _batches(x, y, batch_size, False, self._distribute_strategy)
        names = self.metrics_names
        steps, values = self._run(data, self.make_test_function(), names, verbose)
        if verbose:
            _ingot.op("progress", [steps, steps] + list(values),
                      {"names": "\n".join(names), "verbose": verbose, "final": True})
        if return_dict:
            return {n: v for n, v in zip(names, values)}
        return values[0] if len(values) == 1 else values

    def make_predict_function(self):
        if self._predict_function is None:
            self._predict_function = tf.function(lambda x: self(x, training=False))
        return self._predict_function

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None,
                **kwargs):
        """The model's outputs for x, computed batch by batch (batch_size, 32 by
        default) as Keras does, and joined: memory for one batch's activations, not
        all of x's. A dataset's elements are batches (x, or (x, y) whose x is used)."""
        if steps is not None or callbacks:
            _ingot.not_supported("predict(steps=...) or predict(callbacks=...)")
        verbose = 1 if verbose == "auto" else verbose
        if isinstance(x, tf.data.Dataset):
            data = x
        else:
            data = tf.data.Dataset.from_tensor_slices(tf.convert_to_tensor(x)).batch(
                32 if batch_size is None else batch_size)
        predict_fn = self.make_predict_function()
        # One batch's outputs give the result's dtype and shape after the batch dim.
        probe = predict_fn(_features(data._get(data._start(1), 0)))
        if not _ingot.is_tensor(probe):
            _ingot.not_supported("predict() of a model with several outputs")
        rest = list(probe.shape[1:])
        known = all(d is not None for d in rest)
        outputs = tf.zeros([0] + rest if known else tf.concat([[0], tf.shape(probe)[1:]], 0),
                           probe.dtype)
        steps_total = data.cardinality()
        for step, batch in data.enumerate(1):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(outputs, tf.TensorShape([None] + rest))])
            outputs = tf.concat([outputs, predict_fn(_features(batch))], 0)
            if verbose:
                _ingot.op("progress", [step, steps_total],
                          {"names": "", "verbose": verbose, "final": False})
        if verbose:
            _ingot.op("progress", [steps_total, steps_total],
                      {"names": "", "verbose": verbose, "final": True})
        return outputs

    # ---- weights and summary -------------------------------------------------------
    def save_weights(self, filepath, overwrite=True, save_format=None, options=None):
        tf.train.Checkpoint(model=self).write(filepath)

    def load_weights(self, filepath, skip_mismatch=False, by_name=False, options=None):
        return tf.train.Checkpoint(model=self).read(filepath)

    def _attribute_layers(self):
        found = []
        attrs = vars(self)
        for key in attrs:
            value = attrs[key]
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, Layer) and not any(item is f for f in found):
                    found.append(item)
        return found

    def summary(self, line_length=None, positions=None, print_fn=None):
        """Keras's table, printed when the script is built: each layer with its output
        shape and parameter count (the model must have been built or called once)."""
        if not self.built:
            raise ValueError("This model has not yet been built. Build the model first by "
                             "calling `build()` or by calling the model on a batch of data.")
        _summary.print_summary(self, self.layers, self._graph, line_length, positions,
                               print_fn)


__ingot_missing__ = _missing.names(__name__)
