i = 0
while True:
    print(str(i) + 'x' * 100000)
    i += 1
