# -o - (and -o-) is standard output for the --emit stage; build-time print() output
# then goes to stderr.
ingot build --emit=ast -o - hello.py
ingot build --emit graph -o- hello.py
