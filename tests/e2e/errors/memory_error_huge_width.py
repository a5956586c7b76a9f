# ingot-test: eager-exit=1
# A string wider than the build-time ceiling is a MemoryError at once, located (a
# width of 10**9 used to take 38 s and 5 GB), and the script can catch it.
try:
    banner = "a".center(1 << 62)
except MemoryError:
    print("center: MemoryError")
print("formatting")
line = "{:1000000000}".format(1)
