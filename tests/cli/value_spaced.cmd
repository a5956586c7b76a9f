# cli-test: exit=1
# Every --name=VALUE option also takes --name VALUE: here the step limit stops the
# build with a located error, so the value was read.
ingot build --max-build-steps 100 --emit graph count.py
