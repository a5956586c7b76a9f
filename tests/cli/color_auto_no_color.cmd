# cli-test: tty=stderr env='TERM=xterm NO_COLOR=1'
# --color=auto: no colour when NO_COLOR is set.
ingot build --color=auto --emit graph -o {tmp}/warn.ir warn.py
