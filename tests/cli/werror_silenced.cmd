# A silenced warning is no error: -Werror=NAME then -Wno-NAME (the last wins, as in GCC).
ingot build -Werror=large-unrolled-loop -Wno-large-unrolled-loop -Wno-non-float-gradient --emit graph -o {tmp}/warn.ir warn.py
