# í €
print(1)
