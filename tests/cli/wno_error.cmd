# -Wno-error=NAME keeps NAME a warning under -Werror: no error left, exit 0.
ingot build -Werror -Wno-error=non-float-gradient -Wno-error=large-unrolled-loop --emit graph -o {tmp}/warn.ir warn.py
