"""tf.Module: a named container whose variables and submodules are found through its
attributes (lists, tuples and dicts of them included), in the order they were set."""
import _ingot


def _is_variable(x):
    return _ingot.is_tensor(x) and hasattr(x, "assign")


def _snake(name):
    """A class name as Keras names its layers: "Dense" -> "dense", "Conv2D" -> "conv2d",
    "ReLU" -> "re_lu" (Keras's two regular expressions, written out)."""
    step = ""
    for i, c in enumerate(name):
        # (.)([A-Z][a-z0-9]+) -> \1_\2
        if i > 0 and c.isupper() and i + 1 < len(name) and \
                (name[i + 1].islower() or name[i + 1].isdigit()):
            step += "_"
        step += c
    out = ""
    for i, c in enumerate(step):
        # ([a-z])([A-Z]) -> \1_\2
        if i > 0 and c.isupper() and step[i - 1].islower():
            out += "_"
        out += c
    return out.lower().replace("__", "_")


def _walk(obj, variables, modules, seen):
    """Appends the variables and Modules reachable from obj (not obj itself)."""
    if any(o is obj for o in seen):
        return
    seen.append(obj)
    if isinstance(obj, (list, tuple)):
        children = list(obj)
    elif isinstance(obj, dict):
        children = [obj[k] for k in obj]
    elif hasattr(obj, "__dict__"):
        attrs = vars(obj)
        children = [attrs[k] for k in attrs]
    else:
        return
    for child in children:
        if _is_variable(child):
            if not any(v is child for v in variables):
                variables.append(child)
        elif isinstance(child, Module):
            if not any(m is child for m in modules):
                modules.append(child)
            _walk(child, variables, modules, seen)
        elif isinstance(child, (list, tuple, dict)):
            _walk(child, variables, modules, seen)


class Module:
    def __init__(self, name=None):
        self._name = name if name is not None else _snake(type(self).__name__)

    @property
    def name(self):
        return self._name

    def _found(self):
        variables, modules = [], []
        _walk(self, variables, modules, [])
        return variables, modules

    @property
    def variables(self):
        return tuple(self._found()[0])

    @property
    def trainable_variables(self):
        return tuple(v for v in self._found()[0] if v.trainable)

    @property
    def non_trainable_variables(self):
        return tuple(v for v in self._found()[0] if not v.trainable)

    @property
    def submodules(self):
        return tuple(self._found()[1])
