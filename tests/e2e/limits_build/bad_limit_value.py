# ingot-test: build-args=--max-build-steps=many build-exit=2
# A limit is a whole number; anything else is a usage error (exit 2).
print("not run")
