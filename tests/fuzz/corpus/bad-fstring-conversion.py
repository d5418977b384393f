x = 1
print(f"{x!z}")
print(f"{x:}{}")
