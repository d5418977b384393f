/* bs-context.h: the state a PyTorch program keeps per thread, made explicit */
#pragma once

#include "bs-types.h"
#include "bs-event-sink.h"
#include "bs-pool.h"

G_BEGIN_DECLS

/* Every tensor borrows its context; the context must outlive them all. */
struct _BsContext {
  gboolean           grad_enabled;
  gboolean           anomaly_enabled;
  gboolean           inference_mode;       /* torch.inference_mode: tensors made are
                                            * inference tensors, no op is recorded */
  int                in_backward;          /* >0 while a backward runs a node */
  const BsEventSink *sink;
  gpointer           sink_data;
  BsTape            *tape;                 /* Borrowed: writes down the ops the script runs
                                            * (bs-tape.h); NULL: none */
  BsGenerator       *generator;            /* Owned */
  guint64            next_tensor_id;
  guint64            next_node_id;
  guint64            next_sequence_nr;
  guint64            n_backwards;
  /* One memory budget for everything a script can grow: tensor storage (bytes_in_use,
   * refused past the limit, as PyTorch's allocator refuses), and, charged without refusal
   * (bytes_charged): tensors, autograd nodes, the interpreter's objects, the recorded trace.
   * A charge that ends past bytes_trip sets over_budget, which the interpreter turns into a
   * MemoryError where it can raise one. */
  gsize              bytes_in_use;
  gsize              bytes_peak;
  gsize              bytes_charged;
  gsize              bytes_limit;          /* 0: no limit */
  gsize              bytes_trip;           /* the limit, or more while a MemoryError is handled */
  gboolean           over_budget;
  gint               cancelled;            /* atomic: set from any thread, see below */
  guint64            op_elements_limit;    /* elements one op may read; 0: no limit */
  guint64            elements_read;        /* read and written by every op so far: the work */

  BsPool             tensor_pool;
  BsPool             node_pool;
  BsPool             version_pool;
  BsPool             small_storage_pool;   /* storages of at most BS_SMALL_STORAGE bytes */
};

#define BS_SMALL_STORAGE 64

BsContext *bs_context_new            (void);
void       bs_context_free           (BsContext         *self);
void       bs_context_set_sink       (BsContext         *self,
                                      const BsEventSink *sink,
                                      gpointer           sink_data);
void       bs_context_set_memory_limit (BsContext       *self,
                                      gsize              bytes);
/* Bounds the work of one op: an expanded view can stand for far more elements
 * than memory holds (ones(1).expand(2**40).sum() would run for hours). */
void       bs_context_set_op_limit   (BsContext         *self,
                                      guint64            elements);
gboolean   bs_context_check_op_size  (BsContext         *self,
                                      const char        *op_name,
                                      gint64             n_elements,
                                      GError           **error);
gboolean   bs_context_reserve        (BsContext         *self,
                                      gsize              bytes,
                                      GError           **error);
void       bs_context_release        (BsContext         *self,
                                      gsize              bytes);

/* Asks long ops (a large matrix product) to stop at their next check, from any thread;
 * they fail with BS_ENGINE_ERROR_CANCELLED. */
void       bs_context_cancel         (BsContext         *self);
gboolean   bs_context_check_cancelled (BsContext        *self,
                                      GError           **error);

/* What counts towards the memory budget. */
static inline gsize
bs_context_bytes_used (const BsContext *self)
{
  return self->bytes_in_use + self->bytes_charged;
}

/* Charges memory that cannot be refused where it is allocated (see over_budget). */
static inline void
bs_context_charge (BsContext *self,
                   gsize      bytes)
{
  self->bytes_charged += bytes;
  if (G_UNLIKELY (self->bytes_trip != 0 && bs_context_bytes_used (self) > self->bytes_trip))
    self->over_budget = TRUE;
}

/* The room given to a MemoryError's handler ends once the script let go of memory. */
static inline void
bs_context_end_handler_room (BsContext *self)
{
  if (G_UNLIKELY (self->bytes_trip > self->bytes_limit
                  && bs_context_bytes_used (self) <= self->bytes_limit - self->bytes_limit / 16))
    self->bytes_trip = self->bytes_limit;
}

static inline void
bs_context_uncharge (BsContext *self,
                     gsize      bytes)
{
  self->bytes_charged -= MIN (bytes, self->bytes_charged);
  bs_context_end_handler_room (self);
}

/* True when events of this kind should be emitted: a sink is attached and the
 * engine is not computing gradients internally. */
#define bs_context_emits(ctx, callback) \
  G_UNLIKELY ((ctx)->sink != NULL && (ctx)->sink->callback != NULL)

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsContext, bs_context_free)

G_END_DECLS
