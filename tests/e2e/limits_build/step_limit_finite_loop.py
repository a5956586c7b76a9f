# ingot-test: build-args=--max-build-steps=500 eager-args=--max-build-steps=500 eager-exit=1
# A small --max-build-steps makes even a finite loop fail, at that loop; a step is a
# statement run.
total = 0
for i in range(1000):
    total += i
print(total)
