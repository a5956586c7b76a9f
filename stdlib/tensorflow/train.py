"""tf.train: checkpoints of a program's variables, in the safetensors format.

A Checkpoint names each variable it reaches by its path from the Checkpoint's
keywords: `tf.train.Checkpoint(model=m, optimizer=opt)` saves m.dense.kernel as
"model/dense/kernel", list items by their index ("model/layers/0/kernel"), dict
items by their key, with each attribute's leading underscores dropped; an object
may name its own (an optimizer: "optimizer/iterations",
"optimizer/slots/dense/kernel/m"). A variable reached twice is saved once, under the
first path found (attributes in the order they were set). The checkpoint counts its saves
in `save_counter`, saved as "save_counter".

The files: an 8-byte little-endian header length, a JSON header {name: {dtype, shape,
data_offsets}}, then the tensors' bytes, so `safetensors.numpy.load_file` and a few
lines of NumPy read them. Missing directories are made. Writes are atomic (a temporary file beside the target,
fsync, rename): a program killed while saving leaves the previous checkpoint whole.
Reading checks every tensor's presence, dtype and shape against its variable and
stops the program with a message naming the file and the tensor.

Paths are str or string tensors (an ingot.flag); the variables are collected when
write/read/save/restore is called (at build time), so call them after the variables
exist (an optimizer's slots: after the first training step is traced).
"""
from . import _missing
import _ingot
from . import module as _module

_int64 = _ingot.int64


def _collect(prefix, obj, out, seen):
    """(name, variable) pairs reachable from obj, in a stable order."""
    if _module._is_variable(obj):
        if not any(v is obj for _, v in out):
            out.append((prefix, obj))
        return
    if obj is None or isinstance(obj, (bool, int, float, str)) or _ingot.is_tensor(obj) or \
            any(o is obj for o in seen):
        return
    if hasattr(obj, "_checkpoint_children"):
        seen.append(obj)
        children = obj._checkpoint_children()
        for key in children:
            _collect(prefix + "/" + key, children[key], out, seen)
    elif isinstance(obj, (list, tuple)):
        seen.append(obj)
        for i, item in enumerate(obj):
            _collect(prefix + "/" + str(i), item, out, seen)
    elif isinstance(obj, dict):
        seen.append(obj)
        for key in obj:
            _collect(prefix + "/" + str(key), obj[key], out, seen)
    elif isinstance(obj, _module.Module):
        # A tf.Module (a Keras layer) holds its state in variables, modules and lists of
        # them; its other attributes (an initializer's generator) are not its state.
        seen.append(obj)
        attrs = vars(obj)
        for key in attrs:
            child = attrs[key]
            if _module._is_variable(child) or isinstance(child, (_module.Module, list, tuple, dict)):
                _collect(prefix + "/" + key.lstrip("_"), child, out, seen)
    elif not callable(obj) and hasattr(obj, "__dict__"):
        seen.append(obj)
        attrs = vars(obj)
        for key in attrs:
            _collect(prefix + "/" + key.lstrip("_"), attrs[key], out, seen)


class CheckpointLoadStatus:
    """What read/restore return. Every variable was checked as it was read, so the
    assertions have nothing left to find."""

    def assert_consumed(self):
        return self

    def assert_existing_objects_matched(self):
        return self

    def expect_partial(self):
        return self


class Checkpoint:
    """tf.train.Checkpoint(**objects): write/read a file, save/restore numbered ones."""

    def __init__(self, root=None, **kwargs):
        if root is not None:
            kwargs["root"] = root
        for key in kwargs:
            if kwargs[key] is None:
                raise ValueError("Checkpoint: the object '%s' is None" % key)
        self._objects = kwargs
        self.save_counter = _ingot.variable(0, False, "save_counter", _int64, None)

    def _variables(self):
        found = [("save_counter", self.save_counter)]
        seen = []
        for key in self._objects:
            _collect(key, self._objects[key], found, seen)
        return found

    def write(self, file_prefix):
        """Writes every variable to the file file_prefix (atomically); returns its path."""
        found = self._variables()
        _ingot.op("save_tensors", [file_prefix] + [v for _, v in found],
                  {"names": "\n".join(name for name, _ in found)})
        return file_prefix

    def read(self, save_path):
        """Assigns every variable its value in the file save_path. An empty path (what
        CheckpointManager.latest_checkpoint gives before the first save) changes
        nothing, so a program can always restore the latest checkpoint."""
        if isinstance(save_path, str) and save_path == "":
            raise ValueError("Checkpoint.read: the path is empty")
        for name, v in self._variables():
            v.assign(_ingot.op("restore_tensor", [save_path, v],
                               {"name": name, "dtype": v.dtype,
                                "shape": [d for d in v.shape]}))
        return CheckpointLoadStatus()

    def save(self, file_prefix):
        """Counts the save and writes FILE_PREFIX-N (N the count); returns that path."""
        self.save_counter.assign_add(1)
        path = _ingot.op("checkpoint_path", [file_prefix, self.save_counter])
        return self.write(path)

    def restore(self, save_path):
        """read(save_path): save_counter included, so numbering goes on where it was."""
        if save_path is None:
            return CheckpointLoadStatus()
        return self.read(save_path)


class CheckpointManager:
    """Numbered checkpoints DIRECTORY/ckpt-N, the newest max_to_keep of them kept, listed
    in DIRECTORY/checkpoint (TensorFlow's index file). Directories are made as needed."""

    def __init__(self, checkpoint, directory, max_to_keep, checkpoint_name="ckpt"):
        if not isinstance(directory, str) and not _ingot.is_tensor(directory):
            raise TypeError("CheckpointManager: the directory must be a str or a string tensor")
        if max_to_keep is not None and (not isinstance(max_to_keep, int) or max_to_keep < 1):
            raise ValueError("CheckpointManager: max_to_keep must be None or an int >= 1, got %r"
                             % (max_to_keep,))
        self._checkpoint = checkpoint
        if isinstance(directory, str):
            directory = directory.rstrip("/") or "/"
        self._directory = directory
        self._prefix = _ingot.op("path_join", [directory, checkpoint_name])
        self._max_to_keep = 0 if max_to_keep is None else max_to_keep

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoint(self):
        return self._checkpoint

    @property
    def latest_checkpoint(self):
        """The newest checkpoint's path as a string tensor, "" when there is none yet."""
        return _ingot.op("checkpoint_latest", [self._directory])

    def save(self, checkpoint_number=None):
        if checkpoint_number is not None:
            _ingot.not_supported("CheckpointManager.save(checkpoint_number=...)")
        path = self._checkpoint.save(self._prefix)
        return _ingot.op("checkpoint_manage",
                         [self._directory, path, _ingot.cast(self._max_to_keep, _int64)])

    def restore_or_initialize(self):
        self._checkpoint.restore(self.latest_checkpoint)
        return None


def latest_checkpoint(checkpoint_dir):
    """The newest checkpoint DIRECTORY/checkpoint lists, "" when there is none."""
    return _ingot.op("checkpoint_latest", [checkpoint_dir])

__ingot_missing__ = _missing.names(__name__)
