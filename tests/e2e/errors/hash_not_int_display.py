# ingot-test: eager-exit=1
# A __hash__ that returns a str, run by a dict or set display: the TypeError is
# located at the statement and has its traceback, as every uncaught exception.
class Key:
    def __hash__(self):
        return "not an int"


try:
    s = {Key()}
except TypeError as e:
    print("set display:", e)
print("dict display next")
d = {Key(): 1}
