/* bs-error.h: the engine's GError domain */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_ENGINE_ERROR (bs_engine_error_quark ())

/* Codes mirror the Python exception a PyTorch user would see. */
typedef enum {
  BS_ENGINE_ERROR_RUNTIME,      /* RuntimeError */
  BS_ENGINE_ERROR_VALUE,        /* ValueError */
  BS_ENGINE_ERROR_TYPE,         /* TypeError */
  BS_ENGINE_ERROR_INDEX,        /* IndexError */
  BS_ENGINE_ERROR_MEMORY,       /* the context's memory budget was hit */
  BS_ENGINE_ERROR_UNSUPPORTED,  /* valid PyTorch that Backstep refuses */
  BS_ENGINE_ERROR_CANCELLED,    /* the run was cancelled (a timeout, Stop): not Python's */
} BsEngineError;

GQuark bs_engine_error_quark (void);

/* PyTorch's texts, reproduced verbatim. */
#define BS_MSG_FREED_GRAPH \
  "Trying to backward through the graph a second time (or directly access saved tensors " \
  "after they have already been freed). Saved intermediate values of the graph are freed " \
  "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to " \
  "backward through the graph a second time or if you need to access saved tensors after " \
  "calling backward."
#define BS_MSG_NO_GRAD_FN \
  "element %u of tensors does not require grad and does not have a grad_fn"
#define BS_MSG_IMPLICIT_GRAD "grad can be implicitly created only for scalar outputs"
#define BS_MSG_SUB_TWO_BOOLS \
  "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or " \
  "`logical_xor()` operator instead."
#define BS_MSG_SUB_BOOL \
  "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to " \
  "invert a mask, use the `~` or `logical_not()` operator instead."
#define BS_MSG_LEAF_INPLACE \
  "a leaf Variable that requires grad is being used in an in-place operation."
#define BS_MSG_UNUSED_INPUT \
  "One of the differentiated Tensors appears to not have been used in the graph. " \
  "Set allow_unused=True if this is the desired behavior."
#define BS_MSG_HINT_ANOMALY_OFF \
  " Hint: enable anomaly detection to find the operation that failed to compute its " \
  "gradient, with torch.autograd.set_detect_anomaly(True)."
#define BS_MSG_HINT_ANOMALY_ON \
  " Hint: the backtrace further above shows the operation that failed to compute its " \
  "gradient. The variable in question was changed in there or anywhere later. Good luck!"

G_END_DECLS
