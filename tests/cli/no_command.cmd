# cli-test: exit=2
# No command at all: the general help, on stderr (a usage error).
ingot
