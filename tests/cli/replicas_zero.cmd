# cli-test: exit=2
ingot build --replicas=0 hello.py
