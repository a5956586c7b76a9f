# cli-test: env=TERM=xterm
# --color=auto: no colour into a pipe.
ingot build --emit graph -o {tmp}/warn.ir warn.py
