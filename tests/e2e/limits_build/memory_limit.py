# ingot-test: build-args=--max-build-memory=64 eager-args=--max-build-memory=64 eager-exit=1
# A script that keeps allocating at build time ends with an error at the statement
# running when the build's memory passed --max-build-memory, not by exhausting the
# machine.
xs = [0]
print("doubling a list")
while True:
    xs = xs + xs
