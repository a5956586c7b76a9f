# A list cannot be a set item: it is unhashable, as in Python.
items = {1, 2}
items.add([3])
