# cli-test: tty=stderr env=TERM=xterm
# The default, --color=auto: colour on a terminal.
ingot build --emit graph -o {tmp}/warn.ir warn.py
