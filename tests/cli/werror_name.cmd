# cli-test: exit=1
# -Werror=NAME: that kind alone is an error.
ingot build -Werror=non-float-gradient --emit graph -o {tmp}/warn.ir warn.py
