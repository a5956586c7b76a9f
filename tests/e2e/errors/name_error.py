import tensorflow as tf

def helper(n):
    return n * undefined_name

print(helper(2))
