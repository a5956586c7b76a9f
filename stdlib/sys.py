"""sys: the little of Python's sys module a model script uses at build time.

`sys.stdout` and `sys.stderr` name the program's streams for
`tf.print(..., output_stream=sys.stderr)`; the compiled program (and `ingot run
--eager`) writes there when the print runs. The rest of sys is a located "not
supported yet" (__ingot_missing__, as in the stdlib's TensorFlow).
"""


class _Stream:
    """One of the program's output streams, known to tf.print by identity."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "<_io.TextIOWrapper name='" + self.name + "' mode='w' encoding='utf-8'>"


stdout = _Stream("<stdout>")
stderr = _Stream("<stderr>")

__ingot_missing__ = (
    "argv", "exit", "path", "modules", "version", "version_info", "platform", "stdin",
    "getsizeof", "setrecursionlimit", "getrecursionlimit", "maxsize", "executable",
    "byteorder", "flags", "float_info", "exc_info", "settrace", "getdefaultencoding",
)
