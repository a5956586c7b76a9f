# Piped, ingot run prints the build's and the program's output alone.
ingot run hello.py
