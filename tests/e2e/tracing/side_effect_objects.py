# ingot-test: build-exit=0
# The seed's §3.3 pitfall: a @tf.function method that changes Python objects kept on
# self (a list appended to, a set added to, a dict's items set and deleted) or reached
# from a global changes them once, while tracing: a warning at each place (eagerly the
# method's Python runs on every call: the log has 3 entries). Objects the trace makes
# itself are not warned about.
import tensorflow as tf

history = {"calls": []}


class Logger(tf.Module):
    def __init__(self):
        super().__init__()
        self.log = []
        self.seen = set()
        self.stats = {"n": 0, "tmp": 1}

    @tf.function
    def __call__(self, x):
        self.log.append("call")
        self.seen.add("x")
        self.stats["n"] += 1
        if "tmp" in self.stats:
            del self.stats["tmp"]
        self.stats.setdefault("first", 1)
        history["calls"].append(len(self.log))
        scratch = {"items": []}
        scratch["items"].append(x)
        return x * 2 + scratch["items"][0]


m = Logger()
tf.print(m(tf.constant(1.0)), m(tf.constant(2.0)), m(tf.constant(3.0)))
print("log:", m.log, "seen:", sorted(m.seen), "stats:", m.stats)
print("history:", history)
