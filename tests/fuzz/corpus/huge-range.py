r = range(-2 ** 63, 2 ** 63 - 1)
print(len(r))
for i in range(10 ** 18):
    pass
