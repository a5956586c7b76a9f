# cli-test: tty=stdout
# ingot run on a terminal: a line -- between the build's output and the program's.
ingot run hello.py
