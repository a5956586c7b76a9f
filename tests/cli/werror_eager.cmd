# cli-test: exit=1
# -Werror fails ingot run --eager too, once the run is over: its warnings come as it
# runs.
ingot run --eager -Werror int_gradient.py
