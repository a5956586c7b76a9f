# ingot-test: build-args=--target-cpu=x86;rm build-exit=2
# --target-cpu takes a CPU name (the C compiler's -march), nothing a shell would read.
print("not run")
