print(1)  # café
