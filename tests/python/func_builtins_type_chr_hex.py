# type() and the built-in classes as values, callable(), chr/ord across UTF-8 widths,
# hex/oct/bin with signs.
print(type(3), type(2.5), type("s"), type([1]), type((1,)), type({}), type({1}), type(range(3)), type(True), type(None))
print(type(3) is int, type(3) == int, type(True) is bool, type([]) is list, type(int), int, str, len, zip, print)
print(isinstance(None, type(None)), isinstance(3, type(4)), type(len), type(lambda: 0))
def f(): pass
print(type(f), callable(f), callable(3), callable(len), callable(int))
print(chr(65), chr(233), chr(0x2603), chr(0x1F600), ord("A"), ord("é"), ord("☃"), ord(chr(0x1F600)))
print(hex(255), hex(-255), oct(8), oct(-8), bin(10), bin(-10), bin(0), hex(0))
print([ord(c) for c in "héllo"], "".join(chr(c + 1) for c in range(97, 100)))
