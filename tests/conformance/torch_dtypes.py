# The dtypes PyTorch has (issue 13): every name torch gives them, how they print and compare;
# tests/test-torch-refusals.c checks that the ones Backstep's tensors lack are refused by name
# needs: the torch module's dtypes
import torch
print(torch.int32, torch.int, torch.uint8, torch.half, torch.float16, torch.bfloat16, torch.short, torch.int8)
print(torch.float, torch.double, torch.long, torch.bool, torch.float64, torch.int64, torch.float32)
print(torch.int32 == torch.int, torch.int32 == torch.int64, torch.int is torch.int32, torch.long is torch.int64)
print(torch.float16.is_floating_point, torch.int8.is_floating_point, torch.double.is_floating_point)
x = torch.tensor([1.5, 2.5])
print(x.dtype == torch.int32, x.dtype == torch.float32, x.long().dtype, x.double().dtype)
print({torch.int32: "a", torch.float32: "b"}[torch.int])
