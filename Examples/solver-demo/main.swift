import Cassowary
print("demo")
