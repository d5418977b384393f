/* bs-ipython-pretty.c: a value as Jupyter displays a cell's last expression
 *
 * IPython's display is not repr(): its pretty printer (IPython.lib.pretty) lays lists,
 * tuples and dicts out within 79 columns, breaking the outermost groups first, one item a
 * line; a value it has no printer for is its repr, a repr of several lines indented where
 * it stands. This is that printer (a Wadler/Oppen layout with a queue of groups by depth),
 * step for step, so that the same value gives the same text.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"

#include <string.h>

#define MAX_WIDTH      79
#define MAX_SEQ_LENGTH 1000

typedef struct {
  int      depth;
  GQueue   breakables;    /* Item *, borrowed */
  gboolean want_break;
} Group;

typedef struct {
  gboolean  is_break;
  GString  *text;         /* the text, or the separator of a breakable */
  int       width;        /* in characters */
  int       indentation;  /* a breakable's */
  Group    *group;        /* a breakable's, borrowed */
} Item;

typedef struct {
  GString   *out;
  int        output_width;
  int        buffer_width;
  GQueue     buffer;      /* Item *, owned */
  GPtrArray *group_stack; /* Group *, borrowed */
  GPtrArray *queue;       /* by depth: GPtrArray of Group *, borrowed */
  GPtrArray *groups;      /* every Group, owned */
  int        indentation;
  GPtrArray *stack;       /* the containers being printed, borrowed: a cycle is "[...]" */
} Printer;

static void
item_free (Item *item)
{
  g_string_free (item->text, TRUE);
  g_free (item);
}

static Group *
group_new (Printer *p,
           int      depth)
{
  Group *group = g_new0 (Group, 1);

  group->depth = depth;
  g_queue_init (&group->breakables);
  g_ptr_array_add (p->groups, group);
  return group;
}

static void
group_free (Group *group)
{
  g_queue_clear (&group->breakables);
  g_free (group);
}

static void
queue_enq (Printer *p,
           Group   *group)
{
  while (group->depth > (int) p->queue->len - 1)
    g_ptr_array_add (p->queue, g_ptr_array_new ());
  g_ptr_array_add (g_ptr_array_index (p->queue, group->depth), group);
}

/* The group to break: the shallowest with breakables (IPython looks for it from the end
 * of its depth's list, then deletes by the same index from the start: kept as it is). */
static Group *
queue_deq (Printer *p)
{
  for (guint d = 0; d < p->queue->len; d++)
    {
      GPtrArray *stack = g_ptr_array_index (p->queue, d);

      for (guint idx = 0; idx < stack->len; idx++)
        {
          Group *group = g_ptr_array_index (stack, stack->len - 1 - idx);

          if (group->breakables.length > 0)
            {
              g_ptr_array_remove_index (stack, idx);
              group->want_break = TRUE;
              return group;
            }
        }
      for (guint i = 0; i < stack->len; i++)
        ((Group *) g_ptr_array_index (stack, i))->want_break = TRUE;
      g_ptr_array_set_size (stack, 0);
    }
  return NULL;
}

static void
queue_remove (Printer *p,
              Group   *group)
{
  if (group->depth < (int) p->queue->len)
    g_ptr_array_remove (g_ptr_array_index (p->queue, group->depth), group);
}

static void
newline (Printer *p,
         int      indentation)
{
  g_string_append_c (p->out, '\n');
  for (int i = 0; i < indentation; i++)
    g_string_append_c (p->out, ' ');
}

/* Writes an item of the buffer; the output's width after it. */
static int
item_output (Printer *p,
             Item    *item,
             int      output_width)
{
  if (!item->is_break)
    {
      g_string_append_len (p->out, item->text->str, item->text->len);
      return output_width + item->width;
    }
  g_queue_pop_head (&item->group->breakables);
  if (item->group->want_break)
    {
      newline (p, item->indentation);
      return item->indentation;
    }
  if (item->group->breakables.length == 0)
    queue_remove (p, item->group);
  g_string_append_len (p->out, item->text->str, item->text->len);
  return output_width + item->width;
}

static void
output_head (Printer *p)
{
  Item *item = g_queue_pop_head (&p->buffer);

  p->output_width = item_output (p, item, p->output_width);
  p->buffer_width -= item->width;
  item_free (item);
}

static void
break_one_group (Printer *p,
                 Group   *group)
{
  while (group->breakables.length > 0)
    output_head (p);
  while (p->buffer.length > 0 && !((Item *) g_queue_peek_head (&p->buffer))->is_break)
    output_head (p);
}

static void
break_outer_groups (Printer *p)
{
  while (MAX_WIDTH < p->output_width + p->buffer_width)
    {
      Group *group = queue_deq (p);

      if (group == NULL)
        return;
      break_one_group (p, group);
    }
}

static void
flush (Printer *p)
{
  Item *item;

  /* IPython adds each item's new output width to the old one here: kept as it is */
  while ((item = g_queue_pop_head (&p->buffer)) != NULL)
    {
      p->output_width += item_output (p, item, p->output_width);
      item_free (item);
    }
  p->buffer_width = 0;
}

static void
text (Printer    *p,
      const char *s,
      gssize      length)
{
  int width = (int) g_utf8_strlen (s, length);
  Item *last = g_queue_peek_tail (&p->buffer);

  if (length < 0)
    length = strlen (s);
  if (p->buffer.length == 0)
    {
      g_string_append_len (p->out, s, length);
      p->output_width += width;
      return;
    }
  if (last->is_break)
    {
      last = g_new0 (Item, 1);
      last->text = g_string_new (NULL);
      g_queue_push_tail (&p->buffer, last);
    }
  g_string_append_len (last->text, s, length);
  last->width += width;
  p->buffer_width += width;
  break_outer_groups (p);
}

static void
breakable (Printer *p)
{
  Group *group = g_ptr_array_index (p->group_stack, p->group_stack->len - 1);
  Item *item;

  if (group->want_break)
    {
      flush (p);
      newline (p, p->indentation);
      p->output_width = p->indentation;
      p->buffer_width = 0;
      return;
    }
  item = g_new0 (Item, 1);
  item->is_break = TRUE;
  item->text = g_string_new (" ");
  item->width = 1;
  item->indentation = p->indentation;
  item->group = group;
  g_queue_push_tail (&group->breakables, item);
  g_queue_push_tail (&p->buffer, item);
  p->buffer_width += 1;
  break_outer_groups (p);
}

/* A forced line break (a multi-line repr's) */
static void
break_ (Printer *p)
{
  Group *group = queue_deq (p);

  if (group != NULL)
    break_one_group (p, group);
  flush (p);
  newline (p, p->indentation);
  p->output_width = p->indentation;
  p->buffer_width = 0;
}

static void
begin_group (Printer    *p,
             int         indent,
             const char *open)
{
  Group *top = g_ptr_array_index (p->group_stack, p->group_stack->len - 1);
  Group *group;

  if (*open != '\0')
    text (p, open, -1);
  group = group_new (p, top->depth + 1);
  g_ptr_array_add (p->group_stack, group);
  queue_enq (p, group);
  p->indentation += indent;
}

static void
end_group (Printer    *p,
           int         dedent,
           const char *close)
{
  Group *group = g_ptr_array_steal_index (p->group_stack, p->group_stack->len - 1);

  p->indentation -= dedent;
  if (group->breakables.length == 0)
    queue_remove (p, group);
  if (*close != '\0')
    text (p, close, -1);
}

static gboolean pretty (Printer *p, BsInterp *in, BsValue value);

/* A value without a printer of its own: its repr, line by line (_repr_pprint) */
static gboolean
pretty_repr (Printer  *p,
             BsInterp *in,
             BsValue   value)
{
  g_autoptr(GString) repr = g_string_new (NULL);
  const char *line;

  const char *at;

  if (!bs_repr (in, value, repr))
    return FALSE;
  /* a class is named by its module and name (_type_pprint): int, __main__.Net */
  if (g_str_has_prefix (repr->str, "<class '") && g_str_has_suffix (repr->str, "'>")
      && strchr (repr->str, ' ') == repr->str + strlen ("<class"))
    {
      text (p, repr->str + strlen ("<class '"), repr->len - strlen ("<class '") - 2);
      return TRUE;
    }
  /* an object with object's repr (_default_pprint): <__main__.A at 0x7f...> */
  if (bs_value_is_object (value, BS_OBJECT_INSTANCE) && repr->str[0] == '<'
      && (at = strstr (repr->str, " object at 0x")) != NULL
      && memchr (repr->str, ' ', at - repr->str) == NULL && repr->str[repr->len - 1] == '>')
    g_string_erase (repr, at - repr->str, strlen (" object"));
  begin_group (p, 0, "");
  line = repr->str;
  for (gboolean first = TRUE; *line != '\0' || first; first = FALSE)
    {
      const char *eol = strchrnul (line, '\n');

      if (!first)
        break_ (p);
      text (p, line, eol - line);
      line = *eol == '\n' ? eol + 1 : eol;
    }
  end_group (p, 0, "");
  return TRUE;
}

/* Where line:col (from 1, columns counting characters) is in source, or NULL. */
static const char *
locate (const char *source,
        int         line,
        int         col)
{
  const char *p = source;

  for (int l = 1; l < line && p != NULL; l++)
    p = (p = strchr (p, '\n')) != NULL ? p + 1 : NULL;
  for (int c = 1; c < col && p != NULL && *p != '\0' && *p != '\n'; c++)
    p = g_utf8_next_char (p);
  return p;
}

/* The text of span in source. */
static void
append_span (GString      *out,
             const char   *source,
             const BsSpan *span)
{
  const char *start = locate (source, span->line, span->col);
  const char *end = locate (source, span->end_line, span->end_col);

  if (start != NULL && end != NULL && end >= start)
    g_string_append_len (out, start, end - start);
}

/* " -> T" when the def whose parameters end at args ends its header with a return
 * annotation */
static void
append_returns (GString      *out,
                const char   *source,
                const BsSpan *args)
{
  const char *p = locate (source, args->end_line, args->end_col);
  const char *end;
  int depth = 0;

  if (p == NULL || (p = strchr (p, ')')) == NULL)
    return;
  for (p++; *p == ' ' || *p == '\t'; p++)
    ;
  if (strncmp (p, "->", 2) != 0)
    return;
  for (p += 2; *p == ' ' || *p == '\t'; p++)
    ;
  for (end = p; *end != '\0' && *end != '\n' && (depth > 0 || *end != ':'); end++)
    depth += (strchr ("([{", *end) != NULL) - (strchr (")]}", *end) != NULL);
  while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  g_string_append_printf (out, " -> %.*s", (int) (end - p), p);
}

/* One parameter as inspect.Signature writes it: "x", "y=2", "x: int", "y: int = 2" */
static gboolean
append_parameter (BsInterp         *in,
                  GString          *out,
                  const BsFunction *f,
                  BsAstNode        *arg,
                  const char       *prefix,
                  const BsValue    *value)
{
  g_string_append_printf (out, "%s%s%s", out->len > 0 ? ", " : "", prefix, arg->arg.name);
  if (arg->arg.annotation != NULL)
    {
      g_string_append (out, ": ");
      append_span (out, f->source, &arg->arg.annotation->span);
    }
  if (value == NULL)
    return TRUE;
  g_string_append (out, arg->arg.annotation != NULL ? " = " : "=");
  return bs_repr (in, *value, out);
}

/* A function defined by the script (_function_pprint): <function __main__.f(x, y=2)> */
static gboolean
pretty_function (Printer    *p,
                 BsInterp   *in,
                 BsFunction *f)
{
  BsAstNode *args = f->args;
  g_autoptr(GString) params = g_string_new (NULL);
  g_autofree char *shown = NULL;

  for (guint i = 0; i < args->arguments.args.len; i++)
    {
      if (!append_parameter (in, params, f, args->arguments.args.items[i], "",
                             f->has_default[i] ? &f->defaults[i] : NULL))
        return FALSE;
      if (i + 1 == args->arguments.n_posonly)
        g_string_append (params, ", /");
    }
  if (args->arguments.vararg != NULL)
    append_parameter (in, params, f, args->arguments.vararg, "*", NULL);
  else if (args->arguments.kwonlyargs.len > 0)
    g_string_append (params, params->len > 0 ? ", *" : "*");
  for (guint i = 0; i < args->arguments.kwonlyargs.len; i++)
    if (!append_parameter (in, params, f, args->arguments.kwonlyargs.items[i], "",
                           f->has_kw_default[i] ? &f->kw_defaults[i] : NULL))
      return FALSE;
  if (args->arguments.kwarg != NULL)
    append_parameter (in, params, f, args->arguments.kwarg, "**", NULL);
  g_string_prepend_c (params, '(');
  g_string_append_c (params, ')');
  if (f->lambda_body == NULL)
    append_returns (params, f->source, &args->span);
  shown = g_strdup_printf ("<function __main__.%s%s>", f->qualname, params->str);
  text (p, shown, -1);
  return TRUE;
}

/* ", " between items, where the line may break; "..." after MAX_SEQ_LENGTH of them */
static gboolean
separate (Printer *p,
          gsize    index)
{
  if (index > 0)
    {
      text (p, ",", 1);
      breakable (p);
    }
  if (index == MAX_SEQ_LENGTH)
    text (p, "...", 3);
  return index < MAX_SEQ_LENGTH;
}

static gboolean
pretty_value (Printer  *p,
              BsInterp *in,
              BsValue   value,
              gboolean  cycle)
{
  gsize n;
  BsValue *items;

  if (bs_value_is_object (value, BS_OBJECT_DICT) && !((BsDict *) value.as.object)->is_ordered)
    {
      GArray *entries = ((BsDict *) value.as.object)->entries;
      gsize index = 0;

      if (cycle)
        {
          text (p, "{...}", -1);
          return TRUE;
        }
      begin_group (p, 1, "{");
      for (guint i = 0; i < entries->len; i++)
        {
          BsDictEntry *e = &g_array_index (entries, BsDictEntry, i);

          if (e->deleted)
            continue;
          if (!separate (p, index++))
            break;
          if (!pretty (p, in, e->key))
            return FALSE;
          text (p, ": ", 2);
          if (!pretty (p, in, e->value))
            return FALSE;
        }
      end_group (p, 1, "}");
      return TRUE;
    }
  if (bs_value_is_object (value, BS_OBJECT_LIST)
      || (bs_value_is_object (value, BS_OBJECT_TUPLE) && !((BsTuple *) value.as.object)->is_size
          && ((BsTuple *) value.as.object)->struct_seq == NULL))
    {
      gboolean list = value.as.object->type == BS_OBJECT_LIST;

      if (cycle)
        {
          text (p, list ? "[...]" : "(...)", -1);
          return TRUE;
        }
      items = bs_value_items (value, &n);
      begin_group (p, 1, list ? "[" : "(");
      for (gsize i = 0; i < n && separate (p, i); i++)
        if (!pretty (p, in, items[i]))
          return FALSE;
      if (!list && n == 1)
        text (p, ",", 1);
      end_group (p, 1, list ? "]" : ")");
      return TRUE;
    }
  if (bs_value_is_object (value, BS_OBJECT_FUNCTION)
      && !((BsFunction *) value.as.object)->is_prelude
      && ((BsFunction *) value.as.object)->source != NULL)
    return pretty_function (p, in, (BsFunction *) value.as.object);
  return pretty_repr (p, in, value);
}

/* Every value in a group of its own, as IPython's RepresentationPrinter.pretty puts it */
static gboolean
pretty (Printer  *p,
        BsInterp *in,
        BsValue   value)
{
  gboolean cycle = value.type == BS_VALUE_OBJECT
                   && g_ptr_array_find (p->stack, value.as.object, NULL);
  gboolean ok;

  if (p->stack->len > 200)
    return bs_raise (in, "RecursionError", "maximum recursion depth exceeded while getting the "
                     "repr of an object");
  g_ptr_array_add (p->stack, value.type == BS_VALUE_OBJECT ? value.as.object : NULL);
  begin_group (p, 0, "");
  ok = pretty_value (p, in, value, cycle);
  if (ok)
    end_group (p, 0, "");
  g_ptr_array_set_size (p->stack, p->stack->len - 1);
  return ok;
}

gboolean
bs_ipython_pretty (BsInterp *in,
                   BsValue   value,
                   GString  *out)
{
  Printer p = { out, 0, 0, G_QUEUE_INIT, g_ptr_array_new (),
                g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref),
                g_ptr_array_new_with_free_func ((GDestroyNotify) group_free), 0,
                g_ptr_array_new () };
  gboolean ok;

  g_ptr_array_add (p.group_stack, group_new (&p, 0));
  queue_enq (&p, g_ptr_array_index (p.group_stack, 0));
  ok = pretty (&p, in, value);
  if (ok)
    flush (&p);
  g_queue_clear_full (&p.buffer, (GDestroyNotify) item_free);
  g_ptr_array_unref (p.group_stack);
  g_ptr_array_unref (p.queue);
  g_ptr_array_unref (p.groups);
  g_ptr_array_unref (p.stack);
  return ok;
}
