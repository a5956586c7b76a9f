import tensorflow as tf

@tf.function
def compute(x):
    print("Tracing!")  # 这行只在追踪时执行
    y = x * 2
    z = tf.add(y, 1)
    return z

# 第一次调用，触发追踪
result1 = compute(tf.constant(3.0))  # 输出: Tracing!
# 第二次调用，复用已追踪的图
result2 = compute(tf.constant(5.0))  # 没有输出

tf.print(result1, result2)
print(compute.experimental_get_tracing_count())
