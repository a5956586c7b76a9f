"""tf.autograph: see the converted source of a function (to_code) and the
directives of the conversion (experimental)."""
from .. import _missing
import _ingot

from . import experimental


def to_code(entity, recursive=True, experimental_optional_features=None):
    """The converted source of a function, as `ingot build --emit=autograph` shows it."""
    return _ingot.to_code(entity)

__ingot_missing__ = _missing.names(__name__)
