x = [0]
while True:
    x = x + x
