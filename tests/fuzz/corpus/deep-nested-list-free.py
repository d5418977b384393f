# Freeing a list nested 200,000 deep frees one object after another, not by recursion
# as deep as the nesting (which overflowed the C stack).
x = []
for i in range(10000):
    x = [[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]
x = None
print("freed")
