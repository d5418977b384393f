# torch.nn's recurrent modules (RNN, LSTM, GRU and their cells), run after nn.py in its
# globals. As PyTorch 1.13's CPU kernels compose them: each step a cell of linear maps and
# pointwise ops, a layer's outputs stacked (StackBackward0), the last hidden states of the
# layers stacked, batch_first a transpose at each end, unbatched input a squeeze at the end.
import math
import sys


def _bs_rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih, b_hh):
    return torch.tanh(_bs_F.linear(hx, w_hh, b_hh) + _bs_F.linear(input, w_ih, b_ih))


def _bs_rnn_relu_cell(input, hx, w_ih, w_hh, b_ih, b_hh):
    return torch.relu(_bs_F.linear(hx, w_hh, b_hh) + _bs_F.linear(input, w_ih, b_ih))


def _bs_lstm_cell(input, state, w_ih, w_hh, b_ih, b_hh):
    hx, cx = state
    gates = _bs_F.linear(hx, w_hh, b_hh) + _bs_F.linear(input, w_ih, b_ih)
    i, f, g, o = gates.chunk(4, 1)
    cy = f.sigmoid() * cx + i.sigmoid() * g.tanh()
    hy = o.sigmoid() * cy.tanh()
    return hy, cy


def _bs_gru_cell(input, hx, w_ih, w_hh, b_ih, b_hh):
    ir, iz, in_ = _bs_F.linear(input, w_ih, b_ih).chunk(3, 1)
    hr, hz, hn = _bs_F.linear(hx, w_hh, b_hh).chunk(3, 1)
    r = (hr + ir).sigmoid()
    z = (hz + iz).sigmoid()
    n = (in_ + hn * r).tanh()
    return (hx - n) * z + n


def _bs_init_rnn_weights(module, hidden_size):
    stdv = 1.0 / math.sqrt(hidden_size) if hidden_size > 0 else 0
    with torch.no_grad():
        for weight in module.parameters():
            weight.uniform_(-stdv, stdv)


class RNNBase(Module):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True,
                 batch_first=False, dropout=0., bidirectional=False, proj_size=0,
                 device=None, dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        if proj_size != 0:
            _bs_not_supported('{}(proj_size=...)'.format(mode))
        if not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1 or \
                isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] "
                             "representing the probability of an element being "
                             "zeroed")
        if dropout > 0 and num_layers == 1:
            sys.stderr.write("UserWarning: dropout option adds dropout after all but last "
                             "recurrent layer, so non-zero dropout expects "
                             "num_layers greater than 1, but got dropout={} and "
                             "num_layers={}\n".format(dropout, num_layers))
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        gate_size = {'LSTM': 4, 'GRU': 3}.get(mode, 1) * hidden_size
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else hidden_size * num_directions
                suffix = '_reverse' if direction == 1 else ''
                names = ['weight_ih_l{}{}', 'weight_hh_l{}{}']
                shapes = [(gate_size, layer_input_size), (gate_size, hidden_size)]
                if bias:
                    names += ['bias_ih_l{}{}', 'bias_hh_l{}{}']
                    shapes += [(gate_size,), (gate_size,)]
                for name, shape in zip(names, shapes):
                    name = name.format(layer, suffix)
                    setattr(self, name, _bs_nn.Parameter(torch.empty(shape)))
                    self._flat_weights_names.append(name)
        _bs_init_rnn_weights(self, hidden_size)

    def flatten_parameters(self):
        pass

    @property
    def all_weights(self):
        per = 4 if self.bias else 2
        w = [getattr(self, name) for name in self._flat_weights_names]
        return [w[i:i + per] for i in range(0, len(w), per)]

    def _bs_cell(self, input, state, weights):
        if self.mode == 'LSTM':
            return _bs_lstm_cell(input, state, *weights)
        if self.mode == 'GRU':
            return _bs_gru_cell(input, state, *weights)
        if self.mode == 'RNN_RELU':
            return _bs_rnn_relu_cell(input, state, *weights)
        return _bs_rnn_tanh_cell(input, state, *weights)

    def _bs_layer(self, input, state, weights, reverse):
        steps = input.unbind(0)
        outputs = []
        for x in (reversed(steps) if reverse else steps):
            state = self._bs_cell(x, state, weights)
            outputs.append(state[0] if self.mode == 'LSTM' else state)
        if reverse:
            outputs.reverse()
        return torch.stack(outputs, 0), state

    def _bs_check_hidden(self, hx, expected, what):
        if tuple(hx.shape) != expected:
            raise RuntimeError('Expected {} size {}, got {}'.format(
                what, expected, list(hx.shape)))

    def forward(self, input, hx=None):
        is_lstm = self.mode == 'LSTM'
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
        if hx is not None:
            dims = (hx[0].dim(), hx[1].dim()) if is_lstm else (hx.dim(),)
            want = 3 if batched else 2
            if any(d != want for d in dims):
                raise RuntimeError('For {} input, {} should also be {}-D but got {} '
                                   'tensor{}'.format(
                                       'batched 3-D' if batched else 'unbatched 2-D',
                                       'hx and cx' if is_lstm else 'hx', want,
                                       '({}-D, {}-D)'.format(*dims) if is_lstm
                                       else '{}-D'.format(dims[0]), 's' if is_lstm else ''))
            if not batched:
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1)) if is_lstm else hx.unsqueeze(1)
        if input.dim() != 3:
            raise RuntimeError('input must have 3 dimensions, got {}'.format(input.dim()))
        if input.shape[-1] != self.input_size:
            raise RuntimeError('input.size(-1) must be equal to input_size. Expected {}, '
                               'got {}'.format(self.input_size, input.shape[-1]))
        num_directions = 2 if self.bidirectional else 1
        batch = input.shape[0] if self.batch_first else input.shape[1]
        expected = (self.num_layers * num_directions, batch, self.hidden_size)
        if hx is None:
            zeros = torch.zeros(expected, dtype=input.dtype)
            hx = (zeros, zeros) if is_lstm else zeros
        elif is_lstm:
            self._bs_check_hidden(hx[0], expected, 'hidden[0]')
            self._bs_check_hidden(hx[1], expected, 'hidden[1]')
        else:
            self._bs_check_hidden(hx, expected, 'hidden')
        if self.batch_first:
            input = input.transpose(0, 1)
        weights = self.all_weights
        h_n, c_n = [], []
        layer_input = input
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(num_directions):
                k = layer * num_directions + direction
                state = (hx[0][k], hx[1][k]) if is_lstm else hx[k]
                w = weights[k] if self.bias else weights[k] + [None, None]
                out, state = self._bs_layer(layer_input, state, w, direction == 1)
                outputs.append(out)
                if is_lstm:
                    h_n.append(state[0])
                    c_n.append(state[1])
                else:
                    h_n.append(state)
            layer_input = outputs[0] if num_directions == 1 else torch.cat(outputs, -1)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = _bs_F.dropout(layer_input, self.dropout, True)
        output = layer_input.transpose(0, 1) if self.batch_first else layer_input
        hidden = (torch.stack(h_n, 0), torch.stack(c_n, 0)) if is_lstm else torch.stack(h_n, 0)
        if not batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1)) if is_lstm \
                else hidden.squeeze(1)
        return output, hidden

    def extra_repr(self):
        s = '{}, {}'.format(self.input_size, self.hidden_size)
        if self.num_layers != 1:
            s += ', num_layers={}'.format(self.num_layers)
        if self.bias is not True:
            s += ', bias={}'.format(self.bias)
        if self.batch_first is not False:
            s += ', batch_first={}'.format(self.batch_first)
        if self.dropout != 0:
            s += ', dropout={}'.format(self.dropout)
        if self.bidirectional is not False:
            s += ', bidirectional={}'.format(self.bidirectional)
        return s


class RNN(RNNBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity='tanh', bias=True,
                 batch_first=False, dropout=0., bidirectional=False, device=None, dtype=None):
        if nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError("Unknown nonlinearity '{}'".format(nonlinearity))
        self.__dict__['nonlinearity'] = nonlinearity
        super().__init__(mode, input_size, hidden_size, num_layers, bias, batch_first,
                         dropout, bidirectional, 0, device, dtype)


class LSTM(RNNBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0., bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__('LSTM', input_size, hidden_size, num_layers, bias, batch_first,
                         dropout, bidirectional, proj_size, device, dtype)


class GRU(RNNBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0., bidirectional=False, device=None, dtype=None):
        super().__init__('GRU', input_size, hidden_size, num_layers, bias, batch_first,
                         dropout, bidirectional, 0, device, dtype)


class RNNCellBase(Module):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = _bs_nn.Parameter(torch.empty(num_chunks * hidden_size, input_size))
        self.weight_hh = _bs_nn.Parameter(torch.empty(num_chunks * hidden_size, hidden_size))
        if bias:
            self.bias_ih = _bs_nn.Parameter(torch.empty(num_chunks * hidden_size))
            self.bias_hh = _bs_nn.Parameter(torch.empty(num_chunks * hidden_size))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        _bs_init_rnn_weights(self, hidden_size)

    def extra_repr(self):
        s = '{}, {}'.format(self.input_size, self.hidden_size)
        if self.bias is not True:
            s += ', bias={}'.format(self.bias)
        if getattr(self, 'nonlinearity', 'tanh') != 'tanh':
            s += ', nonlinearity={}'.format(self.nonlinearity)
        return s

    def _bs_run(self, input, hx, cell, is_lstm):
        assert input.dim() in (1, 2), \
            '{}: Expected input to be 1-D or 2-D but received {}-D tensor'.format(
                type(self).__name__, input.dim())
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.shape[0], self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros) if is_lstm else zeros
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if is_lstm else hx.unsqueeze(0)
        out = cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not batched:
            out = (out[0].squeeze(0), out[1].squeeze(0)) if is_lstm else out.squeeze(0)
        return out


class RNNCell(RNNCellBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity == 'tanh':
            cell = _bs_rnn_tanh_cell
        elif self.nonlinearity == 'relu':
            cell = _bs_rnn_relu_cell
        else:
            raise RuntimeError('Unknown nonlinearity: {}'.format(self.nonlinearity))
        return self._bs_run(input, hx, cell, False)


class LSTMCell(RNNCellBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input, hx=None):
        return self._bs_run(input, hx, _bs_lstm_cell, True)


class GRUCell(RNNCellBase):
    __module__ = 'torch.nn.modules.rnn'

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input, hx=None):
        return self._bs_run(input, hx, _bs_gru_cell, False)
