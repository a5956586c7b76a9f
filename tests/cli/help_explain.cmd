# ingot explain --help: its own options only.
ingot explain --help
