# ingot-test: build-exit=0
# Python state changed inside a tf.function changes once, while tracing: a warning
# at each place (a global rebound, a global list appended to, a closure's dict
# item set); state local to the function is not warned about.
import tensorflow as tf

calls = 0
seen = []


def make_step():
    stats = {"n": 0}

    @tf.function
    def step(x):
        global calls
        calls += 1
        seen.append("step")
        stats["n"] = stats["n"] + 1
        local = []
        local.append(x)
        return x + local[0]

    return step, stats


step, stats = make_step()
tf.print(step(tf.constant(1)), step(tf.constant(2)), step(tf.constant(3)))
print("calls:", calls, "seen:", seen, "stats:", stats)
