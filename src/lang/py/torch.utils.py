# torch.utils: its submodule data (torch.utils.data) is loaded when first read
