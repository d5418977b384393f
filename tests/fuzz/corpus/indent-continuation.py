x = (1 +
2 +
        3)
if x:
  y = [
1]
  print(y)
