# bench: build-max-seconds=10 build-max-rss-mb=128
# A million iterations of integer arithmetic in plain Python, at build time: the
# build-time interpreter's speed (python3 runs this in about 0.3 s) and its memory
# staying flat while it allocates a value per operation.
def checksum(n):
    s = 0
    i = 0
    while i < n:
        s = (s + i * 3) % 1000003
        i += 1
    return s


print(checksum(1000000))
