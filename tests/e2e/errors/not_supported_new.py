# __new__ (making instances by hand) is outside the subset: a located error.
class Singleton:
    def __new__(cls):
        return cls
