/* bs-warnings-module.c: _backstep_warnings, what py/warnings.py needs of the interpreter
 * (the caller's file, line, module and registry, a line's text), and the way in for
 * warnings raised by C code */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-warnings.h"

#include <string.h>

#include "bs-builtins-private.h"

/* The innermost frame of the script (Backstep's own Python is not one) */
static BsFrame *
script_frame (BsFrame *f)
{
  while (f != NULL && f->is_prelude)
    f = f->parent;
  return f;
}

static BsValue
helper_module (BsInterp *in)
{
  BsValue m = BS_NONE;

  bs_dict_get_str (in->modules, "_backstep_warnings", &m);
  return m;
}

/* The globals of a frame: its function's, or the outermost scope of a module's code */
static BsEnv *
frame_globals (BsFrame *f)
{
  BsEnv *env = f->env;

  if (f->func != NULL)
    return f->func->globals;
  while (env->parent != NULL)
    env = env->parent;
  return env;
}

/* globals['__warningregistry__'], made when missing, as CPython's warn() keeps it */
static BsValue
registry_of (BsInterp *in,
             BsEnv    *globals)
{
  BsValue *found = bs_env_lookup (globals, "__warningregistry__");
  BsValue registry;

  if (found != NULL)
    return bs_value_ref (*found);
  registry = bs_dict_new (in->heap);
  bs_env_set (globals, "__warningregistry__", bs_value_ref (registry));
  return registry;
}

/* caller(stacklevel): (filename, lineno, module, registry) of the script's frame
 * stacklevel - 1 frames out from the one calling warn; beyond the outermost, CPython's
 * ("sys", 1, "sys", sys.__warningregistry__) */
DECLARED (warnings_caller)
{
  gint64 level;
  BsFrame *f = script_frame (in->frame);
  BsValue items[4], *name = NULL, sys = BS_NONE;

  if (!bs_to_int (in, bs_call_value (call, 0), &level))
    return FALSE;
  for (; level > 1 && f != NULL; level--)
    f = script_frame (f->parent);
  if (f != NULL)
    {
      BsEnv *globals = frame_globals (f);

      name = bs_env_lookup (globals, "__name__");
      items[0] = bs_str_value (in, f->filename);
      items[1] = BS_INT (f->line);
      items[2] = name != NULL && bs_value_str (*name) != NULL ? bs_value_ref (*name)
                 : bs_str_value (in, "<string>");
      items[3] = registry_of (in, globals);
    }
  else
    {
      BsValue dict;

      bs_dict_get_str (in->modules, "sys", &sys);
      dict = ((BsModule *) sys.as.object)->dict;
      items[0] = bs_str_value (in, "sys");
      items[1] = BS_INT (1);
      items[2] = bs_str_value (in, "sys");
      if (bs_dict_get_str (dict, "__warningregistry__", &items[3]))
        bs_value_ref (items[3]);
      else
        {
          items[3] = bs_dict_new (in->heap);
          bs_dict_set_str (dict, "__warningregistry__", bs_value_ref (items[3]));
        }
    }
  *r = bs_tuple_from (in, items, 4);
  bs_value_unref (items[0]);
  bs_value_unref (items[2]);
  bs_value_unref (items[3]);
  return TRUE;
}

static char *
line_key (const char *filename,
          gint64      lineno)
{
  return g_strdup_printf ("%s:%" G_GINT64_FORMAT, filename, lineno);
}

/* getline(filename, lineno): the line's text, as linecache gives it ('' when unknown): a
 * library line a warning pointed to, else the line of a file being run */
DECLARED (warnings_getline)
{
  const char *filename = bs_value_str (bs_call_value (call, 0));
  g_autofree char *key = NULL;
  BsValue lines, line;
  gint64 lineno;

  if (filename == NULL || !bs_to_int (in, bs_call_value (call, 1), &lineno))
    return bs_raise (in, "TypeError", "getline() needs a file name and a line number");
  key = line_key (filename, lineno);
  if (bs_dict_get_str (((BsModule *) helper_module (in).as.object)->dict, "_lines", &lines)
      && bs_dict_get_str (lines, key, &line))
    {
      *r = bs_value_ref (line);
      return TRUE;
    }
  for (BsFrame *f = in->frame; f != NULL; f = f->parent)
    if (f->source != NULL && f->filename != NULL && strcmp (f->filename, filename) == 0)
      {
        const char *p = f->source;

        for (gint64 i = 1; i < lineno && p != NULL; i++)
          {
            p = strchr (p, '\n');
            if (p != NULL)
              p++;
          }
        if (p != NULL && lineno >= 1)
          {
            g_autofree char *text = g_strndup (p, strcspn (p, "\n"));

            *r = bs_str_value (in, text);
            return TRUE;
          }
        break;
      }
  *r = bs_str_value (in, "");
  return TRUE;
}

DECLARED (warnings_is_class)
{
  *r = BS_BOOL (bs_value_is_object (bs_call_value (call, 0), BS_OBJECT_CLASS));
  return TRUE;
}

/* module(): the warnings module, whose attributes a script may rebind */
DECLARED (warnings_module)
{
  BsValue m = BS_NONE;

  bs_dict_get_str (in->modules, "warnings", &m);
  *r = bs_value_ref (m);
  return TRUE;
}

static const BsSignatureRow rows[] = {
  { "_backstep_warnings", BS_SIG_BUILTIN, "_backstep_warnings.caller(stacklevel, /)",
    warnings_caller },
  { "_backstep_warnings", BS_SIG_BUILTIN, "_backstep_warnings.getline(filename, lineno, /)",
    warnings_getline },
  { "_backstep_warnings", BS_SIG_BUILTIN, "_backstep_warnings.is_class(obj, /)",
    warnings_is_class },
  { "_backstep_warnings", BS_SIG_BUILTIN, "_backstep_warnings.module()", warnings_module },
};

const BsSignatureTable bs_warnings_table = BS_SIGNATURE_TABLE (rows);

void
bs_warnings_module_init (BsInterp *in)
{
  BsValue m = bs_module_new (in, "_backstep_warnings");

  bs_module_add_declared (in, m, "_backstep_warnings", BS_NONE);
  bs_dict_set_str (((BsModule *) m.as.object)->dict, "_lines", bs_dict_new (in->heap));
  bs_value_unref (m);
}

/* --- warnings from C ------------------------------------------------------------- */

/* warnings.<function>(text, category, place...) with the place's filename, lineno and
 * module when there is one (the module's own function, which a script cannot rebind) */
static gboolean
call_warnings (BsInterp             *in,
               const char           *function,
               const char           *category,
               const char           *text,
               const BsWarningPlace *place)
{
  BsValue warnings, fn = BS_NONE, args[5], result;
  guint n = place != NULL ? 5 : 2;
  gboolean ok;

  if (!bs_import_module (in, "warnings", &warnings))
    return FALSE;
  ok = bs_getattr (in, warnings, function, &fn);
  bs_value_unref (warnings);
  if (!ok)
    return FALSE;
  args[0] = bs_str_value (in, text);
  args[1] = bs_lookup_builtin (in, category);
  if (place != NULL)
    {
      args[2] = bs_str_value (in, place->filename);
      args[3] = BS_INT (place->lineno);
      args[4] = bs_str_value (in, place->module);
    }
  ok = bs_call_simple (in, fn, args, n, &result);
  if (ok)
    bs_value_unref (result);
  bs_value_unref (fn);
  bs_value_unref (args[0]);
  if (place != NULL)
    {
      bs_value_unref (args[2]);
      bs_value_unref (args[4]);
    }
  return ok;
}

gboolean
bs_warn (BsInterp   *in,
         const char *category,
         const char *text)
{
  return call_warnings (in, "_warn_c", category, text, NULL);
}

gboolean
bs_warn_at (BsInterp             *in,
            const char           *category,
            const char           *text,
            const BsWarningPlace *place)
{
  BsValue lines;

  if (bs_dict_get_str (((BsModule *) helper_module (in).as.object)->dict, "_lines", &lines))
    {
      g_autofree char *key = line_key (place->filename, place->lineno);

      bs_dict_set_str (lines, key, bs_str_value (in, place->line));
    }
  return call_warnings (in, "_warn_at", category, text, place);
}
