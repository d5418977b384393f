# What pyplot's drawing functions return, as matplotlib 3.6 prints it: plot's list of
# Line2D (str() by label, or _childN by its place among the axes' children), scatter's
# PathCollection, hist's (counts, edges, BarContainer), bar's BarContainer, imshow's
# AxesImage, axhline's Line2D, fill_between's PolyCollection, the labels' and titles' Text,
# legend's Legend, contour's QuadContourSet, colorbar's Colorbar
# compare: exact
import matplotlib.pyplot as plt
import numpy as np

x = np.arange(5.0)
print(plt.plot(x, x), len(plt.plot(x, x)))
r = plt.plot(x, x, x, x * 2)
print(r[0], r[1], str(r[0]), type(r[0]), type(r[0]).__name__)
print(plt.plot(x, x, label='loss'), str(plt.plot(x, x, label='loss')[0]))
sc = plt.scatter(x, x)
print(sc, type(sc))
counts, bins, bars = plt.hist(x)
print(counts, bins, bars, type(counts), type(bars), len(bars))
print(plt.hist(x, bins=3, density=True))
print(plt.bar(x, x), len(plt.bar(x, x)))
im = plt.imshow(np.eye(3))
print(im, repr(im), type(im))
print(plt.imshow(np.zeros((2, 5))))
print(plt.axhline(1), plt.axvline(1), [plt.axhline(2)])
print(plt.fill_between(x, x, x * 2))
print(plt.xlabel('a'), plt.ylabel('b'), plt.title('c'))
print(repr(plt.title("it's")), [plt.xlabel('epoch')])
print(plt.suptitle('s'))
leg = plt.legend()
print(leg, repr(leg), type(leg))
print(plt.contour(np.eye(3)), type(plt.contourf(np.eye(3))))
print(plt.colorbar(im))
fig, ax = plt.subplots()
print(ax.plot([1, 2]), ax.set_title('t'), ax.set_xlabel('x'), ax.set_ylabel('y'))
print(str(ax.axhline(0.5)), str(ax.plot([3, 4])[0]), ax.hist([1, 2, 2, 3], bins=2))
line, = ax.plot([0, 1], [1, 0], 'r--')
print(line)
