# cli-test: exit=2
ingot run --eager --replicas 2 hello.py
