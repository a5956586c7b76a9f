# CPython's "Did you mean" for a misspelt attribute of an object and a misspelt
# name; str(e) of a caught one has no suggestion, as in CPython.
class Model:
    def __init__(self):
        self.kernel = 1


try:
    Model().kernal
except AttributeError as e:
    print(e)
count = 3
print(coutn)
