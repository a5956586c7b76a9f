# bench: build-max-seconds=20 build-max-rss-mb=256
# A class-heavy program in plain Python, at build time: objects made and dropped,
# method calls, properties, operator methods and inheritance. It measures the
# build-time interpreter against CPython on the dispatch every stdlib layer uses.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Body:
    def __init__(self, pos, vel):
        self.pos = pos
        self.vel = vel

    @property
    def energy(self):
        return self.vel.dot(self.vel) / 2

    def step(self, dt):
        self.pos = self.pos + self.vel * dt


class Damped(Body):
    def step(self, dt):
        super().step(dt)
        self.vel = self.vel * 0.999


def simulate(n, steps):
    bodies = [Damped(Vec(i, -i), Vec(1.0, 0.5 * i)) for i in range(n)]
    for _ in range(steps):
        for b in bodies:
            b.step(0.01)
    return sum(b.energy for b in bodies)


print(round(simulate(100, 1000), 6))
