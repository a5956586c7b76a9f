# ingot-test: build-args=--max-build-steps=200000 eager-args=--max-build-steps=200000 eager-exit=1
# The error points at the innermost loop running: here the endless one inside the
# function the outer loop calls, not the outer loop.
def first_power_of_two_that_is_zero(modulus):
    p = 1
    while p != 0:              # never: 2**k mod an odd prime is never 0
        p = p * 2 % modulus
    return p


for m in [7, 1000003]:
    print(first_power_of_two_that_is_zero(m))
