# super() and super(Class, obj) work; the one-argument form (an unbound super) does not.
class Base:
    def hello(self):
        return "base"


class Child(Base):
    def hello(self):
        return super(Child).hello()


print(Child().hello())
