# An exception in the top level of an imported module: the traceback goes from the
# import line through the module's own frames.
print("loading settings")
import _bad_settings
