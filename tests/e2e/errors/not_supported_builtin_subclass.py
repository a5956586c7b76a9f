# Subclassing list, dict, str and the other built-in types is outside the subset.
class Stack(list):
    def peek(self):
        return self[-1]
