# cli-test: exit=1
# -Werror: every warning is an error, named [-Werror=NAME] as GCC names it; the
# build goes on to report them all, then fails.
ingot build -Werror -o {tmp}/warn warn.py
