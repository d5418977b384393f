# matplotlib 3.6 logs "No artists with labels found to put in legend" (logging's
# last-resort handler: the message alone, on every call); a warnings filter does not
# silence it, as it is not a warning
import warnings

import matplotlib.pyplot as plt

for i in range(2):
    plt.plot([1, 2])
    plt.legend()
warnings.filterwarnings("ignore")
plt.legend()
print("done")
