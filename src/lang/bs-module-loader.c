/* bs-module-loader.c: import by name, and the standard modules written in Python
 * (src/lang/py/NAME.py, compiled in as a GResource), run in a scope of their own at their
 * first import. A submodule
 * (torch.utils.data: py/torch.utils.data.py) becomes its parent's attribute, as in Python,
 * and is also loaded when a script first reads it as that attribute (torch.nn.init after
 * import torch, as PyTorch's own import makes it available). */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-interp-stages.h"
#include "bs-builtins-private.h"

#include "bs-api-names.h"
#include "bs-lang-py-resources.h"
#include "bs-np-array.h"
#include "bs-parser.h"

#include <string.h>

#define RESOURCE_PREFIX "/org/backstep/lang/py/"

gboolean
bs_module_load_python (BsInterp   *in,
                       const char *name,
                       BsValue    *out,
                       gboolean   *found)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, ".py", NULL);
  g_autofree char *filename = g_strconcat ("<backstep>/", name, ".py", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  BsAst *ast;
  BsAstNode *root;
  BsValue module, ret = BS_NONE;
  BsModule *m;
  BsEnv *env, *globals = in->globals;
  BsFrame frame = { 0 };
  BsExecResult r;
  const char *key;
  BsValue *value;
  guint i = 0;
  gsize size;
  const char *source;

  *out = BS_NONE;
  *found = FALSE;
  bytes = g_resource_lookup_data (bs_lang_py_get_resource (), path,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return TRUE;
  *found = TRUE;
  source = g_bytes_get_data (bytes, &size);
  ast = bs_parse_interned (source, size, filename, in->names, &error);
  if (ast == NULL)
    return bs_raise (in, "ImportError", "Backstep's module %s does not parse: %s", name,
                     error->message);
  g_ptr_array_add (in->asts, ast);
  root = bs_ast_get_root (ast);
  module = bs_module_new (in, name);
  m = (BsModule *) module.as.object;
  env = bs_env_new (in, NULL);
  bs_env_set (env, "__name__", bs_str_value (in, name));
  frame.parent = in->frame;
  frame.env = env;
  frame.name = "<module>";
  frame.filename = bs_ast_get_filename (ast);
  frame.source = bs_ast_get_source (ast, NULL);
  frame.is_prelude = TRUE;
  frame.first_arg = BS_NONE;
  frame.line = 1;
  /* its functions see its names as their globals */
  in->globals = env;
  in->frame = &frame;
  r = bs_exec_block (in, root->module.body.items, root->module.body.len, &ret);
  in->frame = frame.parent;
  in->globals = globals;
  bs_value_unref (ret);
  while (bs_env_next (env, &i, &key, &value))
    bs_dict_set_str (m->dict, key, bs_value_ref (*value));
  bs_value_unref (BS_OBJECT (env));
  if (r == BS_EXEC_ERROR)
    {
      BsValue key_value = bs_str_value (in, name);

      bs_dict_remove (in->modules, key_value);
      bs_value_unref (key_value);
      bs_value_unref (module);
      return FALSE;
    }
  {
    /* the parent (imported first, as Python does) gets the submodule as its attribute */
    const char *dot = strrchr (name, '.');

    if (dot != NULL)
      {
        g_autofree char *parent_name = g_strndup (name, dot - name);
        BsValue parent;

        if (!bs_import_module (in, parent_name, &parent))
          {
            bs_value_unref (module);
            return FALSE;
          }
        if (bs_value_is_object (parent, BS_OBJECT_MODULE))
          bs_dict_set_str (((BsModule *) parent.as.object)->dict, dot + 1,
                           bs_value_ref (module));
        bs_value_unref (parent);
      }
  }
  *out = module;
  return TRUE;
}

gboolean
bs_module_load_submodule (BsInterp   *in,
                          BsValue     parent,
                          const char *attr,
                          BsValue    *out,
                          gboolean   *found)
{
  g_autofree char *name = g_strconcat (((BsModule *) parent.as.object)->name, ".", attr, NULL);
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, ".py", NULL);

  *found = FALSE;
  if (!g_resource_get_info (bs_lang_py_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                            NULL, NULL, NULL))
    return TRUE;
  if (!bs_import_module (in, name, out))
    return FALSE;
  *found = TRUE;
  return TRUE;
}

/* --- modules ----------------------------------------------------------- */

static const char *const refused_modules[] = {
  "os", "subprocess", "socket", "shutil", "pathlib", "io", "builtins", "importlib",
  "ctypes", "pickle", "urllib", "http", "requests", "signal", "threading", "multiprocessing",
  "glob", "tempfile", "gc", "code", "pty", "posix", "select", "asyncio", NULL,
};

gboolean
bs_import_module (BsInterp   *in,
                  const char *name,
                  BsValue    *out)
{
  BsValue m;
  g_autofree char *top = g_strdup (name);
  char *dot = strchr (top, '.');

  if (bs_dict_get_str (in->modules, name, &m))
    {
      *out = bs_value_ref (m);
      return TRUE;
    }
  if (dot != NULL)
    *dot = '\0';
  for (guint i = 0; refused_modules[i] != NULL; i++)
    if (strcmp (top, refused_modules[i]) == 0)
      return bs_raise (in, "ImportError", "import of '%s' is refused by Backstep: scripts cannot "
                       "access files, the network, processes or the environment", name);
  if (strcmp (top, "numpy") == 0)
    return bs_np_import (in, name, out);
  {
    gboolean found;

    if (!bs_module_load_python (in, name, out, &found))
      return FALSE;
    if (found)
      return TRUE;
  }
  if (dot != NULL)
    {
      /* a submodule the library has: torch.distributions */
      const char *after = name + (dot - top) + 1, *next = strchr (after, '.');
      g_autofree char *first = g_strndup (after, next != NULL ? (gsize) (next - after)
                                                               : strlen (after));
      g_autofree char *lacking = bs_api_names_missing_message (top, first);

      if (lacking != NULL)
        return bs_raise (in, "ModuleNotFoundError", "No module named '%s' (%s)", name, lacking);
    }
  return bs_raise (in, "ModuleNotFoundError", "No module named '%s' (Backstep provides torch, "
                   "numpy, matplotlib.pyplot and Python's math, random, time, sys, collections, "
                   "itertools, functools, copy, string, typing, dataclasses, warnings, re, abc, "
                   "contextlib, inspect and types)",
                   name);
}
