/* bs-torch-private.h: what the files binding torch, Tensor and torch.nn.functional share */
#pragma once

#include "bs-signature.h"

#include "bs-error.h"
#include "bs-ops.h"

G_BEGIN_DECLS

#define SELF (bs_value_tensor (self))

/* Wraps a new tensor, or raises the engine's error. */
#define RETURN_TENSOR(expr) \
  G_STMT_START { \
    GError *error_ = NULL; \
    BsTensor *t_ = (expr); \
    if (t_ == NULL) \
      return bs_raise_gerror (in, error_); \
    *r = bs_wrap_tensor (in, t_); \
    return TRUE; \
  } G_STMT_END
#define ERR (&error_)


/* The generator= parameter i: its engine generator, or the default one for None. */
BsGenerator *bs_call_generator      (BsCall *call, int i);
/* The index of the parameter called name, or -1. */
int         bs_call_param_index     (BsCall *call, const char *name);
/* Adds torch.default_generator. */
void        bs_torch_random_init    (BsInterp *in, BsValue torch);

/* nonzero(x, as_tuple=True), where(x): one index tensor per dim, as a tuple */
gboolean    bs_torch_nonzero_tuple  (BsInterp *in, BsTensor *x, BsValue *result);

/* The tensor a method was called on, or a torch function's first argument. */
BsTensor   *bs_call_self            (BsCall *call);
/* Wraps t as the result (writing it into out= when given), or raises error. */
gboolean    bs_call_return_tensor   (BsCall *call, BsTensor *t, GError **error, BsValue *result);
/* type(values=..., indices=...), type a static string ("torch.return_types.max"): a tuple
 * with PyTorch's repr and attributes; takes both tensors. */
BsValue     bs_torch_return_pair    (BsInterp *in, const char *type, BsTensor *values,
                                     BsTensor *indices);
/* The pair as the result, or an error for out= (which Backstep does not write). */
gboolean    bs_call_return_pair     (BsCall *call, const char *type, BsTensor *values,
                                     BsTensor *indices, GError **error, BsValue *result);
/* The tensor a method was called on, as the value the script holds (borrowed). */
BsValue     bs_call_receiver        (BsCall *call);
/* The row function of a Dimname overload: Backstep has no named tensors. */
gboolean    bs_torch_refuse_named   (BsInterp *in, BsCall *call, BsValue *result);
/* A dim argument checked against PyTorch's range for ndim. */
int         bs_call_dim             (BsCall *call, guint i);

/* A warning as PyTorch prints it, at the user's line. */
gboolean    bs_torch_warn           (BsInterp *in, const char *message);
/* The same once a run, as PyTorch's TORCH_WARN_ONCE; FALSE when a filter made it an error */
gboolean    bs_torch_warn_once      (BsInterp *in, const char *message);
/* t.shape: a torch.Size (new reference). */
BsValue     bs_torch_size_value     (BsInterp *in, BsTensor *t);
/* A Python number (int or float) as a 0-dim wrapped number tensor (new reference). */
BsTensor   *bs_torch_operand        (BsInterp *in, BsValue v);

/* torch.device('cpu') (new reference) */
BsValue     bs_torch_cpu_device     (BsInterp *in);
/* device= given as None, "cpu", torch.device('cpu'); anything else raises as PyTorch
 * without CUDA does */
gboolean    bs_torch_check_device   (BsInterp *in, BsValue device);
/* Every table of torch, Tensor and torch.nn.functional, grouped. */
void        bs_torch_signatures_add (BsSignatureSet *set);
/* PyTorch's "value cannot be converted to type uint8_t without overflow" for a Python number
 * given as a Scalar (fill values), and the same with torch.tensor()'s names ("uint8") for
 * an element of its data; TRUE when it fits. */
gboolean    bs_check_scalar_fits    (BsInterp *in, BsValue v, BsDType dtype);
gboolean    bs_check_data_fits      (BsInterp *in, BsValue v, BsDType dtype);

/* The tables (one per file) */
extern const BsSignatureTable bs_tensor_math_table;
extern const BsSignatureTable bs_tensor_activation_table;
extern const BsSignatureTable bs_tensor_methods_table;
extern const BsSignatureTable bs_tensor_reduce_table;
extern const BsSignatureTable bs_tensor_select_table;
extern const BsSignatureTable bs_tensor_histogram_table;
extern const BsSignatureTable bs_torch_random_table;
extern const BsSignatureTable bs_torch_einsum_table;
extern const BsSignatureTable bs_torch_factories_table;
extern const BsSignatureTable bs_functional_table;
extern const BsSignatureTable bs_nn_conv_table;
extern const BsSignatureTable bs_nn_pool_table;
extern const BsSignatureTable bs_optim_table;
extern const BsSignatureTable bs_torch_autograd_table;
extern const BsSignatureTable bs_grad_mode_table;
extern const BsSignatureTable bs_torch_dtypes_table;

G_END_DECLS
