# cli-test: exit=2
# A program cannot go to standard output: refused, with the way out.
ingot build -o - hello.py
