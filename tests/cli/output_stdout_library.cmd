# cli-test: exit=2
# Nor can a library.
ingot build --lib -o- hello.py
