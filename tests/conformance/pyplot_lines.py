# hlines, vlines, step, barh, errorbar and margins as matplotlib 3.6 returns them, the
# limits they leave, and their errors
# compare: exact
import matplotlib.pyplot as plt
import numpy as np


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


print(plt.margins())
print(plt.margins(0.2), plt.margins(), plt.margins(0.1, 0.3), plt.margins(x=0), plt.margins())
attempt(lambda: plt.margins(0.1, x=0.2))
attempt(lambda: plt.margins(0.1, 0.2, 0.3))
attempt(lambda: plt.margins(-1))
attempt(lambda: plt.margins('a'))
plt.plot([0, 1], [0, 1])
print(plt.axis())

fig, ax = plt.subplots()
print(type(ax.hlines(1, 0, 2)).__name__)
print(type(ax.vlines([1, 2], 0, [3, 4], colors='r', linestyles='dashed', label='v')).__name__)
print(ax.axis())
attempt(lambda: ax.hlines([1, 2], [0], [1, 2, 3]))
attempt(lambda: ax.vlines(1, 0, 1, marker='o'))

fig, ax = plt.subplots()
print(len(ax.step([1, 2, 3], [1, 3, 2])), len(ax.step([1, 2, 3], [1, 3, 2], 'r--o', where='mid')))
print(str(ax.step([1, 2, 4], [0, 1, 2], where='post', label='s')[0]))
attempt(lambda: ax.step([1, 2, 3], [1, 3, 2], where='foo'))
print(ax.axis())

fig, ax = plt.subplots()
print(ax.barh([1, 2], [3, 4]), len(ax.barh(np.arange(3), 2, height=0.5, left=1)))
print(ax.axis())
attempt(lambda: ax.barh([1, 2], [3, 4], align='top'))

fig, ax = plt.subplots()
e = ax.errorbar([1, 2, 3], [1, 2, 3], yerr=0.5)
print(e, len(e))
print(ax.errorbar([1, 2, 3], [1, 2, 3], xerr=[[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]], fmt='o',
                  capsize=3))
print(ax.errorbar(np.arange(3), np.ones(3), yerr=np.array([0.1, 0.2, 0.3]), fmt='none',
                  ecolor='k', elinewidth=2))
print(ax.axis())
attempt(lambda: ax.errorbar([1, 2, 3], [1, 2, 3], yerr=[-1, 1, 1]))
attempt(lambda: ax.errorbar([1, 2, 3], [1, 2, 3], yerr=[1, 1]))
attempt(lambda: ax.errorbar([1, 2, 3], [1, 2, 3], xerr=[[1, 1], [1, 1]]))
