x = 1
print(f"{x:{x:{x:{x}}}}")
