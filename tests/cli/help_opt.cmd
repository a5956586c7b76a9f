# ingot opt --help, also spelled -h, and wherever it comes on the line.
ingot opt -O1 missing.ir -h
