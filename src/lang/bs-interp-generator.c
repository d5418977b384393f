/* bs-interp-generator.c: generator functions (yield, yield from, send, close)
 *
 * A generator's body runs on a thread of its own, so that a yield anywhere in it (in a
 * loop, a try block, an expression) keeps its whole state, as a suspended CPython frame
 * does. Only one thread runs the interpreter at any time: resuming a generator hands the
 * interpreter to its thread and waits until the body yields, returns or raises, and a
 * yield hands it back. Each side keeps its own frame, depths and handled exception while
 * the other runs. The thread starts at the first next() and ends with the body; a
 * generator dropped half-way is closed (GeneratorExit at its yield, finally blocks run),
 * and the interpreter closes those still suspended before it frees its objects.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"
#include "bs-signature.h"

typedef enum {
  GEN_CREATED,
  GEN_SUSPENDED,
  GEN_RUNNING,
  GEN_DONE,
} BsPyGeneratorState;

struct _BsPyGenerator {
  BsInterp         *in;          /* Borrowed */
  BsValue           func;        /* Owned: the generator function */
  BsEnv            *env;         /* Owned: its locals, bound at the call */
  BsValue           first_arg;   /* Borrowed from env: for super() */
  BsPyGeneratorState  state;
  GThread          *thread;      /* Owned */
  GMutex            lock;
  GCond             cond;
  gboolean          body_turn;   /* the body's thread runs the interpreter */
  gboolean          closing;     /* resumed by close(): GeneratorExit at the yield */

  /* The body's frame and its state while suspended */
  BsFrame           frame;
  BsFrame          *yield_frame;
  int               rel_expr_depth;
  int               rel_call_depth;
  BsValue           handling;    /* Borrowed */

  /* The resumer's state */
  BsFrame          *caller_frame;
  int               caller_call_depth;
  int               caller_expr_depth;

  /* Handed between the two */
  BsValue           transfer;    /* Owned: the value yielded, or sent in */
  BsValue           result;      /* Owned: what the body returned */
  BsValue           throwing;    /* Owned: what throw() raises at the yield, or None */
  int               outcome;     /* 1 yielded, 0 returned, -1 raised (in->exc) */
};

typedef struct _BsPyGenerator BsPyGenerator;

static const BsNativeType generator_type;

static BsPyGenerator *
generator_of (BsValue v)
{
  return bs_value_native (v, &generator_type.base);
}

/* --- the body's thread --------------------------------------------------- */

/* The body's side: gives the interpreter to the resumer, and waits for it back unless the
 * body has finished. */
static void
hand_back (BsPyGenerator *g,
           gboolean     finished)
{
  g_mutex_lock (&g->lock);
  g->body_turn = FALSE;
  g_cond_broadcast (&g->cond);
  while (!finished && !g->body_turn)
    g_cond_wait (&g->cond, &g->lock);
  g_mutex_unlock (&g->lock);
}

static gpointer
body_main (gpointer data)
{
  BsPyGenerator *g = data;
  BsInterp *in = g->in;
  BsFunction *f = (BsFunction *) g->func.as.object;
  BsValue ret = BS_NONE;
  BsExecResult r;

  g->frame.parent = g->caller_frame;
  in->frame = &g->frame;
  in->call_depth = g->caller_call_depth + 1;
  if (g->closing)
    r = BS_EXEC_NORMAL;
  else
    r = bs_exec_block (in, f->body, f->n_body, &ret);
  if (r == BS_EXEC_ERROR)
    {
      g->outcome = -1;
      if (in->fatal == NULL && bs_value_is_object (in->exc, BS_OBJECT_INSTANCE)
          && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "StopIteration")))
        {
          BsValue stop = in->exc;

          in->exc = BS_NONE;
          bs_raise (in, "RuntimeError", "generator raised StopIteration");
          bs_dict_set_str (((BsInstance *) in->exc.as.object)->dict, "__cause__", stop);
          bs_dict_set_str (((BsInstance *) in->exc.as.object)->dict, "__suppress_context__",
                           BS_BOOL (TRUE));
        }
    }
  else
    {
      g->outcome = 0;
      g->result = ret;
    }
  hand_back (g, TRUE);
  return NULL;
}

/* The body's side of a yield: hands value (taken) to the resumer; *sent is what the next
 * resumption sends in. */
static gboolean
yield_value (BsInterp    *in,
             BsPyGenerator *g,
             BsValue      value,
             BsValue     *sent)
{
  BsValue handling = in->handling;

  *sent = BS_NONE;
  g->transfer = value;
  g->outcome = 1;
  g->yield_frame = in->frame;
  g->rel_expr_depth = in->expr_depth - g->caller_expr_depth;
  g->rel_call_depth = in->call_depth - g->caller_call_depth;
  hand_back (g, FALSE);
  /* resumed, maybe from another place than last time */
  g->frame.parent = g->caller_frame;
  in->frame = g->yield_frame;
  in->expr_depth = g->caller_expr_depth + g->rel_expr_depth;
  in->call_depth = g->caller_call_depth + g->rel_call_depth;
  in->handling = handling;
  if (!bs_value_is_none (g->throwing))
    {
      BsValue exc = g->throwing;

      g->throwing = BS_NONE;
      bs_value_unref (g->transfer);
      g->transfer = BS_NONE;
      bs_raise_value (in, exc);
      return FALSE;
    }
  if (g->closing)
    {
      BsValue exc;

      bs_value_unref (g->transfer);
      g->transfer = BS_NONE;
      if (bs_call_simple (in, bs_lookup_builtin (in, "GeneratorExit"), NULL, 0, &exc))
        bs_raise_value (in, exc);
      return FALSE;
    }
  *sent = g->transfer;
  g->transfer = BS_NONE;
  return TRUE;
}

/* --- the resumer's side ------------------------------------------------------ */

/* Runs the body until it yields (1, *out set), returns (0) or raises (-1); takes sent. */
static int
resume (BsInterp    *in,
        BsPyGenerator *g,
        BsValue      sent,
        BsValue     *out)
{
  BsFrame *frame = in->frame;
  int call_depth = in->call_depth, expr_depth = in->expr_depth;
  int max_depth = in->options.max_recursion > 0 ? in->options.max_recursion : 1000;
  BsValue handling = in->handling;
  BsFunction *f = (BsFunction *) g->func.as.object;

  *out = BS_NONE;
  if (g->state == GEN_DONE)
    {
      bs_value_unref (sent);
      return 0;
    }
  if (g->state == GEN_RUNNING)
    {
      bs_value_unref (sent);
      return bs_raise (in, "ValueError", "generator already executing"), -1;
    }
  if (in->call_depth + 1 >= max_depth)
    {
      bs_value_unref (sent);
      return bs_raise (in, "RecursionError", "maximum recursion depth exceeded"), -1;
    }
  g->caller_frame = frame;
  g->caller_call_depth = call_depth;
  g->caller_expr_depth = expr_depth;
  g->transfer = sent;
  g_mutex_lock (&g->lock);
  g->body_turn = TRUE;
  if (g->state == GEN_CREATED)
    {
      g_autoptr(GError) error = NULL;

      g->frame.env = g->env;
      g->frame.func = f;
      g->frame.scope = BS_SCOPE_FUNCTION;
      g->frame.qualname = f->qualname;
      g->frame.first_arg = g->first_arg;
      g->frame.name = f->name;
      g->frame.filename = f->filename;
      g->frame.source = f->source;
      g->frame.is_prelude = f->is_prelude;
      g->frame.line = f->args->span.line;
      g->frame.generator = g;
      g->thread = g_thread_try_new ("bs-generator", body_main, g, &error);
      if (g->thread == NULL)
        {
          g->body_turn = FALSE;
          g_mutex_unlock (&g->lock);
          g->state = GEN_DONE;
          return bs_raise (in, "MemoryError", "cannot start the generator: %s",
                           error->message), -1;
        }
      g_ptr_array_add (in->generators, g);
    }
  else
    g_cond_broadcast (&g->cond);
  g->state = GEN_RUNNING;
  while (g->body_turn)
    g_cond_wait (&g->cond, &g->lock);
  g_mutex_unlock (&g->lock);
  in->frame = frame;
  in->call_depth = call_depth;
  in->expr_depth = expr_depth;
  in->handling = handling;
  if (g->outcome == 1)
    {
      g->state = GEN_SUSPENDED;
      *out = g->transfer;
      g->transfer = BS_NONE;
      return 1;
    }
  g->state = GEN_DONE;
  g_thread_join (g_steal_pointer (&g->thread));
  g_ptr_array_remove_fast (in->generators, g);
  return g->outcome;
}

/* close(): GeneratorExit at the yield; FALSE with an exception when the body raises
 * another one or yields again. */
static gboolean
close_generator (BsInterp    *in,
                 BsPyGenerator *g)
{
  BsValue out;
  int r;

  if (g->state == GEN_CREATED)
    g->state = GEN_DONE;
  if (g->state != GEN_SUSPENDED)
    return TRUE;
  g->closing = TRUE;
  r = resume (in, g, BS_NONE, &out);
  g->closing = FALSE;
  if (r > 0)
    {
      bs_value_unref (out);
      /* it goes on yielding: stop it for good below */
      bs_raise (in, "RuntimeError", "generator ignored GeneratorExit");
      return FALSE;
    }
  if (r < 0 && bs_exception_matches (in, in->exc, bs_lookup_builtin (in, "GeneratorExit")))
    {
      bs_value_unref (in->exc);
      in->exc = BS_NONE;
      return TRUE;
    }
  return r == 0;
}

/* A generator still suspended when nothing runs Python any more: no statement runs (a fatal
 * error is set), so that GeneratorExit unwinds the body whatever it catches. */
static void
close_for_good (BsInterp    *in,
                BsPyGenerator *g)
{
  gboolean had_fatal = in->fatal != NULL;
  BsValue exc = in->exc;

  in->exc = BS_NONE;
  if (!had_fatal)
    in->fatal = g_error_new_literal (BS_INTERP_ERROR, BS_INTERP_ERROR_CANCELLED, "closing");
  while (g->state == GEN_SUSPENDED)
    close_generator (in, g);
  if (!had_fatal)
    g_clear_error (&in->fatal);
  bs_value_unref (in->exc);
  in->exc = exc;
}

void
bs_generators_close_all (BsInterp *in)
{
  while (in->generators->len > 0)
    {
      BsPyGenerator *g = g_ptr_array_index (in->generators, in->generators->len - 1);

      close_for_good (in, g);
      if (g->state != GEN_DONE)
        {
          /* cannot happen: a body without statements to run ends */
          g_ptr_array_remove_fast (in->generators, g);
        }
    }
}

static void
generator_free (gpointer data)
{
  BsPyGenerator *g = data;

  if (g->state == GEN_SUSPENDED)
    {
      BsInterp *in = g->in;
      BsValue exc = in->exc;
      BsValue handling = in->handling;

      /* as CPython does for a generator no one holds: close it */
      in->exc = BS_NONE;
      if (!close_generator (in, g))
        close_for_good (in, g);
      bs_value_unref (in->exc);
      in->exc = exc;
      in->handling = handling;
    }
  bs_value_unref (g->func);
  bs_value_unref (BS_OBJECT (g->env));
  bs_value_unref (g->transfer);
  bs_value_unref (g->result);
  bs_value_unref (g->throwing);
  g_mutex_clear (&g->lock);
  g_cond_clear (&g->cond);
  g_free (g);
}

BsValue
bs_py_generator_new (BsInterp   *in,
                  BsFunction *f,
                  BsEnv      *env)
{
  BsPyGenerator *g = g_new0 (BsPyGenerator, 1);
  BsAstNode *args = f->args;

  g->in = in;
  g->func = bs_value_ref (BS_OBJECT (f));
  g->env = env;
  g->first_arg = BS_NONE;
  if (args->arguments.args.len > 0)
    {
      BsValue *first = bs_env_find (env, args->arguments.args.items[0]->arg.name);

      if (first != NULL)
        g->first_arg = *first;
    }
  g->transfer = BS_NONE;
  g->result = BS_NONE;
  g->handling = BS_NONE;
  g_mutex_init (&g->lock);
  g_cond_init (&g->cond);
  return bs_native_new (in->heap, &generator_type.base, g);
}

/* --- yield ------------------------------------------------------------------- */

/* yield from: every item of the iterable, sending in what the resumer sends when it is a
 * generator; the value is what that generator returned. */
static gboolean
yield_from (BsInterp    *in,
            BsPyGenerator *g,
            BsValue      iterable,
            BsValue     *out)
{
  BsPyGenerator *sub = generator_of (iterable);
  BsPyIter it;
  BsValue sent = BS_NONE;

  if (sub != NULL)
    {
      for (;;)
        {
          BsValue item;
          int r = resume (in, sub, sent, &item);

          if (r < 0)
            return FALSE;
          if (r == 0)
            {
              *out = bs_value_ref (sub->result);
              return TRUE;
            }
          if (!yield_value (in, g, item, &sent))
            {
              BsValue exc = in->exc;

              in->exc = BS_NONE;
              if (!close_generator (in, sub))
                {
                  bs_value_unref (exc);
                  return FALSE;
                }
              in->exc = exc;
              return FALSE;
            }
        }
    }
  if (!bs_py_iter_init (in, iterable, &it))
    return FALSE;
  for (;;)
    {
      BsValue item;
      int r = bs_py_iter_next (in, &it, &item);

      if (r <= 0)
        {
          bs_py_iter_clear (&it);
          *out = BS_NONE;
          return r == 0;
        }
      if (!yield_value (in, g, item, &sent))
        {
          bs_py_iter_clear (&it);
          return FALSE;
        }
      bs_value_unref (sent);
    }
}

gboolean
bs_eval_yield (BsInterp  *in,
               BsAstNode *node,
               BsValue   *out)
{
  BsPyGenerator *g = in->frame->generator;
  BsValue value = BS_NONE;
  gboolean ok;

  *out = BS_NONE;
  if (g == NULL)
    return bs_raise (in, "SyntaxError", "'yield' outside function");
  if (node->yield.value != NULL && !bs_eval (in, node->yield.value, &value))
    return FALSE;
  if (node->kind == BS_AST_YIELD)
    return yield_value (in, g, value, out);
  ok = yield_from (in, g, value, out);
  bs_value_unref (value);
  return ok;
}

/* --- the generator object ------------------------------------------------------ */

static int
generator_next (BsInterp *in,
                BsValue   self,
                BsValue  *out)
{
  return resume (in, generator_of (self), BS_NONE, out);
}

static gboolean
stop_iteration (BsInterp    *in,
                BsPyGenerator *g)
{
  BsValue exc;
  BsValue value = g->result;

  if (!bs_call_simple (in, bs_lookup_builtin (in, "StopIteration"), &value,
                       bs_value_is_none (value) ? 0 : 1, &exc))
    return FALSE;
  if (!bs_value_is_none (value))
    bs_dict_set_str (((BsInstance *) exc.as.object)->dict, "value", bs_value_ref (value));
  return bs_raise_value (in, exc);
}

static gboolean
method_next (BsInterp *in, BsCall *call, BsValue *r)
{
  int n = resume (in, generator_of (call->self), BS_NONE, r);

  if (n == 0)
    return stop_iteration (in, generator_of (call->self));
  return n > 0;
}

static gboolean
method_send (BsInterp *in, BsCall *call, BsValue *r)
{
  BsPyGenerator *g = generator_of (call->self);
  BsValue value = bs_call_value (call, 1);
  int n;

  if (g->state == GEN_CREATED && !bs_value_is_none (value))
    return bs_raise (in, "TypeError", "can't send non-None value to a just-started generator");
  n = resume (in, g, bs_value_ref (value), r);
  if (n == 0)
    return stop_iteration (in, g);
  return n > 0;
}

static gboolean
method_close (BsInterp *in, BsCall *call, BsValue *r)
{
  *r = BS_NONE;
  return close_generator (in, generator_of (call->self));
}

static gboolean
method_iter (BsInterp *in, BsCall *call, BsValue *r)
{
  *r = bs_value_ref (call->self);
  return TRUE;
}

/* throw(type[, value]): the exception raised at the yield the generator waits at; what
 * it yields next, or StopIteration when it returns */
static gboolean
method_throw (BsInterp *in, BsCall *call, BsValue *r)
{
  BsPyGenerator *g = generator_of (call->self);
  BsValue type = bs_call_value (call, 1), value = bs_call_value (call, 2), exc;
  int n;

  if (call->given[3] && !bs_value_is_none (bs_call_value (call, 3)))
    return bs_raise (in, "NotImplementedError", "generator.throw() with a traceback is not "
                     "supported by Backstep");
  if (bs_is_exception_instance (type))
    {
      if (call->given[2] && !bs_value_is_none (value))
        return bs_raise (in, "TypeError", "instance exception may not have a separate value");
      exc = bs_value_ref (type);
    }
  else if (bs_value_is_object (type, BS_OBJECT_CLASS) && ((BsClass *) type.as.object)->is_exception)
    {
      if (bs_is_exception_instance (value))
        exc = bs_value_ref (value);
      else if (!bs_call_simple (in, type, &value, call->given[2] && !bs_value_is_none (value),
                                &exc))
        return FALSE;
    }
  else
    return bs_raise (in, "TypeError", "exceptions must be classes or instances deriving from "
                     "BaseException, not %s", bs_type_name (type));
  if (g->state != GEN_SUSPENDED)
    {
      /* not started yet, or finished: raised here, and it is finished */
      g->state = GEN_DONE;
      return bs_raise_value (in, exc);
    }
  g->throwing = exc;
  n = resume (in, g, BS_NONE, r);
  if (n == 0)
    return stop_iteration (in, g);
  return n > 0;
}

static const BsSignatureRow rows[] = {
  { "generator", BS_SIG_BUILTIN, "generator.__next__(self, /)", method_next },
  { "generator", BS_SIG_BUILTIN, "generator.throw(self, typ, val=None, tb=None, /)",
    method_throw },
  { "generator", BS_SIG_BUILTIN, "generator.send(self, value, /)", method_send },
  { "generator", BS_SIG_BUILTIN, "generator.close(self, /)", method_close },
  { "generator", BS_SIG_BUILTIN, "generator.__iter__(self, /)", method_iter },
};

const BsSignatureTable bs_generator_table = BS_SIGNATURE_TABLE (rows);

static gboolean
generator_getattr (BsInterp   *in,
                   BsValue     self,
                   const char *name,
                   BsValue    *out,
                   gboolean   *found)
{
  BsPyGenerator *g = generator_of (self);

  *found = TRUE;
  if (bs_py_method_find (in, "generator", self, name, out))
    return TRUE;
  if (g_str_equal (name, "__name__"))
    {
      *out = bs_str_value (in, ((BsFunction *) g->func.as.object)->name);
      return TRUE;
    }
  if (g_str_equal (name, "__qualname__"))
    {
      *out = bs_str_value (in, ((BsFunction *) g->func.as.object)->qualname);
      return TRUE;
    }
  *found = FALSE;
  return TRUE;
}

static gboolean
generator_repr (BsInterp *in,
                BsValue   self,
                GString  *out)
{
  BsFunction *f = (BsFunction *) generator_of (self)->func.as.object;

  g_string_append_printf (out, "<generator object %s at " BS_ADDRESS_FORMAT ">", f->qualname,
                          bs_value_address (self));
  return TRUE;
}

static const BsNativeOps generator_ops = { .next = generator_next };

static const BsNativeType generator_type = {
  { "generator", generator_free }, generator_getattr, NULL, generator_repr, NULL,
  &generator_ops,
};
