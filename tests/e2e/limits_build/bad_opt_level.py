# ingot-test: build-args=-O4 build-exit=2
# The optimization levels are -O0 to -O3; anything else is a usage error (exit 2).
print("not run")
