# ingot run --help: build-and-run options, the -- separator explained.
ingot run --help
