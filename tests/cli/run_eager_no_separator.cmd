# cli-test: tty=stdout
# ingot run --eager interleaves build and run: no separator.
ingot run --eager hello.py
