# int(text, 0) refuses a decimal with a leading zero, as Python does.
print(int("017", 0))
