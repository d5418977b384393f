# Source style: Stanford cs231n, "Minimal Neural Network Case Study" (spiral data, softmax and a two-layer net in numpy, decision boundary with contourf)
import numpy as np
import matplotlib.pyplot as plt

np.random.seed(0)
points, dims, classes = 60, 2, 3
X = np.zeros((points * classes, dims))
y = np.zeros(points * classes, dtype="uint8")
for k in range(classes):
    rows = range(points * k, points * (k + 1))
    radius = np.linspace(0.0, 1, points)
    theta = np.linspace(k * 4, (k + 1) * 4, points) + np.random.randn(points) * 0.2
    X[rows] = np.c_[radius * np.sin(theta), radius * np.cos(theta)]
    y[rows] = k
print(X.shape, y.dtype, np.bincount(y), X.min().round(3), X.max().round(3))
plt.scatter(X[:, 0], X[:, 1], c=y, s=20, cmap=plt.cm.Spectral)
plt.show()


def train(hidden, steps, step_size=1.0, reg=1e-3):
    n = X.shape[0]
    if hidden:
        W = 0.01 * np.random.randn(dims, hidden)
        b = np.zeros((1, hidden))
        W2 = 0.01 * np.random.randn(hidden, classes)
        b2 = np.zeros((1, classes))
    else:
        W2 = 0.01 * np.random.randn(dims, classes)
        b2 = np.zeros((1, classes))
    for i in range(steps):
        h = np.maximum(0, np.dot(X, W) + b) if hidden else X
        scores = np.dot(h, W2) + b2
        exp_scores = np.exp(scores - scores.max(axis=1, keepdims=True))
        probs = exp_scores / np.sum(exp_scores, axis=1, keepdims=True)
        data_loss = np.sum(-np.log(probs[range(n), y])) / n
        reg_loss = 0.5 * reg * np.sum(W2 * W2) + (0.5 * reg * np.sum(W * W) if hidden else 0)
        loss = data_loss + reg_loss
        if i % (steps // 4) == 0:
            print(f"iteration {i}: loss {loss:.5f}")
        dscores = probs
        dscores[range(n), y] -= 1
        dscores /= n
        dW2 = np.dot(h.T, dscores) + reg * W2
        db2 = np.sum(dscores, axis=0, keepdims=True)
        if hidden:
            dh = np.dot(dscores, W2.T)
            dh[h <= 0] = 0
            dW = np.dot(X.T, dh) + reg * W
            db = np.sum(dh, axis=0, keepdims=True)
            W += -step_size * dW
            b += -step_size * db
        W2 += -step_size * dW2
        b2 += -step_size * db2

    def predict(points_in):
        hh = np.maximum(0, np.dot(points_in, W) + b) if hidden else points_in
        return np.argmax(np.dot(hh, W2) + b2, axis=1)

    return predict


for hidden in (0, 40):
    predict = train(hidden, 400)
    accuracy = np.mean(predict(X) == y)
    print(f"hidden {hidden}: training accuracy {accuracy:.2f}", type(accuracy).__name__)
    h = 0.05
    x_min, x_max = X[:, 0].min() - 1, X[:, 0].max() + 1
    y_min, y_max = X[:, 1].min() - 1, X[:, 1].max() + 1
    xx, yy = np.meshgrid(np.arange(x_min, x_max, h), np.arange(y_min, y_max, h))
    Z = predict(np.c_[xx.ravel(), yy.ravel()]).reshape(xx.shape)
    print(xx.shape, np.bincount(Z.ravel(), minlength=classes))
    fig = plt.figure()
    plt.contourf(xx, yy, Z, cmap=plt.cm.Spectral, alpha=0.8)
    plt.scatter(X[:, 0], X[:, 1], c=y, s=20, cmap=plt.cm.Spectral)
    plt.xlim(xx.min(), xx.max())
    plt.ylim(yy.min(), yy.max())
    plt.show()
