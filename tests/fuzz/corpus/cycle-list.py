a = [1]
a.append(a)
print(a)
print(a == a)
