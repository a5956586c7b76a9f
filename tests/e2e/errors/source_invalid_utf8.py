# ingot-test: eager-exit=1
# A byte that is not UTF-8 (latin-1 e-acute, 0xe9) inside a string literal: CPython
# rejects the file before running it, and so does ingot, at the byte (the caret line
# shows it as U+FFFD here).
print("before")
name = "café"
