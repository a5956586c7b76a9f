# Raised while handling another exception: both are shown, the first as the context.
def cleanup(items):
    return items[3]


try:
    {}["missing"]
except KeyError:
    cleanup([1, 2])
