/* bs-tensor.h: strided n-dimensional tensors with PyTorch's autograd metadata */
#pragma once

#include "bs-types.h"
#include "bs-dtype.h"
#include "bs-storage.h"

G_BEGIN_DECLS

/* A hook gets the gradient and returns a replacement (a new reference), or NULL
 * to keep it; on failure it sets error and returns NULL. */
typedef BsTensor *(*BsHookFunc) (BsTensor  *grad,
                                 gpointer   user_data,
                                 GError   **error);

typedef struct {
  BsHookFunc     func;
  gpointer       user_data;
  GDestroyNotify destroy;
  guint          id;
  guint          output_nr;   /* a node's pre-hook: the output whose gradient it sees */
  gboolean       retain;      /* retain_grad()'s, a list of its own (bs-hooks.h) */
} BsHook;

struct _BsTensor {
  gint        ref_count;
  guint64     id;
  BsContext  *context;               /* Borrowed */
  BsStorage  *storage;               /* Owned */
  BsVersion  *version;               /* Owned, shared with views and detach() */
  gint64      offset;                /* in elements */
  int         ndim;
  gint64      shape[BS_MAX_DIMS];
  gint64      strides[BS_MAX_DIMS];  /* in elements */
  BsDType     dtype;

  guint       requires_grad : 1;     /* a leaf's flag; non-leaves have grad_fn */
  guint       is_wrapped_number : 1; /* a Python scalar promoted to a 0-dim tensor */
  guint       retains_grad : 1;
  guint       is_parameter : 1;      /* an nn.Parameter: printed "Parameter containing:" */
  guint       is_custom_view : 1;    /* an input a custom Function returned as-is: a view
                                      * in-place ops refuse, as PyTorch */
  guint       made_without_grad : 1; /* a view made with grad mode off (or a view of one):
                                      * it requires grad when its base does, as PyTorch's,
                                      * without a history; in-place ops refuse it */
  guint       made_in_inference : 1; /* such a view of a normal tensor made in inference
                                      * mode: PyTorch's messages name inference mode */
  guint       is_inference : 1;      /* made in inference mode (or a view of such a tensor):
                                      * autograd neither records nor saves it */
  guint       has_version : 1;       /* an inference tensor's .data (or a view of it): it
                                      * has a version counter, as PyTorch's */

  BsNode     *grad_fn;               /* Owned */
  guint       output_nr;
  BsNode     *grad_accumulator;      /* Weak: the AccumulateGrad node clears it */
  BsTensor   *grad;                  /* Owned */
  BsTensor   *view_base;             /* Owned: set for views */
  guint64     view_version;          /* a view's version when it was made (PyTorch's
                                      * attr_version) */
  GArray     *hooks;                 /* Owned: BsHook, leaves only */
};

BsTensor   *bs_tensor_ref                (BsTensor       *self);
void        bs_tensor_unref              (BsTensor       *self);

/* Factories: contiguous, zero-filled leaves. */
BsTensor   *bs_tensor_new                (BsContext      *context,
                                          BsDType         dtype,
                                          int             ndim,
                                          const gint64   *shape,
                                          GError        **error);
/* The same, but the elements are not set: for kernels that write them all. */
BsTensor   *bs_tensor_new_uninit         (BsContext      *context,
                                          BsDType         dtype,
                                          int             ndim,
                                          const gint64   *shape,
                                          GError        **error);
BsTensor   *bs_tensor_new_from_doubles   (BsContext      *context,
                                          BsDType         dtype,
                                          int             ndim,
                                          const gint64   *shape,
                                          const double   *values,
                                          GError        **error);
BsTensor   *bs_tensor_new_scalar         (BsContext      *context,
                                          BsDType         dtype,
                                          double          value);
BsTensor   *bs_tensor_new_wrapped_number (BsContext      *context,
                                          double          value,
                                          gboolean        is_integer);
BsTensor   *bs_tensor_new_full           (BsContext      *context,
                                          BsDType         dtype,
                                          int             ndim,
                                          const gint64   *shape,
                                          double          value,
                                          GError        **error);
/* An integral (or bool) dtype's elements all value, wrapped to its width */
BsTensor   *bs_tensor_new_full_int       (BsContext      *context,
                                          BsDType         dtype,
                                          int             ndim,
                                          const gint64   *shape,
                                          gint64          value,
                                          GError        **error);
BsTensor   *bs_tensor_new_like           (BsTensor       *like,
                                          BsDType         dtype,
                                          GError        **error);
/* Emits tensor_created for a leaf made by a factory. */
void        bs_tensor_announce_leaf      (BsTensor       *self);

/* A new tensor sharing self's storage and version counter; no autograd. */
BsTensor   *bs_tensor_alias              (BsTensor       *self,
                                          int             ndim,
                                          const gint64   *shape,
                                          const gint64   *strides,
                                          gint64          offset);

/* Geometry and element access */
gint64      bs_tensor_numel              (const BsTensor *self);
gboolean    bs_tensor_is_contiguous      (const BsTensor *self);
gboolean    bs_tensor_same_shape         (const BsTensor *a,
                                          const BsTensor *b);
/* The first element (at the tensor's offset). */
#define bs_tensor_data(self) \
  ((void *) ((self)->storage->data + (self)->offset * (gint64) bs_dtype_size ((self)->dtype)))
double      bs_tensor_get                (const BsTensor *self,
                                          gint64          linear_index);
void        bs_tensor_set                (BsTensor       *self,
                                          gint64          linear_index,
                                          double          value);
double      bs_tensor_item               (const BsTensor *self);
gint64      bs_tensor_get_int            (const BsTensor *self,
                                          gint64          linear_index);
/* Row-major copy of the elements as doubles; free with g_free(). */
double     *bs_tensor_to_doubles         (const BsTensor *self);
/* Row-major strides, in elements, of a contiguous tensor of this shape. */
void        bs_shape_contiguous_strides  (int             ndim,
                                          const gint64   *shape,
                                          gint64         *strides);
char       *bs_tensor_format_shape       (const BsTensor *self);   /* "[2, 3]" */

/* Raw (untracked) copies */
BsTensor   *bs_tensor_contiguous_copy    (BsTensor       *self,
                                          BsDType         dtype,
                                          GError        **error);
/* Copies src into self elementwise (src broadcast to self's shape), casting. */
gboolean    bs_tensor_copy_from          (BsTensor       *self,
                                          BsTensor       *src,
                                          GError        **error);
void        bs_tensor_bump_version       (BsTensor       *self);
/* As PyTorch's version counter: an inference tensor's, outside inference mode, refuses
 * (after the change was made) with PyTorch's error. */
gboolean    bs_tensor_bump_version_checked (BsTensor     *self,
                                          GError        **error);
guint64     bs_tensor_version            (const BsTensor *self);
/* An inference tensor has no version counter (but its .data has one). */
#define bs_tensor_lacks_version(self) ((self)->is_inference && !(self)->has_version)

/* Autograd metadata */
gboolean    bs_tensor_requires_grad      (const BsTensor *self);
gboolean    bs_tensor_is_leaf            (const BsTensor *self);
gboolean    bs_tensor_set_requires_grad  (BsTensor       *self,
                                          gboolean        requires_grad,
                                          GError        **error);
BsTensor   *bs_tensor_get_grad           (BsTensor       *self);   /* borrowed, may be NULL */
void        bs_tensor_set_grad           (BsTensor       *self,
                                          BsTensor       *grad);
void        bs_tensor_zero_grad          (BsTensor       *self,
                                          gboolean        set_to_none);
gboolean    bs_tensor_retain_grad        (BsTensor       *self,
                                          GError        **error);
guint       bs_tensor_register_hook      (BsTensor       *self,
                                          BsHookFunc      func,
                                          gpointer        user_data,
                                          GDestroyNotify  destroy,
                                          GError        **error);
void        bs_tensor_remove_hook        (BsTensor       *self,
                                          guint           hook_id);
/* A leaf's AccumulateGrad node, created on first use (new reference). */
BsNode     *bs_tensor_grad_accumulator   (BsTensor       *self);
/* detach(): shares storage and version, no history. */
BsTensor   *bs_tensor_detach             (BsTensor       *self);
/* detach_(): self loses its history and requires_grad; refused on a view. */
gboolean    bs_tensor_detach_            (BsTensor       *self,
                                          GError        **error);
/* .data: shares storage, new version counter, no history. */
BsTensor   *bs_tensor_data_alias         (BsTensor       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsTensor, bs_tensor_unref)

G_END_DECLS
