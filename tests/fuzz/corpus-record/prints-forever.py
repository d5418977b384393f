i = 0
while True:
    print('line', i, 'x' * (i % 100))
    i += 1
