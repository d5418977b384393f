# Source style: UvA Deep Learning tutorial 6 (scaled dot-product attention, multi-head attention, an encoder block) written with torch.einsum
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def scaled_dot_product(q, k, v, mask=None):
    d_k = q.size()[-1]
    attn_logits = torch.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(d_k)
    if mask is not None:
        attn_logits = attn_logits.masked_fill(mask == 0, -9e15)
    attention = F.softmax(attn_logits, dim=-1)
    values = torch.einsum("bhqk,bhkd->bhqd", attention, v)
    return values, attention


class MultiheadAttention(nn.Module):
    def __init__(self, input_dim, embed_dim, num_heads):
        super().__init__()
        assert embed_dim % num_heads == 0, "Embedding dimension must be 0 modulo number of heads."
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.qkv_proj = nn.Linear(input_dim, 3 * embed_dim)
        self.o_proj = nn.Linear(embed_dim, embed_dim)

    def forward(self, x, mask=None, return_attention=False):
        batch_size, seq_length, _ = x.size()
        qkv = self.qkv_proj(x)
        qkv = qkv.reshape(batch_size, seq_length, self.num_heads, 3 * self.head_dim)
        qkv = torch.einsum("bshd->bhsd", qkv)
        q, k, v = qkv.chunk(3, dim=-1)
        values, attention = scaled_dot_product(q, k, v, mask=mask)
        values = torch.einsum("bhsd->bshd", values)
        values = values.reshape(batch_size, seq_length, self.embed_dim)
        o = self.o_proj(values)
        if return_attention:
            return o, attention
        return o


class EncoderBlock(nn.Module):
    def __init__(self, input_dim, num_heads, dim_feedforward, dropout=0.0):
        super().__init__()
        self.self_attn = MultiheadAttention(input_dim, input_dim, num_heads)
        self.linear_net = nn.Sequential(
            nn.Linear(input_dim, dim_feedforward),
            nn.Dropout(dropout),
            nn.GELU(),
            nn.Linear(dim_feedforward, input_dim),
        )
        self.norm1 = nn.LayerNorm(input_dim)
        self.norm2 = nn.LayerNorm(input_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        attn_out = self.self_attn(x, mask=mask)
        x = x + self.dropout(attn_out)
        x = self.norm1(x)
        linear_out = self.linear_net(x)
        x = x + self.dropout(linear_out)
        x = self.norm2(x)
        return x


seq_len, d_k = 3, 2
q = torch.randn(1, 1, seq_len, d_k)
k = torch.randn(1, 1, seq_len, d_k)
v = torch.randn(1, 1, seq_len, d_k)
values, attention = scaled_dot_product(q, k, v)
print("Values\n", values)
print("Attention\n", attention)
print(torch.allclose(values, attention @ v))

x = torch.randn(2, 4)
y = torch.randn(4, 3)
print(torch.einsum("ij,jk->ik", x, y))
print(torch.einsum("ii", torch.arange(9.0).reshape(3, 3)), torch.einsum("ii->i", torch.arange(9.0).reshape(3, 3)))
print(torch.einsum("i,j->ij", torch.arange(3.0), torch.arange(2.0)))
print(torch.einsum("ij->j", x), torch.einsum("ij->", x).grad_fn)
print(torch.einsum("bij,bjk->bik", torch.ones(2, 2, 3), torch.ones(2, 3, 1)).shape)

block = EncoderBlock(input_dim=8, num_heads=2, dim_feedforward=16)
print(block)
inp = torch.randn(2, 5, 8)
mask = torch.tril(torch.ones(5, 5)).view(1, 1, 5, 5)
out = block(inp, mask=mask)
print(out.shape)
target = torch.randn(2, 5, 8)
optimizer = torch.optim.Adam(block.parameters(), lr=1e-2)
for step in range(20):
    optimizer.zero_grad()
    loss = F.mse_loss(block(inp, mask=mask), target)
    loss.backward()
    optimizer.step()
    if step % 5 == 0:
        print(f"step {step}: loss {loss.item():.4f}")
_, att = block.self_attn(inp, mask=mask, return_attention=True)
print(att[0, 0])
print(torch.allclose(att.sum(dim=-1), torch.ones(2, 2, 5)))
