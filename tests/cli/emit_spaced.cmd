# --emit KIND is --emit=KIND.
ingot build --emit ast hello.py
