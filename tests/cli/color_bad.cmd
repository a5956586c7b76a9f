# cli-test: exit=2
ingot build --color=sometimes hello.py
