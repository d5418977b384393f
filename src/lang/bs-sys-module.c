/* bs-sys-module.c: Python's sys module (exit, stdout/stderr, argv, version), and _backstep,
 * the few internals the modules written in Python need (src/lang/py) */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-builtins-private.h"

#include <string.h>

DECLARED (sys_exit)
{
  BsValue exc;

  if (!bs_call_simple (in, bs_lookup_builtin (in, "SystemExit"), &call->values[0],
                       call->given[0] ? 1 : 0, &exc))
    return FALSE;
  return bs_raise_value (in, exc);
}

/* stream.write(text): the receiver is 1 for stdout, 2 for stderr */
DECLARED (stream_write)
{
  const char *text = bs_value_str (bs_call_value (call, 1));

  if (text == NULL)
    return bs_raise (in, "TypeError", "write() argument must be str, not %s",
                     bs_type_name (bs_call_value (call, 1)));
  if (call->self.as.integer == 1)
    bs_interp_write_stdout (in, text);
  else
    bs_interp_write_stderr (in, text);
  *r = BS_INT (g_utf8_strlen (text, -1));
  return TRUE;
}

DECLARED (stream_flush)
{
  *r = BS_NONE;
  return TRUE;
}

DECLARED (sys_getrecursionlimit)
{
  *r = BS_INT (in->options.max_recursion > 0 ? in->options.max_recursion : 1000);
  return TRUE;
}

DECLARED (sys_setrecursionlimit)
{
  gint64 n;

  if (!bs_to_int (in, bs_call_value (call, 0), &n))
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

  bs_dict_set_str (dict, "write",
                   bs_decl_builtin (in, bs_signature_set_find (in->signatures, "TextIOWrapper",
                                                               "write"), BS_INT (fd)));
  bs_dict_set_str (dict, "flush",
                   bs_decl_builtin (in, bs_signature_set_find (in->signatures, "TextIOWrapper",
                                                               "flush"), BS_INT (fd)));
  return stream;
}

static const BsSignatureRow sys_rows[] = {
  { "sys", BS_SIG_BUILTIN, "sys.exit(status=None, /)", sys_exit },
  { "sys", BS_SIG_BUILTIN, "sys.getrecursionlimit()", sys_getrecursionlimit },
  { "sys", BS_SIG_BUILTIN, "sys.setrecursionlimit(limit, /)", sys_setrecursionlimit },
  { "TextIOWrapper", BS_SIG_BUILTIN, "TextIOWrapper.write(self, text, /)", stream_write },
  { "TextIOWrapper", BS_SIG_BUILTIN, "TextIOWrapper.flush(self, /)", stream_flush },
};

const BsSignatureTable bs_sys_table = BS_SIGNATURE_TABLE (sys_rows);

void
bs_sys_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "sys");
  BsValue dict = ((BsModule *) m.as.object)->dict;
  BsValue version[5] = { BS_INT (3), BS_INT (11), BS_INT (2), bs_str_value (in, "final"),
                         BS_INT (0) };
  BsValue klass = bs_class_new (in, "TextIOWrapper", BS_NONE);

  bs_module_add_declared (in, m, "sys", BS_NONE);
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

DECLARED (bk_new_instance)
{
  BsValue *args = call->values;

  if (!bs_value_is_object (args[0], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "new_instance() needs a class");
  *r = bs_instance_new (in, args[0]);
  return TRUE;
}

DECLARED (bk_instance_dict)
{
  BsValue *args = call->values;

  if (!bs_value_is_object (args[0], BS_OBJECT_INSTANCE))
    return bs_raise (in, "TypeError", "instance_dict() needs an instance");
  *r = bs_value_ref (((BsInstance *) args[0].as.object)->dict);
  return TRUE;
}

DECLARED (bk_class_dict)
{
  BsValue *args = call->values;

  if (!bs_value_is_object (args[0], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "class_dict() needs a class");
  *r = bs_value_ref (((BsClass *) args[0].as.object)->dict);
  return TRUE;
}

DECLARED (bk_is_instance)
{
  BsValue *args = call->values;

  *r = BS_BOOL (bs_value_is_object (args[0], BS_OBJECT_INSTANCE)
                && !((BsClass *) ((BsInstance *) args[0].as.object)->klass.as.object)
                      ->is_exception);
  return TRUE;
}

DECLARED (bk_is_function_or_class)
{
  BsValue v = bs_call_value (call, 0);

  *r = BS_BOOL (bs_value_is_object (v, BS_OBJECT_FUNCTION)
                || bs_value_is_object (v, BS_OBJECT_BUILTIN)
                || bs_value_is_object (v, BS_OBJECT_CLASS)
                || bs_value_is_object (v, BS_OBJECT_MODULE)
                || bs_value_is_object (v, BS_OBJECT_BOUND_METHOD));
  return TRUE;
}

/* set_function_name(f, name, cls): f becomes cls.name, as if defined in its body */
DECLARED (bk_set_function_name)
{
  BsValue *args = call->values;
  BsFunction *f;
  BsClass *c;
  const char *name;

  name = bs_value_str (args[1]);
  if (!bs_value_is_object (args[0], BS_OBJECT_FUNCTION) || name == NULL
      || !bs_value_is_object (args[2], BS_OBJECT_CLASS))
    return bs_raise (in, "TypeError", "set_function_name() needs a function, a name, a class");
  f = (BsFunction *) args[0].as.object;
  c = (BsClass *) args[2].as.object;
  f->name = bs_intern (in, name);
  g_free (f->qualname);
  f->qualname = g_strdup_printf ("%s.%s", c->qualname, name);
  bs_value_unref (f->klass);
  f->klass = bs_value_ref (args[2]);
  bs_dict_set_str (c->dict, name, bs_value_ref (args[0]));
  *r = BS_NONE;
  return TRUE;
}

static const BsSignatureRow backstep_rows[] = {
  { "_backstep", BS_SIG_BUILTIN, "_backstep.new_instance(cls, /)", bk_new_instance },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.instance_dict(obj, /)", bk_instance_dict },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.class_dict(cls, /)", bk_class_dict },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.is_instance(obj, /)", bk_is_instance },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.is_function_or_class(obj, /)",
    bk_is_function_or_class },
  { "_backstep", BS_SIG_BUILTIN, "_backstep.set_function_name(function, name, cls, /)",
    bk_set_function_name },
};

const BsSignatureTable bs_backstep_table = BS_SIGNATURE_TABLE (backstep_rows);

void
bs_backstep_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "_backstep");

  bs_module_add_declared (in, m, "_backstep", BS_NONE);
  bs_value_unref (m);
}
