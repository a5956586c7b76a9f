# cli-test: exit=2
# An unknown warning name: the known ones listed.
ingot build -Werror=retrace hello.py
