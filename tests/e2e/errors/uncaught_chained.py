# ingot-test: eager-exit=1
# An exception nobody catches ends the build: its line with a caret, then a Python
# traceback through every script frame, with the exceptions it was raised from.
class ConfigError(Exception):
    pass


def parse(text):
    return int(text)


def load(settings):
    try:
        return parse(settings["epochs"])
    except ValueError as e:
        raise ConfigError("bad value for 'epochs'") from e


print("loading")
load({"epochs": "ten"})
