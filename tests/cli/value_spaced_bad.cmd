# cli-test: exit=2
# A spaced value is checked as the joined one is.
ingot build --target-cpu Not!ACpu hello.py
