# ingot-test: build-args='-Wno-trace-side-effect -Wno-retracing'
# -Wno-NAME silences one kind of warning: no side-effect or retracing warning here.
import tensorflow as tf

total = 0


@tf.function
def add(x):
    global total
    total += 1
    return x * 2


for n in range(1, 8):
    tf.print(add(tf.range(n)))
print("total:", total)
