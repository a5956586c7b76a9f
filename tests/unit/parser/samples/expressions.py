# Every expression form with its precedence corner cases (parsed only, never run).
v = a or b and not c
v = (a or b) and c
v = a and (b or c) and d
v = not a == b
v = (not a) == b
v = a < b <= c > d >= e == f != g
v = a is b, a is not b, a in b, a not in b
v = (a < b) < c
v = a | b ^ c & d << e >> f + g - h * i @ j / k // l % m
v = (a | b) & c
v = a - (b - c)
v = a - b - c
v = a ** b ** c
v = (a ** b) ** c
v = -x ** 2
v = (-x) ** 2
v = -(x ** 2)
v = 2 ** -x
v = ~x + +y - -z
v = not not x
v = a if b else c
v = a if b else c if d else e
v = (a if b else c) if d else e
v = (lambda: 0) if x else lambda y: y
v = lambda: 0
v = lambda x: x + 1
v = lambda x, y=2, *args, z, w=3, **kw: (x, y, args, z, w, kw)
v = lambda *, k: k
v = lambda *a: a
v = lambda x,: x
v = (lambda x: x)(1)
v = f(lambda: 1, key=lambda k: -k)
v = f()
v = f(1, 2, *args, key=3, *more, **kwargs)
v = f(*args, **kwargs)
v = f(x for x in range(3))
v = f((x for x in range(3)), 1)
v = f(a,)
v = obj.method(1).attr[0](2)
v = (1).real
v = 1.5.real
v = x[0]
v = x[1:]
v = x[:2]
v = x[::2]
v = x[1:2:3]
v = x[:]
v = x[::]
v = x[1:, ::2, None, ..., 0]
v = x[a, b]
v = x[a,]
v = x[(a, b)]
v = x[()]
v = x[lambda: 1]
v = x[1:2, ...]
v = ()
v = (1,)
v = (1, 2)
v = ((1, 2), (3,))
v = []
v = [1]
v = [1, 2,]
v = [*a, *b, c]
v = (*a, b)
v = {}
v = {1: 2}
v = {1: 2, 'k': 'v',}
v = {**a, 'b': 1, **c}
v = {1}
v = {1, 2, *s}
v = [x for x in y]
v = [x for x in y if x if not x for z in x if z]
v = [(x, y) for x, y in pairs]
v = {x for x in y}
v = {k: v for k, v in items if k}
v = (x for x in y)
v = [x for x in y if (lambda: x)]
v = [x if x else y for x in z]
v = [x for x in (a if b else c)]
v = ...
v = None, True, False
v = 0, 1, 1_000_000, 0x1F, 0o17, 0b101, 9223372036854775807
v = 0.0, 1.5, 1e10, 1e-10, 1.5e300, 1e16, 123456789.125, 0.1, 1e22, 5e-324, 3.
v = .5, 1_000.5, 1e309
v = a @ b
v = a[1] @ b.T
v = (yield_like)
print(*args, sep='', end='\n')
x.y.z = 1
v = [
    1,
    2,
]
v = (a
     + b)
v = a + \
    b
