# cli-test: exit=2
ingot build --replicas 2 hello.py -o {tmp}/hello
