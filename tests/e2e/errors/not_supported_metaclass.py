import tensorflow as tf


class Meta:
    pass


class Model(metaclass=Meta):
    pass
