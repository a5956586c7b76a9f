from tensorflow import not_an_op
