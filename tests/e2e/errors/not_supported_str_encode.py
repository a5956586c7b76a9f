# Methods of the built-in types that Ingot does not have are named build errors (not
# an AttributeError a script could take as an answer).
data = "caf\u00e9"
print(data.encode("utf-8"))
