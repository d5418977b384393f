# axis() as matplotlib 3.6's Axes.axis: what it returns for 'on'/'off', the scaling
# options, limits as a list or keywords, and its errors; text() and annotate() return
# Text and Annotation; set_aspect, clf, cla, ion/ioff/isinteractive, pause and draw
# compare: exact
import matplotlib.pyplot as plt
import numpy as np
import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


plt.plot([1, 2, 4])
print(plt.axis(), plt.axis('off'), plt.axis('on'), plt.axis(False), plt.axis(True))
print(plt.axis('equal'), plt.axis('auto'), plt.axis('tight'))
plt.plot([0, 10], [0, 1])
print(plt.axis())
print(plt.axis('scaled'), plt.axis('image'), plt.axis('square'), plt.axis('EQUAL'))
print(plt.axis([0, 3, -1, 5]), plt.axis((1, 2, 3, 4)), plt.axis(np.array([0.5, 1.5, 2, 3])))
print(plt.axis(xmin=-2), plt.axis(ymax=9, xmax=3), plt.axis([None, 4, 0, None]))
attempt(lambda: plt.axis('foo'))
attempt(lambda: plt.axis('On', 'off'))
attempt(lambda: plt.axis(1))
attempt(lambda: plt.axis([1, 2, 3]))
attempt(lambda: plt.axis('on', foo=1))
attempt(lambda: plt.axis([0, 1, 0, 1], xmin=0))
attempt(lambda: plt.axis([0, float('nan'), 0, 1]))

fig, ax = plt.subplots()
ax.scatter([0, 3], [0, 1])
print(ax.axis('square'), ax.get_xlim(), ax.get_ylim())
ax.plot([10, 20], [10, 20])
print(ax.axis())
print(ax.set_aspect('equal'), ax.set_aspect(2, adjustable='datalim'), ax.set_aspect('auto'))
attempt(lambda: ax.set_aspect('wide'))
attempt(lambda: ax.set_aspect(1, adjustable='figure'))
print(ax.set_axis_off(), ax.set_axis_on())
print(ax.cla(), ax.axis(), ax.clear())

t = plt.text(1, 2.5, 'hi')
print(t, repr(t), type(t).__name__)
print(plt.text(np.float64(1.5), 2, 3), plt.text(0, 0, None), plt.text(0.25, -1, 'a\nb'))
print(plt.text(torch.tensor(0.5), torch.tensor(2.0), 'e', ha='center', va='center',
               color='white'))
print(ax.text(0, 1, 'x', fontsize=14, rotation=90, fontdict={'color': 'red'}, alpha=0.5,
              zorder=4, va='top', ha='right'))
attempt(lambda: plt.text(0, 0, 'a', ha='middle'))
attempt(lambda: plt.text(0, 0, 'a', verticalalignment='up'))
attempt(lambda: plt.text(0, 0, 'a', foo=1))
attempt(lambda: plt.text(0, 0, 'a', rotation='diagonal'))
attempt(lambda: plt.text(0, 0, 'a', fontsize='huge'))
attempt(lambda: plt.text(0, 0))
attempt(lambda: plt.text(0, 0, 'a', color='nocolor'))
a = plt.annotate('a', (1, 2))
print(a, repr(a), type(a).__name__)
print(plt.annotate('b', xy=(1.5, 2), xytext=(3, 4)),
      plt.annotate('c', (0.123456789, -2), xytext=(5, 5), textcoords='offset points'),
      ax.annotate('d', (1, 1), annotation_clip=False))

print(plt.isinteractive(), plt.ion(), plt.isinteractive(), plt.ioff(), plt.isinteractive())
with plt.ion():
    print(plt.isinteractive())
print(plt.isinteractive())
plt.ion()
with plt.ioff() as stack:
    print(plt.isinteractive(), type(stack).__name__)
print(plt.isinteractive(), plt.ioff())
print(plt.draw(), plt.pause(0.01), plt.clf(), plt.cla(), fig.clf(), fig.clear())
plt.close('all')
print(plt.pause(0))
attempt(lambda: plt.pause(-1))
attempt(lambda: plt.pause('a'))
