# &, |, ^, <<, >>, ~ and bitwise_* on integer and bool tensors as PyTorch 1.13 computes
# them (shift counts past the width, narrow dtypes, in place), refused for floats
import torch
def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
i = torch.tensor([5, -6, 7])
b = torch.tensor([True, False, True])
attempt('1', lambda: i & 2.5)
attempt('2', lambda: b & 1)
attempt('3', lambda: b & True)
attempt('4', lambda: b ^ b)
attempt('5', lambda: i << torch.tensor([1, 63, 64]))
attempt('6', lambda: i >> torch.tensor([1, 63, 64]))
attempt('7', lambda: i << -1)
attempt('8', lambda: i >> -1)
attempt('9', lambda: torch.tensor([5], dtype=torch.int8) << 7)
attempt('10', lambda: torch.tensor([-128], dtype=torch.int8) >> 9)
attempt('11', lambda: torch.tensor([200], dtype=torch.uint8) >> 1)
attempt('12', lambda: ~torch.tensor([0, 255], dtype=torch.uint8))
attempt('13', lambda: ~torch.tensor([1.0]))
attempt('14', lambda: ~b)
attempt('15', lambda: 3 & i)
attempt('16', lambda: 3 << i.abs())
attempt('17', lambda: 3.0 & i)
attempt('18', lambda: i.bitwise_and(i))
attempt('19', lambda: torch.bitwise_xor(i, 3))
attempt('20', lambda: i.bitwise_not_())
attempt('21', lambda: torch.tensor([1], dtype=torch.int32) | 2**40)
attempt('22', lambda: torch.tensor([1], dtype=torch.int32) | torch.tensor(2**40))
attempt('23', lambda: torch.tensor([1.]) >> 1)
attempt('25', lambda: i.bitwise_left_shift(2))
attempt('26', lambda: torch.tensor([1, 2], dtype=torch.int16) ^ torch.tensor([3], dtype=torch.int8))
attempt('27', lambda: torch.tensor([1, 2]) & torch.tensor([1, 2, 3]))
attempt('28', lambda: torch.bitwise_not(b))
attempt('29', lambda: b.bitwise_not_())
attempt('30', lambda: i.bitwise_and_(2))
attempt('31', lambda: torch.tensor(5) & torch.tensor([1, 3]))
x = torch.tensor(5); 
def f():
    global x
    x &= torch.tensor([1, 3])
attempt('32', f)
attempt('33', lambda: torch.tensor([1.5], requires_grad=True) & 1)
attempt('34', lambda: i ^ True)
attempt('35', lambda: i << 2.0)
