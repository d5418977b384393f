d = {}
d['d'] = d
print(d)
