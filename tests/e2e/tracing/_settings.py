# A module imported by attribute_side_effect.py (not a test itself): its attributes
# are program-wide Python state.
steps = 0
mode = "none"
total = None
