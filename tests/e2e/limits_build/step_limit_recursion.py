# ingot-test: build-args=--max-build-steps=2000 eager-args=--max-build-steps=2000 eager-exit=1
# Without a loop running, the step-limit error points at the statement running:
# here inside an exponential recursion.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(30))
