# -Wall: every warning (all are on by default); -Wno-NAME still silences one,
# wherever it comes.
ingot build -Wno-large-unrolled-loop -Wall --emit graph -o {tmp}/warn.ir warn.py
