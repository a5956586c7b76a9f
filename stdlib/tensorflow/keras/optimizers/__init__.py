"""tf.keras.optimizers: SGD, Adam, RMSprop, Adagrad, with Keras's (2.11+) update
rules, written over tensor ops and variables, so a train step traced in a
tf.function holds its updates as graph ops, run on every call.

Slot variables (momentum, Adam's m and v ...) are made the first time a variable is
updated: inside a tf.function's first trace that is TensorFlow's singleton rule,
so later calls and retraces reuse them. Their initial values are callables, which
run outside the trace (init_scope).
"""
import _ingot
from ... import _missing
from ... import math as _math
from ... import _backprop
from ... import distribute as _distribute
from . import schedules

_int64 = _ingot.int64
_float32 = _ingot.float32


def _variable(init, name, dtype=None):
    return _ingot.variable(init, False, name, dtype, None)


class Optimizer:
    """What every optimizer shares: the step counter, learning rates (a number, a
    variable or a schedule), gradient clipping, slot variables, apply_gradients and
    minimize. A subclass gives update_step(gradient, variable, lr)."""

    def __init__(self, name, learning_rate=0.001, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, **kwargs):
        for key in kwargs:
            if key not in ("weight_decay", "use_ema", "ema_momentum", "ema_overwrite_frequency",
                           "jit_compile"):
                raise TypeError("%s() got an unexpected keyword argument '%s'" % (name, key))
            if key == "weight_decay" and kwargs[key] is not None:
                _ingot.not_supported("the weight_decay argument of a Keras optimizer")
            if key == "use_ema" and kwargs[key]:
                _ingot.not_supported("the use_ema argument of a Keras optimizer")
        if clipnorm is not None and global_clipnorm is not None:
            raise ValueError("At most one of `clipnorm` and `global_clipnorm` can be set. "
                             "Received: clipnorm=%s, global_clipnorm=%s."
                             % (clipnorm, global_clipnorm))
        self.name = name
        # A number becomes a float32 variable, as Keras keeps it (so it can be
        # assigned), cast to each variable's dtype where it is used.
        if not isinstance(learning_rate, schedules.LearningRateSchedule) and \
                not _ingot.is_tensor(learning_rate):
            learning_rate = _variable(lambda: _ingot.cast(learning_rate, _float32),
                                      "learning_rate", _float32)
        self._learning_rate = learning_rate
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self._iterations = _variable(0, "iteration", _int64)
        self._slots = []          # (variable, {slot name: variable}) in creation order
        # Made in a tf.distribute strategy's scope: its gradients are summed over the
        # replicas before they are applied.
        self._distribute_strategy = _distribute._current()

    @property
    def iterations(self):
        return self._iterations

    @property
    def learning_rate(self):
        return self._current_learning_rate()

    def _current_learning_rate(self):
        lr = self._learning_rate
        if isinstance(lr, schedules.LearningRateSchedule):
            return _ingot.cast(lr(self._iterations), _float32)
        return lr

    # ---- slots -------------------------------------------------------------------

    def _slots_of(self, variable):
        for pair in self._slots:
            if pair[0] is variable:
                return pair[1]
        slots = {}
        self._slots.append((variable, slots))
        return slots

    def add_slot(self, variable, slot_name, initial_value=0.0):
        slots = self._slots_of(variable)
        if slot_name not in slots:
            name = "%s/%s" % (variable.name.split(":")[0], slot_name)
            # A fill of the variable's (static) shape: data set before the program
            # runs, not a computation.
            slots[slot_name] = _variable(
                lambda: _ingot.fill(list(variable.shape), initial_value, variable.dtype), name)
        return slots[slot_name]

    def _checkpoint_children(self):
        """What tf.train.Checkpoint saves of the optimizer, by name: the step count, the
        learning rate when it is a variable, and each slot as
        slots/<variable's name>/<slot> (a name used twice gets _1, _2 ...)."""
        children = {"iterations": self._iterations}
        if _ingot.is_tensor(self._learning_rate) and hasattr(self._learning_rate, "assign"):
            children["learning_rate"] = self._learning_rate
        for pair in self._slots:
            base = "slots/" + pair[0].name.split(":")[0]
            key, k = base, 0
            while any(name.startswith(key + "/") for name in children):
                k += 1
                key = "%s_%d" % (base, k)
            for slot_name in pair[1]:
                children[key + "/" + slot_name] = pair[1][slot_name]
        return children

    def variables(self):
        out = [self._iterations]
        for pair in self._slots:
            for key in pair[1]:
                out.append(pair[1][key])
        return out

    # ---- applying ----------------------------------------------------------------

    def _clip(self, grads):
        """One kind of clipping, Keras's first that is set: clipnorm (each gradient by
        its own norm), global_clipnorm, clipvalue."""
        if self.clipnorm is not None and self.clipnorm > 0:
            return [_math.clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm is not None and self.global_clipnorm > 0:
            return _math.clip_by_global_norm(grads, self.global_clipnorm)[0]
        if self.clipvalue is not None and self.clipvalue > 0:
            return [_math.clip_by_value(g, -self.clipvalue, self.clipvalue) for g in grads]
        return grads

    def apply_gradients(self, grads_and_vars, name=None, skip_gradients_aggregation=False,
                        experimental_aggregate_gradients=True):
        given = list(grads_and_vars)
        if len(given) == 0:
            return self._iterations
        pairs = [(g, v) for (g, v) in given if g is not None]
        if len(pairs) == 0:
            names = tuple([v.name for (g, v) in given])
            raise ValueError("No gradients provided for any variable: %s. Provided "
                             "`grads_and_vars` is %s." % (names, tuple(given)))
        grads = [g for (g, v) in pairs]
        strategy = self._distribute_strategy or _distribute._current()
        if strategy is not None and not skip_gradients_aggregation and \
                experimental_aggregate_gradients:
            # Keras's aggregate_gradients: every replica applies the sum of all the
            # replicas' gradients (each loss already scaled by the global batch), so the
            # variables stay equal. Before clipping, as Keras does.
            grads = _distribute.all_reduce_sum(grads, strategy.num_replicas_in_sync)
        grads = self._clip(grads)
        lr = self._current_learning_rate()
        for i in range(len(pairs)):
            variable = pairs[i][1]
            gradient = _ingot.convert_to_tensor(grads[i], variable.dtype)
            self.update_step(gradient, variable, _ingot.cast(lr, variable.dtype))
        return self._iterations.assign_add(1)

    def minimize(self, loss, var_list, tape=None):
        """Gradients of loss (a tensor computed under tape, or a callable) with
        respect to var_list (or a callable giving it), applied."""
        if tape is None:
            if not callable(loss):
                raise ValueError("`tape` is required when a `Tensor` loss is passed. "
                                 "Received: loss=%s, tape=None." % loss)
            tape = _backprop.GradientTape()
            with tape:
                loss = loss()
        if callable(var_list):
            var_list = var_list()
        grads = tape.gradient(loss, var_list)
        return self.apply_gradients(zip(grads, var_list))

    def update_step(self, gradient, variable, lr):
        raise NotImplementedError("Optimizer.update_step")


class SGD(Optimizer):
    """Gradient descent, with momentum (optionally Nesterov's)."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        if momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def update_step(self, gradient, variable, lr):
        if self.momentum == 0:
            variable.assign_sub(gradient * lr)
            return
        m = self.add_slot(variable, "momentum")
        momentum = _ingot.cast(self.momentum, variable.dtype)
        m.assign(m * momentum - gradient * lr)
        if self.nesterov:
            variable.assign_add(m * momentum - gradient * lr)
        else:
            variable.assign_add(m)


class Adam(Optimizer):
    """Adam with Keras's bias correction folded into the step size."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name="Adam", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def update_step(self, gradient, variable, lr):
        dtype = variable.dtype
        m = self.add_slot(variable, "m")
        v = self.add_slot(variable, "v")
        step = _ingot.cast(self._iterations + 1, dtype)
        beta_1 = _ingot.cast(self.beta_1, dtype)
        beta_2 = _ingot.cast(self.beta_2, dtype)
        alpha = lr * _math.sqrt(1 - _math.pow(beta_2, step)) / (1 - _math.pow(beta_1, step))
        m.assign_add((gradient - m) * (1 - beta_1))
        v.assign_add((_math.square(gradient) - v) * (1 - beta_2))
        denominator = v
        if self.amsgrad:
            v_hat = self.add_slot(variable, "vhat")
            v_hat.assign(_math.maximum(v_hat, v))
            denominator = v_hat
        variable.assign_sub((m * alpha) / (_math.sqrt(denominator) +
                                           _ingot.cast(self.epsilon, dtype)))


class RMSprop(Optimizer):
    """Divides the gradient by a running root mean square of recent gradients."""

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7,
                 centered=False, name="RMSprop", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def update_step(self, gradient, variable, lr):
        # Keras's: epsilon under the root; centered subtracts the squared running mean
        # of the gradient from the running mean of its square; momentum accumulates
        # the increments. rho, epsilon and momentum are Python floats, as in Keras, so
        # they enter a float64 model exactly (a tf.cast would round them to float32).
        ms = self.add_slot(variable, "velocity")
        rho = self.rho
        ms.assign(rho * ms + (1 - rho) * _math.square(gradient))
        if self.centered:
            mg = self.add_slot(variable, "average_gradient")
            mg.assign(rho * mg + (1 - rho) * gradient)
            denominator = ms - _math.square(mg) + self.epsilon
        else:
            denominator = ms + self.epsilon
        increment = lr * gradient * _math.rsqrt(denominator)
        if self.momentum > 0:
            mom = self.add_slot(variable, "momentum")
            mom.assign(self.momentum * mom + increment)
            variable.assign_sub(mom)
        else:
            variable.assign_sub(increment)


class Adagrad(Optimizer):
    """Per-element learning rates shrinking with the sum of squared gradients."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7,
                 name="Adagrad", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def update_step(self, gradient, variable, lr):
        dtype = variable.dtype
        acc = self.add_slot(variable, "accumulator", self.initial_accumulator_value)
        acc.assign_add(_math.square(gradient))
        # Keras's: epsilon under the root.
        variable.assign_sub(lr * gradient / _math.sqrt(acc + _ingot.cast(self.epsilon, dtype)))

__ingot_missing__ = _missing.names(__name__)
