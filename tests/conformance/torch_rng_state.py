# torch.get_rng_state / set_rng_state and Generator.get_state / set_state (issue 13): the
# state is PyTorch's uint8 layout, so saving and restoring it reproduces the draws
# needs: uint8 tensors, the generator's state
import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


torch.manual_seed(0)
s = torch.get_rng_state()
print(s.shape, s.dtype, s[:24], s[5016:])
a = torch.rand(3)
b = torch.randn(3)
torch.set_rng_state(s)
print(torch.equal(a, torch.rand(3)), torch.equal(b, torch.randn(3)))
torch.randn(1)
s2 = torch.get_rng_state()
print(s2[:24], s2[5016:])
print(torch.randn(5))
torch.set_rng_state(s2)
print(torch.randn(5))

g = torch.Generator().manual_seed(2147483647)
st = g.get_state()
print(st.shape, st[:16], torch.randint(0, 27, (8,), generator=g))
print(g.set_state(st) is g, torch.randint(0, 27, (8,), generator=g))
h = torch.Generator()
h.set_state(st)
print(h.initial_seed(), torch.rand(4, generator=h), torch.multinomial(torch.ones(5), 3, generator=h))
print(torch.set_rng_state(g.get_state()), torch.initial_seed())
print(torch.rand(2), torch.rand(2, generator=g))
attempt(lambda: g.set_state(s.float()))
attempt(lambda: g.set_state([1, 2]))
attempt(lambda: g.set_state(s[:10]))
attempt(lambda: torch.set_rng_state(s.long()))
attempt(lambda: g.set_state(torch.zeros(5056, dtype=torch.uint8)))
odd = s.clone()
odd[8] = 0
attempt(lambda: g.set_state(odd))
