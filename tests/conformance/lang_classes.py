# Python classes: attributes, class attributes, methods, single inheritance, super() in both
# spellings, @staticmethod, bound methods as values, isinstance, AttributeError.
# compare: exact
# needs: class, __init__ with defaults, class attribute updated through the class,
#   method chaining returning self, list.append, super().m(), super(Cls, self).__init__(),
#   @staticmethod called on class and instance, isinstance with a tuple, `type(x) is C`
class Animal:
    kind = "animal"
    count = 0

    def __init__(self, name, sound="..."):
        self.name = name
        self.sound = sound
        Animal.count += 1

    def speak(self):
        return f"{self.name} says {self.sound}"

    def describe(self):
        return f"{self.name} is a {self.kind}"


class Dog(Animal):
    kind = "dog"

    def __init__(self, name):
        super().__init__(name, "woof")
        self.tricks = []

    def add_trick(self, trick):
        self.tricks.append(trick)
        return self

    def speak(self):
        return super().speak() + "!"


class Puppy(Dog):
    def __init__(self, name):
        super(Puppy, self).__init__(name)
        self.sound = "yip"

    @staticmethod
    def legs():
        return 4


a = Animal("Generic")
d = Dog("Rex").add_trick("sit").add_trick("roll over")
p = Puppy("Bit")
for x in [a, d, p]:
    print(x.speak(), "|", x.describe())
print(d.tricks, p.tricks, Animal.count, Dog.count, Puppy.legs(), p.legs())
print(isinstance(p, Dog), isinstance(p, Animal), isinstance(d, Puppy))
print(isinstance(3, int), isinstance(3.0, (int, float)), isinstance("s", str),
      isinstance(True, int))
print(type(p) is Puppy, type(p) is Dog, type(3) is int, type(2.5) is float)

speak = d.speak
d.sound = "WOOF"
print(speak())

p.kind = "young dog"
print(p.describe(), Puppy.kind, d.describe())

try:
    d.color
except AttributeError as e:
    print("AttributeError:", e)


class Counter:
    def __init__(self):
        self.n = 0

    def tick(self, by=1):
        self.n += by
        return self.n


c = Counter()
c.tick()
c.tick(by=5)
print(c.n, [c.tick() for _ in range(3)])
