# cli-test: exit=1
# --color=always: GCC's colours (bold place, magenta warning, red error, green caret)
# even into a pipe.
ingot build --color=always -Werror=large-unrolled-loop --emit graph -o {tmp}/warn.ir warn.py
