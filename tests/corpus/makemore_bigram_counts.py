# Source style: Karpathy, makemore part 1 (bigram counts, sampling with a generator)
import torch

words = ["emma", "olga", "ava", "isla", "mia", "nora", "luna", "ella", "zoe", "leo",
         "max", "kai", "ivan", "omar", "lily", "rosa", "tom", "ada", "eli", "nina"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
V = len(stoi)
print(V, chars[:5])

N = torch.zeros((V, V), dtype=torch.int32)
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        N[stoi[ch1], stoi[ch2]] += 1
print(N[0])
print(N.sum().item(), N.dtype)

P = (N + 1).float()
P /= P.sum(1, keepdims=True)
print(P.shape, P[0].sum().item())

g = torch.Generator().manual_seed(2147483647)
for i in range(5):
    out = []
    ix = 0
    while True:
        p = P[ix]
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))

log_likelihood = 0.0
n = 0
for w in words[:3]:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        prob = P[stoi[ch1], stoi[ch2]]
        logprob = torch.log(prob)
        log_likelihood += logprob
        n += 1
        print(f"{ch1}{ch2}: {prob:.4f} {logprob:.4f}")
nll = -log_likelihood
print(f"{nll=}")
print(f"{nll/n}")
