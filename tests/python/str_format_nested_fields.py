# Fields nested in a format spec ({:>{}}) take the next automatic argument, as in CPython.
print("{:>{}}|{:^{}.{}f}|".format("a", 5, 3.14159, 9, 2), "{0:>{1}}".format("b", 4), "{:{fill}<6}".format("c", fill="*"))
w = 7
print(f"{'x':>{w}}|", "{}-{}".format(1, 2))
