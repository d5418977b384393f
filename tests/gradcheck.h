/* gradcheck.h: finite-difference checks of gradients, as torch.autograd.gradcheck */
#pragma once

#include "bs-context.h"
#include "bs-tensor.h"

G_BEGIN_DECLS

/* Computes the function under test; inputs are borrowed, the result is new. */
typedef BsTensor *(*GradcheckFunc) (BsTensor *const *inputs,
                                    guint            n_inputs,
                                    gpointer         user_data,
                                    GError         **error);

/* Compares the Jacobian from backward with central differences (eps 1e-6) in
 * float64, with gradcheck's default tolerances (atol 1e-5, rtol 1e-3).
 * Inputs must be float64 leaves; those with requires_grad are checked.
 * On mismatch, returns FALSE and describes the first differing entry. */
gboolean gradcheck     (GradcheckFunc    func,
                        BsTensor *const *inputs,
                        guint            n_inputs,
                        gpointer         user_data,
                        char           **message);

/* The same for second derivatives: checks the gradient of
 * sum(autograd.grad(func, inputs, v, create_graph=True) · w). */
gboolean gradgradcheck (GradcheckFunc    func,
                        BsTensor *const *inputs,
                        guint            n_inputs,
                        gpointer         user_data,
                        char           **message);

/* Asserts a passing gradcheck, printing the mismatch otherwise. */
#define assert_gradcheck(func, inputs, n, data) \
  G_STMT_START { \
    g_autofree char *gc_message_ = NULL; \
    if (!gradcheck ((func), (inputs), (n), (data), &gc_message_)) \
      g_error ("gradcheck failed: %s", gc_message_); \
  } G_STMT_END

#define assert_gradgradcheck(func, inputs, n, data) \
  G_STMT_START { \
    g_autofree char *gc_message_ = NULL; \
    if (!gradgradcheck ((func), (inputs), (n), (data), &gc_message_)) \
      g_error ("gradgradcheck failed: %s", gc_message_); \
  } G_STMT_END

/* A float64 leaf with the given values, requiring grad. */
BsTensor *make_input (BsContext    *context,
                      int           ndim,
                      const gint64 *shape,
                      const double *values,
                      gboolean      requires_grad);

/* Deterministic pseudo-random values in [-1, 1] (avoids kinks for relu etc.) */
BsTensor *make_random_input (BsContext    *context,
                             int           ndim,
                             const gint64 *shape,
                             guint32       seed);

/* Asserts that tensor's elements equal expected within atol. */
void assert_tensor_close (BsTensor     *tensor,
                          const double *expected,
                          gint64        n,
                          double        atol);

G_END_DECLS
