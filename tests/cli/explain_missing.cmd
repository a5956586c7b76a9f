# cli-test: exit=1
# ingot explain of a script that does not exist: the error, and no page.
ingot explain missing.py -o {tmp}/page.html
