# With --lib, -o names the library even with --emit (its C holds the name): the
# stage still goes to standard output. Its lines naming the library's entry points:
sh -c '{ingot} build --lib --emit=c -o {tmp}/mylib lib.py | grep "^API.*mylib_"'
