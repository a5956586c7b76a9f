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


class name_scope:
    """tf.name_scope(name): a context manager prefixing the names of the ops and
    variables made inside it with "name/" (nested scopes add up). Inside a tf.function
    the name must match TensorFlow's pattern for scope names (the interpreter checks
    it as the scope is entered); outside one, as in eager TensorFlow, any str goes."""

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._outer = []   # a stack: the same object may be entered again inside itself

    @property
    def name(self):
        return self._name

    def __enter__(self):
        self._outer.append(_ingot.name_scope_enter(self._name))
        return _ingot.name_scope_current()

    def __exit__(self, exc_type, exc_value, traceback):
        _ingot.name_scope_exit(self._outer.pop())
        return False


class Module:
    def __init__(self, name=None):
        if name is not None and (not isinstance(name, str) or not name.isidentifier()):
            raise ValueError("'%s' is not a valid module name. Module names must be valid "
                             "Python 3 identifiers." % (name,))
        self._set_name(name)

    def _set_name(self, name):
        """The module's name (its class's in snake case by default) and the name scope
        it was made in. Keras layers take any name, and come here directly."""
        self._name = _snake(type(self).__name__) if name is None else name
        with name_scope(self._name) as scope:
            self._scope_name = scope

    @property
    def name(self):
        return self._name

    @property
    def name_scope(self):
        """The module's own name scope ("outer/module/"), entered again as it is."""
        return name_scope(self._scope_name)

    @classmethod
    def with_name_scope(cls, method):
        """Decorates a method to run inside the module's name scope."""
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return method_with_name_scope

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
