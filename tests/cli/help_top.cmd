# `ingot --help`: every command and option, on stdout, exit 0.
ingot --help
