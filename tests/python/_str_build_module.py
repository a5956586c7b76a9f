# The module str_build_aliases.py imports: a string it grows in place, read from outside.
s = "m"
s += "0"


def grow(piece):
    global s
    s += piece
    s = s + "."
    return s
