/* bs-sys-module.c: Python's sys module (exit, stdout/stderr, argv, version), and _backstep,
 * the few internals the modules written in Python need (src/lang/py) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <string.h>

BUILTIN (sys_exit)
{
  BsValue exc;

  if (!bs_check_args (in, a, "exit", 0, 1, NULL))
    return FALSE;
  if (!bs_call_simple (in, bs_lookup_builtin (in, "SystemExit"), a->args, a->n_args, &exc))
    return FALSE;
  return bs_raise_value (in, exc);
}

/* stream.write(text): self is 1 for stdout, 2 for stderr */
BUILTIN (stream_write)
{
  const char *text;

  if (!bs_check_args (in, a, "write", 1, 1, NULL))
    return FALSE;
  text = bs_value_str (a->args[0]);
  if (text == NULL)
    return bs_raise (in, "TypeError", "write() argument must be str, not %s",
                     bs_type_name (a->args[0]));
  if (self.as.integer == 1)
    bs_interp_write_stdout (in, text);
  else
    bs_interp_write_stderr (in, text);
  *r = BS_INT (g_utf8_strlen (text, -1));
  return TRUE;
}

BUILTIN (stream_flush)
{
  *r = BS_NONE;
  return bs_check_args (in, a, "flush", 0, 0, NULL);
}

BUILTIN (sys_getrecursionlimit)
{
  if (!bs_check_args (in, a, "getrecursionlimit", 0, 0, NULL))
    return FALSE;
  *r = BS_INT (in->options.max_recursion > 0 ? in->options.max_recursion : 1000);
  return TRUE;
}

BUILTIN (sys_setrecursionlimit)
{
  gint64 n;

  if (!bs_check_args (in, a, "setrecursionlimit", 1, 1, NULL) || !bs_to_int (in, a->args[0], &n))
    return FALSE;
  if (n < 1)
    return bs_raise (in, "ValueError", "recursion limit must be greater or equal than 1");
  in->options.max_recursion = (int) MIN (n, G_MAXINT);
  *r = BS_NONE;
  return TRUE;
}

static BsValue
stream_new (BsInterp   *in,
            BsValue     klass,
            int         fd)
{
  BsValue stream = bs_instance_new (in, klass);
  BsValue dict = ((BsInstance *) stream.as.object)->dict;

  bs_dict_set_str (dict, "write", bs_builtin_new (in, "write", stream_write, BS_INT (fd)));
  bs_dict_set_str (dict, "flush", bs_builtin_new (in, "flush", stream_flush, BS_INT (fd)));
  return stream;
}

void
bs_sys_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "sys");
  BsValue dict = ((BsModule *) m.as.object)->dict;
  BsValue version[5] = { BS_INT (3), BS_INT (11), BS_INT (2), bs_str_value (in, "final"),
                         BS_INT (0) };
  BsValue klass = bs_class_new (in, "TextIOWrapper", BS_NONE);

  bs_module_add (in, m, "exit", sys_exit);
  bs_module_add (in, m, "getrecursionlimit", sys_getrecursionlimit);
  bs_module_add (in, m, "setrecursionlimit", sys_setrecursionlimit);
  bs_dict_set_str (dict, "stdout", stream_new (in, klass, 1));
  bs_dict_set_str (dict, "stderr", stream_new (in, klass, 2));
  bs_dict_set_str (dict, "argv", bs_list_new (in->heap));
  bs_dict_set_str (dict, "version_info", bs_tuple_from (in, version, 5));
  bs_value_unref (version[3]);
  /* the oracle's (Debian 12's python3) */
  bs_dict_set_str (dict, "version",
                   bs_str_value (in, "3.11.2 (main, Apr 28 2025, 14:11:48) [GCC 12.2.0]"));
  bs_dict_set_str (dict, "maxsize", BS_INT (G_MAXINT64));
  bs_dict_set_str (dict, "platform", bs_str_value (in, "linux"));
  bs_dict_set_str (dict, "byteorder", bs_str_value (in, "little"));
  bs_value_unref (klass);
  bs_value_unref (m);
}

/* --- _backstep ---------------------------------------------------------------- */

BUILTIN (bk_new_instance)
{
  if (!bs_check_args (in, a, "new_instance", 1, 1, NULL))
    return FALSE;
  if (!bs_value_is_object (a->args[0], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "new_instance() needs a class");
  *r = bs_instance_new (in, a->args[0]);
  return TRUE;
}

BUILTIN (bk_instance_dict)
{
  if (!bs_check_args (in, a, "instance_dict", 1, 1, NULL))
    return FALSE;
  if (!bs_value_is_object (a->args[0], BS_OBJECT_INSTANCE))
    return bs_raise (in, "TypeError", "instance_dict() needs an instance");
  *r = bs_value_ref (((BsInstance *) a->args[0].as.object)->dict);
  return TRUE;
}

BUILTIN (bk_class_dict)
{
  if (!bs_check_args (in, a, "class_dict", 1, 1, NULL))
    return FALSE;
  if (!bs_value_is_object (a->args[0], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "class_dict() needs a class");
  *r = bs_value_ref (((BsClass *) a->args[0].as.object)->dict);
  return TRUE;
}

BUILTIN (bk_is_instance)
{
  if (!bs_check_args (in, a, "is_instance", 1, 1, NULL))
    return FALSE;
  *r = BS_BOOL (bs_value_is_object (a->args[0], BS_OBJECT_INSTANCE)
                && !((BsClass *) ((BsInstance *) a->args[0].as.object)->klass.as.object)
                      ->is_exception);
  return TRUE;
}

BUILTIN (bk_is_function_or_class)
{
  BsValue v;

  if (!bs_check_args (in, a, "is_function_or_class", 1, 1, NULL))
    return FALSE;
  v = a->args[0];
  *r = BS_BOOL (bs_value_is_object (v, BS_OBJECT_FUNCTION)
                || bs_value_is_object (v, BS_OBJECT_BUILTIN)
                || bs_value_is_object (v, BS_OBJECT_CLASS)
                || bs_value_is_object (v, BS_OBJECT_MODULE)
                || bs_value_is_object (v, BS_OBJECT_BOUND_METHOD));
  return TRUE;
}

/* set_function_name(f, name, cls): f becomes cls.name, as if defined in its body */
BUILTIN (bk_set_function_name)
{
  BsFunction *f;
  BsClass *c;
  const char *name;

  if (!bs_check_args (in, a, "set_function_name", 3, 3, NULL))
    return FALSE;
  name = bs_value_str (a->args[1]);
  if (!bs_value_is_object (a->args[0], BS_OBJECT_FUNCTION) || name == NULL
      || !bs_value_is_object (a->args[2], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "set_function_name() needs a function, a name, a class");
  f = (BsFunction *) a->args[0].as.object;
  c = (BsClass *) a->args[2].as.object;
  f->name = bs_intern (in, name);
  g_free (f->qualname);
  f->qualname = g_strdup_printf ("%s.%s", c->name, name);
  bs_value_unref (f->klass);
  f->klass = bs_value_ref (a->args[2]);
  bs_dict_set_str (c->dict, name, bs_value_ref (a->args[0]));
  *r = BS_NONE;
  return TRUE;
}

void
bs_backstep_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "_backstep");

  bs_module_add (in, m, "new_instance", bk_new_instance);
  bs_module_add (in, m, "instance_dict", bk_instance_dict);
  bs_module_add (in, m, "class_dict", bk_class_dict);
  bs_module_add (in, m, "is_instance", bk_is_instance);
  bs_module_add (in, m, "is_function_or_class", bk_is_function_or_class);
  bs_module_add (in, m, "set_function_name", bk_set_function_name);
  bs_value_unref (m);
}
