/* bs-tensor-format.h: repr(tensor) and print(tensor) exactly as PyTorch 1.13 prints them */
#pragma once

#include "bs-tensor.h"

G_BEGIN_DECLS

typedef enum {
  BS_SCI_MODE_DEFAULT,  /* sci_mode=None: the formatter decides */
  BS_SCI_MODE_ON,
  BS_SCI_MODE_OFF,
} BsSciMode;

/* torch.set_printoptions(). threshold is a double because profile='full'
 * sets it to infinity. Note that set_printoptions() resets sci_mode to None
 * whenever it is called without sci_mode. */
typedef struct {
  int       precision;
  double    threshold;
  int       edgeitems;
  int       linewidth;
  BsSciMode sci_mode;
} BsPrintOptions;

/* The 'default' profile with sci_mode=None. */
void      bs_print_options_init         (BsPrintOptions       *self);
/* Applies profile 'default', 'short' or 'full'; leaves sci_mode alone. PyTorch
 * ignores any other name; this returns FALSE for one and changes nothing. */
gboolean  bs_print_options_set_profile  (BsPrintOptions       *self,
                                         const char           *profile);

/* repr(t) == str(t): "tensor([1., 2.], requires_grad=True)", with
 * "Parameter containing:\n" before a parameter. options NULL: the defaults. */
char     *bs_tensor_repr                (BsTensor             *t,
                                         const BsPrintOptions *options);
/* type(node).__name__ of a grad_fn: its name without a C++ namespace ("CopySlices" for
 * torch::autograd::CopySlices), as in repr(t) and repr(t.grad_fn). */
const char *bs_grad_fn_class_name      (BsNode               *node);
/* repr(t.shape): "torch.Size([2, 3])" */
char     *bs_tensor_size_repr           (BsTensor             *t);

G_END_DECLS
