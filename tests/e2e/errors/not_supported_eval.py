# eval, exec and the other CPython builtins outside the subset are build errors
# that name them (not a NameError a script could catch).
source = "1 + 2"
print(eval(source))
