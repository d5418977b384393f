s = 'ab'
while True:
    s = s + s
