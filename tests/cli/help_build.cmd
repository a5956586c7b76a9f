# A command's own help: its usage lines and only the options it takes.
ingot build --help
