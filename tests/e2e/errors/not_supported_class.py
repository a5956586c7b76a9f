import tensorflow as tf


class Model:
    pass
