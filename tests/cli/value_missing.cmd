# cli-test: exit=2
# A value option last on the line has no value: the message of its empty --name=.
ingot build --lib hello.py --weights
