# --emit with -o FILE writes the stage to FILE (shown here with cat); build-time
# print() output then stays on stdout.
ingot build --emit graph -o {tmp}/hello.ir hello.py
cat {tmp}/hello.ir
