/* bs-run-match.c: what two runs of two versions of a script have in common */
#define G_LOG_DOMAIN "bs-trace"

#include <string.h>

#include "bs-run-match.h"

#define MAX_DIFF_CELLS (4 * 1000 * 1000)   /* beyond, only the lines around an edit match */

/* One run's keys: what each tensor, node and step is known by (0: by nothing). */
typedef struct {
  BsTrace *trace;
  guint64 *tensors;     /* n_tensors + 1 */
  guint64 *nodes;       /* n_nodes + 1 */
  guint64 *steps;       /* n_steps */
} Keys;

struct _BsRunMatch {
  Keys        from;
  Keys        to;
  GArray     *lines;        /* int: from's line -> to's, 0: removed */
  GHashTable *to_tensors;   /* guint64 key (pointing into to.tensors) -> id */
  GHashTable *to_nodes;
  GHashTable *to_steps;
  GHashTable *from_tensors; /* the same for from */
  GHashTable *from_nodes;
  GHashTable *from_steps;
};

static guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  h ^= h >> 27;
  h *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  h ^= h >> 31;
  return h;
}

static guint64
mix_string (guint64     h,
            const char *text)
{
  return mix (h, text != NULL ? g_str_hash (text) + 1 : 0);
}

static GHashTable *
occurrences_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

/* key plus how many keys before it (counted in seen) said the same: the second tensor
 * made the same way is not the first. 0 stays 0. */
static guint64
number_key (GHashTable *seen,
            guint64     key)
{
  guint64 count;

  if (key == 0)
    return 0;
  count = GPOINTER_TO_SIZE (g_hash_table_lookup (seen, &key));
  g_hash_table_replace (seen, g_memdup2 (&key, sizeof key), GSIZE_TO_POINTER (count + 1));
  return mix (key, count) | 1;
}

static void
key_tensors (Keys *keys)
{
  guint32 n = bs_trace_get_n_tensors (keys->trace);
  g_autoptr(GHashTable) seen = occurrences_new ();

  keys->tensors = g_new0 (guint64, n + 1);
  for (guint32 t = 1; t <= n; t++)
    {
      const BsTraceTensor *tensor = bs_trace_get_tensor (keys->trace, t);
      const guint32 *inputs = tensor->n_inputs > 0
                              ? bs_trace_get_list (keys->trace, tensor->inputs) : NULL;
      guint64 h;

      if (tensor->grad_fn != 0)
        h = mix_string ('N', bs_trace_get_string (keys->trace, bs_trace_get_node (
                                                    keys->trace, tensor->grad_fn)->name));
      else if (tensor->op != 0)
        h = mix_string ('O', bs_trace_get_string (keys->trace, tensor->op));
      else
        h = mix_string ('L', bs_trace_get_string (keys->trace, tensor->name));
      for (guint32 i = 0; i < tensor->n_inputs; i++)
        /* an input is known before its result, unless it was first seen after it */
        h = mix (h, inputs[i] < t ? keys->tensors[inputs[i]] : 0);
      keys->tensors[t] = number_key (seen, h);
    }
}

static void
key_nodes (Keys *keys)
{
  guint32 n = bs_trace_get_n_nodes (keys->trace);
  g_autoptr(GHashTable) seen = occurrences_new ();

  keys->nodes = g_new0 (guint64, n + 1);
  for (guint32 id = 1; id <= n; id++)
    {
      const BsTraceNode *node = bs_trace_get_node (keys->trace, id);
      guint64 tensor = node->tensor != 0 && node->tensor <= bs_trace_get_n_tensors (keys->trace)
                       ? keys->tensors[node->tensor] : 0;

      keys->nodes[id] = number_key (seen, mix (mix_string (node->is_accumulate ? 'A' : 'G',
                                                           bs_trace_get_string (keys->trace,
                                                                                node->name)),
                                               tensor));
    }
}

static guint64
tensor_key (Keys    *keys,
            guint32  tensor)
{
  return tensor != 0 && tensor <= bs_trace_get_n_tensors (keys->trace) ? keys->tensors[tensor]
                                                                         : 0;
}

static guint64
node_key (Keys    *keys,
          guint32  node)
{
  return node != 0 && node <= bs_trace_get_n_nodes (keys->trace) ? keys->nodes[node] : 0;
}

/* lines: this run's line -> the line both runs' statement keys use (NULL: itself). */
static void
key_steps (Keys   *keys,
           GArray *lines)
{
  guint64 n = bs_trace_get_n_steps (keys->trace);
  g_autoptr(GHashTable) seen = occurrences_new ();

  keys->steps = g_new0 (guint64, MAX (n, 1));
  for (guint64 step = 1; step < n; step++)
    {
      gint64 index = bs_trace_get_step_event (keys->trace, step);
      const BsTraceEvent *event;
      guint64 h = 0;

      if (index < 0)
        continue;
      event = bs_trace_get_event (keys->trace, (guint64) index);
      switch ((BsTraceEventType) event->type)
        {
        case BS_TRACE_EVENT_STATEMENT:
          {
            const BsTraceSpan *span = bs_trace_get_statement (keys->trace, event->aux);
            int line = span != NULL ? span->line : 0;

            if (lines != NULL)
              line = line > 0 && (guint) line < lines->len ? g_array_index (lines, int, line)
                                                            : 0;
            h = line > 0 ? mix ('S', (guint64) line) : 0;
          }
          break;
        case BS_TRACE_EVENT_EDGE:
          h = mix (mix (mix (mix (mix ('E', event->backward), node_key (keys, event->node)),
                             node_key (keys, event->node2)), event->input_nr), 0);
          break;
        case BS_TRACE_EVENT_ACCUMULATE:
          h = mix (mix ('C', event->backward), tensor_key (keys, event->tensor));
          break;
        case BS_TRACE_EVENT_FREED:
          h = mix (mix ('F', event->backward), node_key (keys, event->node));
          break;
        case BS_TRACE_EVENT_GRAD_ZEROED:
          h = mix ('Z', tensor_key (keys, event->tensor));
          break;
        default:
          h = mix ('T', event->type);
          break;
        }
      keys->steps[step] = number_key (seen, h);
    }
}

static GHashTable *
index_keys (const guint64 *keys,
            gsize          n)
{
  GHashTable *table = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (gsize i = 0; i < n; i++)
    if (keys[i] != 0)
      g_hash_table_insert (table, (gpointer) &keys[i], GSIZE_TO_POINTER (i));
  return table;
}

static void
keys_clear (Keys *keys)
{
  g_clear_pointer (&keys->trace, bs_trace_unref);
  g_free (keys->tensors);
  g_free (keys->nodes);
  g_free (keys->steps);
}

BsRunMatch *
bs_run_match_new (BsTrace    *from,
                  const char *from_source,
                  BsTrace    *to,
                  const char *to_source)
{
  BsRunMatch *self;

  g_return_val_if_fail (from != NULL && to != NULL, NULL);

  self = g_new0 (BsRunMatch, 1);
  self->from.trace = bs_trace_ref (from);
  self->to.trace = bs_trace_ref (to);
  if (from_source != NULL && to_source != NULL)
    self->lines = bs_line_map_new (from_source, to_source);
  key_tensors (&self->from);
  key_tensors (&self->to);
  key_nodes (&self->from);
  key_nodes (&self->to);
  key_steps (&self->from, self->lines);
  key_steps (&self->to, NULL);
  self->to_tensors = index_keys (self->to.tensors, bs_trace_get_n_tensors (to) + 1);
  self->to_nodes = index_keys (self->to.nodes, bs_trace_get_n_nodes (to) + 1);
  self->to_steps = index_keys (self->to.steps, MAX (bs_trace_get_n_steps (to), 1));
  self->from_tensors = index_keys (self->from.tensors, bs_trace_get_n_tensors (from) + 1);
  self->from_nodes = index_keys (self->from.nodes, bs_trace_get_n_nodes (from) + 1);
  self->from_steps = index_keys (self->from.steps, MAX (bs_trace_get_n_steps (from), 1));
  return self;
}

void
bs_run_match_free (BsRunMatch *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->to_tensors);
  g_hash_table_unref (self->to_nodes);
  g_hash_table_unref (self->to_steps);
  g_hash_table_unref (self->from_tensors);
  g_hash_table_unref (self->from_nodes);
  g_hash_table_unref (self->from_steps);
  keys_clear (&self->from);
  keys_clear (&self->to);
  if (self->lines != NULL)
    g_array_unref (self->lines);
  g_free (self);
}

BsTrace *
bs_run_match_get_from (BsRunMatch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->from.trace;
}

BsTrace *
bs_run_match_get_to (BsRunMatch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->to.trace;
}

static gboolean
lookup (GHashTable *table,
        guint64     key,
        guint64    *found)
{
  gpointer value;

  if (key == 0 || !g_hash_table_lookup_extended (table, &key, NULL, &value))
    return FALSE;
  *found = GPOINTER_TO_SIZE (value);
  return TRUE;
}

static guint32
find_id (GHashTable *table,
         guint64     key)
{
  guint64 found;

  return lookup (table, key, &found) ? (guint32) found : 0;
}

guint32
bs_run_match_tensor (BsRunMatch *self,
                     guint32     from_tensor)
{
  g_return_val_if_fail (self != NULL, 0);
  return find_id (self->to_tensors, tensor_key (&self->from, from_tensor));
}

guint32
bs_run_match_node (BsRunMatch *self,
                   guint32     from_node)
{
  g_return_val_if_fail (self != NULL, 0);
  return find_id (self->to_nodes, node_key (&self->from, from_node));
}

/* The step of the other run for a step of keys' run: the same key, else the nearest
 * matched step before it, moved on by as many steps. */
static guint64
match_step (Keys       *keys,
            GHashTable *other_steps,
            BsTrace    *other,
            guint64     step)
{
  guint64 n = bs_trace_get_n_steps (keys->trace), n_other = bs_trace_get_n_steps (other);
  guint64 found;

  if (n_other == 0)
    return 0;
  step = MIN (step, n > 0 ? n - 1 : 0);
  for (guint64 s = step + 1; s-- > 1;)
    if (lookup (other_steps, keys->steps[s], &found))
      return MIN (found + (step - s), n_other - 1);
  return MIN (step, n_other - 1);
}

guint64
bs_run_match_step (BsRunMatch *self,
                   guint64     from_step)
{
  g_return_val_if_fail (self != NULL, 0);
  return match_step (&self->from, self->to_steps, self->to.trace, from_step);
}

guint32
bs_run_match_tensor_back (BsRunMatch *self,
                          guint32     to_tensor)
{
  g_return_val_if_fail (self != NULL, 0);
  return find_id (self->from_tensors, tensor_key (&self->to, to_tensor));
}

guint32
bs_run_match_node_back (BsRunMatch *self,
                        guint32     to_node)
{
  g_return_val_if_fail (self != NULL, 0);
  return find_id (self->from_nodes, node_key (&self->to, to_node));
}

guint64
bs_run_match_step_back (BsRunMatch *self,
                        guint64     to_step)
{
  g_return_val_if_fail (self != NULL, 0);
  return match_step (&self->to, self->from_steps, self->from.trace, to_step);
}

int
bs_run_match_line (BsRunMatch *self,
                   int         from_line)
{
  g_return_val_if_fail (self != NULL, 0);
  if (self->lines == NULL)
    return from_line;
  return from_line > 0 && (guint) from_line < self->lines->len
         ? g_array_index (self->lines, int, from_line) : 0;
}

/* --- lines --------------------------------------------------------------------------- */

/* Maps the lines of old[a0, a1) and new[b0, b1) that a longest common subsequence pairs. */
static void
map_common (char  **old,
            char  **new,
            guint   a0,
            guint   a1,
            guint   b0,
            guint   b1,
            int    *map)
{
  guint n = a1 - a0, m = b1 - b0;
  g_autofree guint32 *table = NULL;
  guint i = 0, j = 0;

  if (n == 0 || m == 0 || (guint64) (n + 1) * (m + 1) > MAX_DIFF_CELLS)
    return;
  /* table[i][j]: the longest common subsequence of old[a0+i..] and new[b0+j..] */
  table = g_new0 (guint32, (gsize) (n + 1) * (m + 1));
  for (guint ii = n; ii-- > 0;)
    for (guint jj = m; jj-- > 0;)
      table[ii * (m + 1) + jj] = strcmp (old[a0 + ii], new[b0 + jj]) == 0
                                 ? table[(ii + 1) * (m + 1) + jj + 1] + 1
                                 : MAX (table[(ii + 1) * (m + 1) + jj],
                                        table[ii * (m + 1) + jj + 1]);
  while (i < n && j < m)
    {
      if (strcmp (old[a0 + i], new[b0 + j]) == 0)
        {
          map[a0 + i + 1] = (int) (b0 + j + 1);
          i++;
          j++;
        }
      else if (table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1])
        i++;
      else
        j++;
    }
}

GArray *
bs_line_map_new (const char *old_text,
                 const char *new_text)
{
  g_auto(GStrv) old = g_strsplit (old_text, "\n", -1);
  g_auto(GStrv) new = g_strsplit (new_text, "\n", -1);
  guint n_old = g_strv_length (old), n_new = g_strv_length (new);
  guint prefix = 0, suffix = 0, last_old = 0, last_new = 0;
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (int));
  int *map;

  g_array_set_size (lines, n_old + 1);
  map = (int *) (gpointer) lines->data;
  while (prefix < n_old && prefix < n_new && strcmp (old[prefix], new[prefix]) == 0)
    {
      map[prefix + 1] = (int) prefix + 1;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_new - prefix
         && strcmp (old[n_old - 1 - suffix], new[n_new - 1 - suffix]) == 0)
    {
      map[n_old - suffix] = (int) (n_new - suffix);
      suffix++;
    }
  map_common (old, new, prefix, n_old - suffix, prefix, n_new - suffix, map);
  /* Between two kept lines, as many rewritten lines as new ones: line by line. */
  for (guint i = 1; i <= n_old + 1; i++)
    {
      guint next_new = i <= n_old ? (guint) map[i] : n_new + 1;

      if (i <= n_old && map[i] == 0)
        continue;
      if (next_new > last_new && next_new - last_new == i - last_old)
        for (guint k = last_old + 1; k < i; k++)
          map[k] = (int) (last_new + (k - last_old));
      last_old = i;
      last_new = next_new;
    }
  return lines;
}
