eval('1 + 1')
exec('x = 1')
print(globals())
