/* bs-signature-set.c: the table's rows grouped by owner and name, and calls through them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-signature.h"

#include <string.h>

struct _BsDecl {
  char          *owner;
  char          *name;
  GPtrArray     *rows;          /* const BsSignatureRow *, the overloads in table order */
  BsSignature  **forms[2];      /* parsed when first called: as a function, as a method */
};

struct _BsSignatureSet {
  GHashTable *owners;           /* owner -> (name -> BsDecl) */
  GPtrArray  *decls;            /* Owned: every BsDecl, in table order */
};

static void
decl_free (BsDecl *decl)
{
  for (guint f = 0; f < 2; f++)
    if (decl->forms[f] != NULL)
      {
        for (guint i = 0; i < decl->rows->len; i++)
          bs_signature_free (decl->forms[f][i]);
        g_free (decl->forms[f]);
      }
  g_ptr_array_unref (decl->rows);
  g_free (decl->owner);
  g_free (decl->name);
  g_free (decl);
}

BsSignatureSet *
bs_signature_set_new (void)
{
  BsSignatureSet *set = g_new0 (BsSignatureSet, 1);

  set->owners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) g_hash_table_unref);
  set->decls = g_ptr_array_new_with_free_func ((GDestroyNotify) decl_free);
  return set;
}

void
bs_signature_set_free (BsSignatureSet *set)
{
  if (set == NULL)
    return;
  g_hash_table_unref (set->owners);
  g_ptr_array_unref (set->decls);
  g_free (set);
}

/* The name a row is found by: the signature's text up to '(', after its last dot. */
static char *
row_name (const BsSignatureRow *row)
{
  const char *open = strchr (row->signature, '(');
  g_autofree char *full = NULL;
  const char *dot;

  if (row->name != NULL)
    return g_strdup (row->name);
  full = g_strndup (row->signature, open != NULL ? open - row->signature
                                                 : (long) strlen (row->signature));
  dot = strrchr (full, '.');
  return g_strdup (dot != NULL ? dot + 1 : full);
}

static void
add_row (BsSignatureSet       *set,
         const char           *owner,
         const BsSignatureRow *row)
{
  GHashTable *names = g_hash_table_lookup (set->owners, owner);
  g_autofree char *name = row_name (row);
  BsDecl *decl;

  if (names == NULL)
    {
      names = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (set->owners, g_strdup (owner), names);
    }
  decl = g_hash_table_lookup (names, name);
  if (decl == NULL)
    {
      decl = g_new0 (BsDecl, 1);
      decl->owner = g_strdup (owner);
      decl->name = g_steal_pointer (&name);
      decl->rows = g_ptr_array_new ();
      g_hash_table_insert (names, decl->name, decl);
      g_ptr_array_add (set->decls, decl);
    }
  g_ptr_array_add (decl->rows, (gpointer) row);
}

void
bs_signature_set_add (BsSignatureSet         *set,
                      const BsSignatureTable *table)
{
  for (guint i = 0; i < table->n_rows; i++)
    {
      const BsSignatureRow *row = &table->rows[i];
      g_auto(GStrv) owners = g_strsplit (row->owner, " ", -1);

      for (guint k = 0; owners[k] != NULL; k++)
        if (owners[k][0] != '\0')
          add_row (set, owners[k], row);
    }
}

const BsDecl *
bs_signature_set_find (BsSignatureSet *set,
                       const char     *owner,
                       const char     *name)
{
  GHashTable *names = g_hash_table_lookup (set->owners, owner);

  return names != NULL ? g_hash_table_lookup (names, name) : NULL;
}

void
bs_signature_set_foreach (BsSignatureSet *set,
                          const char     *owner,
                          void          (*f) (const char *name, const BsDecl *decl,
                                              gpointer user_data),
                          gpointer        user_data)
{
  for (guint i = 0; i < set->decls->len; i++)
    {
      BsDecl *decl = set->decls->pdata[i];

      if (strcmp (decl->owner, owner) == 0)
        f (decl->name, decl, user_data);
    }
}

GPtrArray *
bs_signature_set_rows (BsSignatureSet *set)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (guint i = 0; i < set->decls->len; i++)
    {
      BsDecl *decl = set->decls->pdata[i];

      g_ptr_array_extend (rows, decl->rows, NULL, NULL);
    }
  return rows;
}

const char *
bs_decl_name (const BsDecl *decl)
{
  return decl->name;
}

/* The overloads of decl parsed for one form; NULL (raised) when a row is malformed. */
static BsSignature **
decl_forms (BsInterp *in,
            BsDecl   *decl,
            gboolean  as_method)
{
  BsSignature **forms = decl->forms[as_method];

  if (forms != NULL)
    return forms;
  forms = g_new0 (BsSignature *, decl->rows->len);
  for (guint i = 0; i < decl->rows->len; i++)
    {
      const BsSignatureRow *row = decl->rows->pdata[i];
      g_autoptr(GError) error = NULL;

      forms[i] = bs_signature_parse (row->kind, row->signature, as_method, &error);
      if (forms[i] == NULL)
        {
          for (guint k = 0; k < i; k++)
            bs_signature_free (forms[k]);
          g_free (forms);
          bs_raise (in, "SystemError", "Backstep's declaration of %s.%s is malformed: %s",
                    decl->owner, decl->name, error->message);
          return NULL;
        }
    }
  decl->forms[as_method] = forms;
  return forms;
}

/* A method of a Python built-in type ("str.upper(self, /)"), found on the type */
static gboolean
is_unbound_method (const BsDecl *decl)
{
  static const char *const types[] = {
    "str", "list", "dict", "tuple", "set", "frozenset", "int", "float", "object",
    "BaseException",
  };
  const BsSignatureRow *row = decl->rows->pdata[0];

  if (row->kind != BS_SIG_BUILTIN || strstr (row->signature, "(self") == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (strcmp (row->owner, types[i]) == 0)
      return TRUE;
  return FALSE;
}

/* str.upper("abc"): the first argument is the receiver, of the type's own kind */
static gboolean
call_unbound (BsInterp      *in,
              const BsDecl  *decl,
              const BsArgs  *args,
              BsValue       *result)
{
  const BsSignatureRow *row = decl->rows->pdata[0];
  BsArgs rest = *args;
  const char *type;

  if (args->n_args == 0 && g_str_has_prefix (decl->name, "__"))
    return bs_raise (in, "TypeError", "descriptor '%s' of '%s' object needs an argument",
                     decl->name, row->owner);
  if (args->n_args == 0)
    return bs_raise (in, "TypeError", "unbound method %s.%s() needs an argument", row->owner,
                     decl->name);
  type = bs_value_type_name (args->args[0]);
  /* object's methods apply to everything; BaseException's check their receiver themselves */
  if (strcmp (type, row->owner) != 0 && strcmp (row->owner, "object") != 0
      && strcmp (row->owner, "BaseException") != 0
      && !(strcmp (row->owner, "int") == 0 && strcmp (type, "bool") == 0))
    return bs_raise (in, "TypeError", "descriptor '%s' for '%s' objects doesn't apply to a "
                     "'%s' object", decl->name, row->owner, type);
  rest.args++;
  rest.n_args--;
  return bs_decl_call (in, decl, args->args[0], &rest, result);
}

gboolean
bs_decl_call (BsInterp      *in,
              const BsDecl  *const_decl,
              BsValue        self,
              const BsArgs  *args,
              BsValue       *result)
{
  BsDecl *decl = (BsDecl *) const_decl;
  gboolean as_method = !bs_value_is_none (self);
  BsSignature **forms;
  BsCall call = { 0 };
  guint n = decl->rows->len, matched = n;
  gboolean ok;

  if (!as_method && is_unbound_method (decl))
    return call_unbound (in, decl, args, result);
  forms = decl_forms (in, decl, as_method);
  if (forms == NULL)
    return FALSE;
  if (n == 1)
    {
      if (!bs_signature_bind (in, forms[0], self, args, TRUE, &call))
        {
          bs_call_clear (&call);
          return FALSE;
        }
      matched = 0;
    }
  else
    {
      for (guint i = 0; i < n && matched == n; i++)
        {
          if (bs_signature_bind (in, forms[i], self, args, FALSE, &call))
            matched = i;
          else if (!bs_value_is_none (in->exc))
            {
              bs_call_clear (&call);
              return FALSE;
            }
        }
      if (matched == n)
        {
          guint num = args->n_args + args->n_kw, plausible = 0, which = 0;

          for (guint i = 0; i < n; i++)
            if (num >= forms[i]->min_args && num <= forms[i]->max_args && !forms[i]->hidden)
              {
                plausible++;
                which = i;
              }
          if (plausible == 1)
            bs_signature_bind (in, forms[which], self, args, TRUE, &call);
          if (bs_value_is_none (in->exc))
            bs_signature_raise_invalid (in, forms[0]->name, (const BsSignature **) forms, n,
                                        args);
          bs_call_clear (&call);
          return FALSE;
        }
    }
  call.row = decl->rows->pdata[matched];
  call.overload = matched;
  for (guint i = 0; i < call.sig->n_params; i++)
    if (call.sig->params[i].type == BS_PARAM_SCALAR_TYPE && call.given[i]
        && bs_value_unsupported_dtype (call.values[i]) != NULL)
      {
        bs_raise_unsupported_dtype (in, bs_value_unsupported_dtype (call.values[i]));
        bs_call_clear (&call);
        return FALSE;
      }
  ok = call.row->func (in, &call, result);
  bs_call_clear (&call);
  return ok;
}

BsValue
bs_decl_builtin (BsInterp     *in,
                 const BsDecl *decl,
                 BsValue       self)
{
  BsBuiltin *b = (BsBuiltin *) bs_object_alloc (in->heap, BS_OBJECT_BUILTIN, sizeof (BsBuiltin));

  b->name = decl->name;
  b->func = NULL;
  b->decl = decl;
  b->self = self;
  return BS_OBJECT (b);
}
