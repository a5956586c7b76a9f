# Bytes literals parse, but bytes values are outside the subset.
header = b"\x89PNG"
