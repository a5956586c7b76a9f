# cli-test: exit=0
ingot run --replicas 2 dist.py
