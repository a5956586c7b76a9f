# A Python loop of 1000 steps: past --max-build-steps 100.
n = 0
while n < 1000:
    n += 1
print(n)
