# ingot-test: build-args=--max-build-steps=1000000 eager-args=--max-build-steps=1000000 eager-exit=1
# An endless Python loop at build time ends with an error at the loop, not a hang
# (a small limit keeps the test fast; the default is 100 million steps).
print("before the loop")
i = 0
while i >= 0:
    i += 1
print("never reached")
