# cli-test: exit=2
# --emit as the last argument has no kind.
ingot build hello.py --emit
