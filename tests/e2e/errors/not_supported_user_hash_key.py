# A class with its own __hash__ as a dict key would need CPython's hash values: not yet.
class Key:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return self.k == other.k


table = {Key(1): "one"}
