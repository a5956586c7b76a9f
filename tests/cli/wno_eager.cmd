# -Wno-NAME silences eager mode's warnings too.
ingot run --eager -Wno-non-float-gradient int_gradient.py
