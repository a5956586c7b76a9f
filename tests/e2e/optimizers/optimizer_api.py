# The Keras optimizer API around the update rules (match_reference checks those),
# each result an exactly known value: optimizer.iterations (an int64 variable, 0
# at first, then one more per apply_gradients), slot variables made once although
# the step function is called again (its momentum carries over, it is traced once),
# minimize with a callable loss, a LearningRateSchedule as the learning rate,
# clipnorm (per variable), clipvalue, tf.clip_by_global_norm, a None gradient for
# one variable (skipped; Keras logs a warning, Ingot prints nothing) and for every
# variable (ValueError).
# Learning rates are powers of two: Keras keeps the learning rate in a float32
# variable and casts it to the variable's dtype, so lr=0.1 would step a float64
# variable by float32(0.1) = 0.10000000149011612, not 0.1. With these the float64
# results below are exact, and printed as they are.
import tensorflow as tf

# (w - 3)^2 from w = 0, SGD lr 0.125, momentum 0.5 (m = 0.5 m - 0.125 g; w += m):
# g = -6, m = 0.75, w = 0.75; g = -4.5, m = 0.9375, w = 1.6875;
# g = -2.625, m = 0.796875, w = 2.484375. Had the momentum slot been made anew on
# each call, the second step would give 1.3125.
w = tf.Variable(0.0, dtype=tf.float64)
opt = tf.keras.optimizers.SGD(learning_rate=0.125, momentum=0.5)
print("iterations:", opt.iterations.dtype, opt.iterations.shape)
tf.print("iterations before any step:", opt.iterations)


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    return loss


loss1 = step()
tf.print("iterations after one step:", opt.iterations, "w:", w)
loss2 = step()
loss3 = step()
tf.print("losses:", loss1, loss2, loss3)
tf.print("iterations after three steps:", opt.iterations, "w:", w)
print("step traced:", step.experimental_get_tracing_count())

# minimize with a callable loss and var_list: one SGD step, lr 0.125, g = -6.
v = tf.Variable(0.0, dtype=tf.float64)
opt_min = tf.keras.optimizers.SGD(learning_rate=0.125)
loss_fn = lambda: tf.square(v - 3.0)
before = loss_fn()
opt_min.minimize(loss_fn, var_list=[v])
tf.print("minimize: v", v, "iterations", opt_min.iterations, "loss went down",
         loss_fn() < before)

# ExponentialDecay with decay_steps=1, decay_rate=0.5: the rate at iterations 0, 1,
# 2 is 0.25, 0.125, 0.0625 (float32). Step 1 (lr 0.25, g = -6) gives u = 1.5;
# step 2 (lr 0.125, g = -3) gives u = 1.875.
sched = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.25, decay_steps=1, decay_rate=0.5)
tf.print("schedule at 0, 1, 2:", sched(0), sched(1), sched(2))
u = tf.Variable(0.0, dtype=tf.float64)
opt_sched = tf.keras.optimizers.SGD(learning_rate=sched)


@tf.function
def step_u():
    with tf.GradientTape() as tape:
        loss = tf.square(u - 3.0)
    grads = tape.gradient(loss, [u])
    opt_sched.apply_gradients(zip(grads, [u]))
    return loss


step_u()
tf.print("scheduled step 1: u", u, "took lr 0.25:", tf.abs(u - 1.5) < 1e-12)
step_u()
tf.print("scheduled step 2: u", u, "took lr 0.125:", tf.abs(u - 1.875) < 1e-12,
         "iterations", opt_sched.iterations)

# clipnorm=1.0 clips each gradient on its own: c's gradient [3, 4] (norm 5) becomes
# [0.6, 0.8]; d's [0.25] (norm below 1) stays. SGD lr 1.0 from zeros.
c = tf.Variable([0.0, 0.0], dtype=tf.float64)
d = tf.Variable([0.0], dtype=tf.float64)
opt_norm = tf.keras.optimizers.SGD(learning_rate=1.0, clipnorm=1.0)
with tf.GradientTape() as tape:
    loss = (tf.reduce_sum(c * tf.constant([3.0, 4.0], dtype=tf.float64))
            + tf.reduce_sum(d * 0.25))
grads = tape.gradient(loss, [c, d])
tf.print("gradient norms before clipping:", tf.sqrt(tf.reduce_sum(tf.square(grads[0]))),
         tf.sqrt(tf.reduce_sum(tf.square(grads[1]))))
opt_norm.apply_gradients(zip(grads, [c, d]))
tf.print("clipnorm: c", c, "d", d)
tf.print("clipnorm: c moved by norm 1:",
         tf.abs(tf.sqrt(tf.reduce_sum(tf.square(c))) - 1.0) < 1e-12,
         "c is -[0.6, 0.8]:", tf.reduce_all(tf.abs(c - tf.constant([-0.6, -0.8],
                                                                  dtype=tf.float64)) < 1e-12))

# clipvalue=0.5: the gradient [3, -0.25, -2] becomes [0.5, -0.25, -0.5].
e = tf.Variable([0.0, 0.0, 0.0], dtype=tf.float64)
opt_value = tf.keras.optimizers.SGD(learning_rate=1.0, clipvalue=0.5)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(e * tf.constant([3.0, -0.25, -2.0], dtype=tf.float64))
grads = tape.gradient(loss, [e])
opt_value.apply_gradients(zip(grads, [e]))
tf.print("clipvalue: e", e)

# tf.clip_by_global_norm: [3] and [[4]] have the global norm 5, and are scaled by
# 1/5 (to within rounding: 3 * 0.2 is 0.6000000000000001); tensors whose global
# norm is below clip_norm come back unchanged.
a = tf.constant([3.0], dtype=tf.float64)
b = tf.constant([[4.0]], dtype=tf.float64)
clipped, norm = tf.clip_by_global_norm([a, b], 1.0)
tf.print("global norm:", norm)
print("clipped shapes:", clipped[0].shape, clipped[1].shape)
tf.print("clipped to 0.6 and 0.8:", tf.reduce_all(tf.abs(clipped[0] - 0.6) < 1e-12),
         tf.reduce_all(tf.abs(clipped[1] - 0.8) < 1e-12),
         "new global norm 1:",
         tf.abs(tf.sqrt(tf.reduce_sum(tf.square(clipped[0])) +
                        tf.reduce_sum(tf.square(clipped[1]))) - 1.0) < 1e-12)
small, small_norm = tf.clip_by_global_norm(
    [tf.constant([0.3], dtype=tf.float64), tf.constant([0.4], dtype=tf.float64)], 1.0)
tf.print("below clip_norm, unchanged:", small[0], small[1],
         "norm 0.5:", tf.abs(small_norm - 0.5) < 1e-12)

# A None gradient (q is not used) is skipped: p = 1 - 0.25 * 2 = 0.5, q stays 2, and
# the step still counts.
p = tf.Variable(1.0, dtype=tf.float64)
q = tf.Variable(2.0, dtype=tf.float64)
opt_none = tf.keras.optimizers.SGD(learning_rate=0.25)


@tf.function
def step_p():
    with tf.GradientTape() as tape:
        loss = tf.square(p)
    grads = tape.gradient(loss, [p, q])
    print("gradient for q is None:", grads[1] is None)
    opt_none.apply_gradients(zip(grads, [p, q]))
    return loss


step_p()
tf.print("one None gradient: p", p, "q", q, "iterations", opt_none.iterations)

# No gradient at all is a ValueError. Keras's message goes on with the variables'
# names and the (gradient, variable) pairs, so only its start is checked.
r = tf.Variable(1.0, dtype=tf.float64)
opt_err = tf.keras.optimizers.SGD(learning_rate=0.25)
with tf.GradientTape() as tape:
    loss = tf.constant(3.0, dtype=tf.float64) * 2.0
grads = tape.gradient(loss, [r])
print("the only gradient is None:", grads[0] is None)
try:
    opt_err.apply_gradients(zip(grads, [r]))
    print("no error")
except ValueError as err:
    print("ValueError:", str(err).startswith("No gradients provided for any variable"))
tf.print("no gradients: r", r, "iterations", opt_err.iterations)
