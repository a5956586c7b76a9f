# ingot-test: args='--greeting=hi --name "Ada Lovelace"'
# A string flag is a scalar string tensor; a value may hold spaces.
import tensorflow as tf
import ingot

greeting = ingot.flag("greeting", "hello", "the first word")
name = ingot.flag("name", "world", "who to greet")
punct = ingot.flag("punctuation", "!", "unchanged: keeps its default")
tf.print(greeting, name, punct)
