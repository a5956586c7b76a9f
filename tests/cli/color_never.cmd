# cli-test: tty=stderr env=TERM=xterm
# --color=never: plain, even on a colour terminal.
ingot build --color never --emit graph -o {tmp}/warn.ir warn.py
