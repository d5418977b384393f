# Source style: UvA Deep Learning tutorial 6 (Transformers): multi-head attention with one qkv projection split by chunk, scaled dot product by hand
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(42)


def scaled_dot_product(q, k, v, mask=None):
    d_k = q.size()[-1]
    attn_logits = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        attn_logits = attn_logits.masked_fill(mask == 0, -9e15)
    attention = F.softmax(attn_logits, dim=-1)
    values = torch.matmul(attention, v)
    return values, attention


class MultiheadAttention(nn.Module):
    def __init__(self, input_dim, embed_dim, num_heads):
        super().__init__()
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.qkv_proj = nn.Linear(input_dim, 3 * embed_dim)
        self.o_proj = nn.Linear(embed_dim, embed_dim)
        nn.init.xavier_uniform_(self.qkv_proj.weight)
        self.qkv_proj.bias.data.fill_(0)
        nn.init.xavier_uniform_(self.o_proj.weight)
        self.o_proj.bias.data.fill_(0)

    def forward(self, x, mask=None, return_attention=False):
        batch_size, seq_length, _ = x.size()
        qkv = self.qkv_proj(x)
        qkv = qkv.reshape(batch_size, seq_length, self.num_heads, 3 * self.head_dim)
        qkv = qkv.permute(0, 2, 1, 3)
        q, k, v = qkv.chunk(3, dim=-1)
        values, attention = scaled_dot_product(q, k, v, mask=mask)
        values = values.permute(0, 2, 1, 3).reshape(batch_size, seq_length, self.embed_dim)
        o = self.o_proj(values)
        return (o, attention) if return_attention else o


mha = MultiheadAttention(input_dim=6, embed_dim=8, num_heads=2)
x = torch.randn(3, 5, 6)
out, attention = mha(x, return_attention=True)
print(out.shape, attention.shape)
print(attention[0, 0])
q, k, v = mha.qkv_proj(x).reshape(3, 5, 2, 12).permute(0, 2, 1, 3).chunk(3, dim=-1)
print(q.grad_fn, k.output_nr, v.output_nr, q.grad_fn is v.grad_fn)

# reverse a sequence of one-hot tokens: a tiny task to train on
num_classes, seq_len = 6, 5
tokens = torch.randint(num_classes, (64, seq_len))
inputs = F.one_hot(tokens, num_classes).float()
targets = tokens.flip(1)
model = nn.Sequential()
attn = MultiheadAttention(num_classes, 8, 2)
head = nn.Linear(8, num_classes)
pos = torch.randn(seq_len, num_classes) * 0.5
optimizer = torch.optim.Adam(list(attn.parameters()) + list(head.parameters()), lr=1e-2)
for step in range(60):
    logits = head(attn(inputs + pos))
    loss = F.cross_entropy(logits.reshape(-1, num_classes), targets.reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        acc = (logits.argmax(-1) == targets).float().mean()
        print(f"step {step}: loss {loss.item():.4f}, accuracy {acc.item():.4f}")
print(attn.qkv_proj.weight.grad.norm())
