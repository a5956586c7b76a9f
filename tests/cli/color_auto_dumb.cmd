# cli-test: tty=stderr env=TERM=dumb
# --color=auto: no colour on a dumb terminal.
ingot build --emit graph -o {tmp}/warn.ir warn.py
