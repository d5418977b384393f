/* bs-py-frame.c: Python's frame objects, what inspect.currentframe() gives (the inspect
 * module is src/lang/py/inspect.py): a running call's names, line and caller.
 *
 * A frame object keeps the scope it shows (f_locals reads it when asked, so it sees the
 * values bound since) and its caller's frame object, made when it was: it stays valid
 * after the call returns, as CPython's does. */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <string.h>

typedef struct {
  BsEnv      *env;         /* Owned: the frame's scope */
  BsEnv      *globals;     /* Owned */
  BsValue     func;        /* Owned: the function it runs, or None */
  char       *name;        /* "<module>", the function's name */
  const char *filename;
  int         line;
  BsValue     back;        /* Owned: the caller's frame object, or None */
} FrameData;

static void
frame_free (gpointer p)
{
  FrameData *d = p;

  bs_value_unref (BS_OBJECT (d->env));
  bs_value_unref (BS_OBJECT (d->globals));
  bs_value_unref (d->func);
  bs_value_unref (d->back);
  g_free (d->name);
  g_free (d);
}

/* A scope's names in the order they were bound, as a new dict */
static BsValue
scope_dict (BsInterp *in,
            BsEnv    *env)
{
  BsValue dict = bs_dict_new (in->heap);
  const char *name;
  BsValue *value;
  guint index = 0;

  while (bs_env_next (env, &index, &name, &value))
    bs_dict_set_str (dict, name, bs_value_ref (*value));
  return dict;
}

static gboolean frame_getattr (BsInterp *in, BsValue self, const char *name, BsValue *out,
                               gboolean *found);
static gboolean frame_repr (BsInterp *in, BsValue self, GString *out);

static const BsNativeType frame_type = {
  { "frame", frame_free }, frame_getattr, NULL, frame_repr, NULL, NULL,
};

static gboolean
frame_getattr (BsInterp   *in,
               BsValue     self,
               const char *name,
               BsValue    *out,
               gboolean   *found)
{
  FrameData *d = bs_value_native (self, &frame_type.base);

  *found = TRUE;
  if (strcmp (name, "f_back") == 0)
    *out = bs_value_ref (d->back);
  else if (strcmp (name, "f_locals") == 0)
    *out = scope_dict (in, d->env);
  else if (strcmp (name, "f_globals") == 0)
    *out = scope_dict (in, d->globals);
  else if (strcmp (name, "f_lineno") == 0)
    {
      /* a frame still running is at its current line */
      int line = d->line;

      for (const BsFrame *f = in->frame; f != NULL; f = f->parent)
        if (f->env == d->env)
          {
            line = f->line;
            break;
          }
      *out = BS_INT (line);
    }
  else
    *found = FALSE;
  return TRUE;
}

static gboolean
frame_repr (BsInterp *in,
            BsValue   self,
            GString  *out)
{
  FrameData *d = bs_value_native (self, &frame_type.base);

  g_string_append_printf (out, "<frame at " BS_ADDRESS_FORMAT ", file '%s', line %d, code %s>",
                          bs_value_address (self), d->filename, d->line, d->name);
  return TRUE;
}

static BsValue
frame_new (BsInterp      *in,
           const BsFrame *frame)
{
  FrameData *d = g_new0 (FrameData, 1);

  d->env = frame->env;
  bs_value_ref (BS_OBJECT (d->env));
  d->globals = frame->func != NULL ? frame->func->globals : in->globals;
  bs_value_ref (BS_OBJECT (d->globals));
  d->func = frame->func != NULL && frame->scope == BS_SCOPE_FUNCTION
            ? bs_value_ref (BS_OBJECT (frame->func)) : BS_NONE;
  d->name = g_strdup (frame->name);
  d->filename = frame->filename;
  d->line = frame->line;
  d->back = BS_NONE;
  return bs_native_new (in->heap, &frame_type.base, d);
}

/* _backstep.frame(depth): the frame object of the frame depth calls out from the running
 * one (1: the caller of the Python function that asks), or None past the outermost */
DECLARED (bk_frame)
{
  gint64 depth;
  const BsFrame *frame = in->frame;
  BsValue *last = r;

  if (!bs_to_int (in, bs_call_value (call, 0), &depth))
    return FALSE;
  if (depth < 0)
    return bs_raise (in, "ValueError", "call stack is not deep enough");
  for (gint64 i = 0; i < depth && frame != NULL; i++)
    frame = frame->parent;
  if (frame == NULL)
    return bs_raise (in, "ValueError", "call stack is not deep enough");
  /* every caller's frame object at once: the frames themselves end with their calls */
  for (; frame != NULL; frame = frame->parent)
    {
      *last = frame_new (in, frame);
      last = &((FrameData *) ((BsNative *) last->as.object)->data)->back;
    }
  return TRUE;
}

static BsValue
arg_name (BsInterp  *in,
          BsAstNode *arg)
{
  return arg != NULL ? bs_str_value (in, arg->arg.name) : BS_NONE;
}

/* _backstep.frame_arguments(frame): (names of the parameters, *args's name or None,
 * **kwargs's name or None), as inspect.getargvalues gives them */
DECLARED (bk_frame_arguments)
{
  FrameData *d = bs_value_native (bs_call_value (call, 0), &frame_type.base);
  BsValue items[3], names;

  if (d == NULL)
    return bs_raise (in, "TypeError", "%s is not a frame", bs_type_name (bs_call_value (call, 0)));
  names = bs_list_new (in->heap);
  items[1] = items[2] = BS_NONE;
  if (!bs_value_is_none (d->func))
    {
      BsAstNode *args = ((BsFunction *) d->func.as.object)->args;

      for (guint i = 0; i < args->arguments.args.len; i++)
        bs_list_append (names, arg_name (in, args->arguments.args.items[i]));
      for (guint i = 0; i < args->arguments.kwonlyargs.len; i++)
        bs_list_append (names, arg_name (in, args->arguments.kwonlyargs.items[i]));
      items[1] = arg_name (in, args->arguments.vararg);
      items[2] = arg_name (in, args->arguments.kwarg);
    }
  items[0] = names;
  *r = bs_tuple_from (in, items, 3);
  for (guint i = 0; i < 3; i++)
    bs_value_unref (items[i]);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "_backstep", BS_SIG_BUILTIN, "_backstep.frame(depth, /)", bk_frame },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.frame_arguments(frame, /)", bk_frame_arguments },
};

const BsSignatureTable bs_py_frame_table = BS_SIGNATURE_TABLE (rows);
