# --emit=ast: the parsed tree as an S-expression, every operator named, so
# -2 ** 2 reads (neg (pow 2 2)) and a chain 0 <= n < 3 one compare.
ingot build --emit=ast parse.py
