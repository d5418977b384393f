/* bs-signature.c: signatures, parsed once, and the binding of a call's arguments to them */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-signature.h"

#include <stdlib.h>
#include <string.h>

/* --- parsing ------------------------------------------------------------ */

static const struct {
  const char  *text;
  BsParamType  type;
} param_types[] = {
  { "Tensor", BS_PARAM_TENSOR }, { "Scalar", BS_PARAM_SCALAR }, { "int64_t", BS_PARAM_INT },
  { "int", BS_PARAM_INT }, { "SymInt", BS_PARAM_SYM_INT }, { "double", BS_PARAM_DOUBLE },
  { "float", BS_PARAM_DOUBLE }, { "complex", BS_PARAM_COMPLEX }, { "bool", BS_PARAM_BOOL },
  { "TensorList", BS_PARAM_TENSOR_LIST },
  { "c10::List<c10::optional<Tensor>>", BS_PARAM_TENSOR_LIST },
  { "IntArrayRef", BS_PARAM_INT_LIST }, { "SymIntArrayRef", BS_PARAM_SYM_INT_LIST },
  { "ArrayRef<double>", BS_PARAM_FLOAT_LIST }, { "ScalarList", BS_PARAM_SCALAR_LIST },
  { "Generator", BS_PARAM_GENERATOR }, { "ScalarType", BS_PARAM_SCALAR_TYPE },
  { "Layout", BS_PARAM_LAYOUT }, { "Device", BS_PARAM_DEVICE },
  { "MemoryFormat", BS_PARAM_MEMORY_FORMAT }, { "std::string", BS_PARAM_STRING },
  { "c10::string_view", BS_PARAM_STRING }, { "Dimname", BS_PARAM_DIMNAME },
  { "DimnameList", BS_PARAM_DIMNAME_LIST }, { "PyObject*", BS_PARAM_OBJECT },
  { "Storage", BS_PARAM_STORAGE },
};

/* PyTorch lets these take Python numbers where a Tensor is declared. */
static const char *const numbers_as_tensors[] = {
  "add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply", "multiply_",
  "sub", "sub_", "subtract", "subtract_", "true_divide", "true_divide_", "to", "_to_copy",
  "copy_", "floor_divide", "floor_divide_",
};

const char *
bs_param_type_name (BsParamType type)
{
  switch (type)
    {
    case BS_PARAM_TENSOR: return "Tensor";
    case BS_PARAM_SCALAR: return "Number";
    case BS_PARAM_INT: return "int";
    case BS_PARAM_SYM_INT: return "SymInt";
    case BS_PARAM_DOUBLE: return "float";
    case BS_PARAM_COMPLEX: return "complex";
    case BS_PARAM_BOOL: return "bool";
    case BS_PARAM_INT_LIST: return "tuple of ints";
    case BS_PARAM_SYM_INT_LIST: return "tuple of SymInts";
    case BS_PARAM_FLOAT_LIST: return "tuple of floats";
    case BS_PARAM_TENSOR_LIST: return "tuple of Tensors";
    case BS_PARAM_SCALAR_LIST: return "tuple of Scalars";
    case BS_PARAM_GENERATOR: return "torch.Generator";
    case BS_PARAM_SCALAR_TYPE: return "torch.dtype";
    case BS_PARAM_LAYOUT: return "torch.layout";
    case BS_PARAM_DEVICE: return "torch.device";
    case BS_PARAM_MEMORY_FORMAT: return "torch.memory_format";
    case BS_PARAM_STRING: return "str";
    case BS_PARAM_DIMNAME: return "name";
    case BS_PARAM_DIMNAME_LIST: return "tuple of names";
    case BS_PARAM_OBJECT: return "object";
    case BS_PARAM_STORAGE: return "torch.Storage";
    default: return "?";
    }
}

static gboolean
parse_default (BsParam    *p,
               const char *text,
               GError    **error)
{
  char *end;

  p->optional = TRUE;
  p->default_text = g_strdup (text);
  p->default_value = BS_NONE;
  if (strcmp (text, "None") == 0)
    {
      p->allow_none = TRUE;
      return TRUE;
    }
  if (strcmp (text, "True") == 0 || strcmp (text, "False") == 0)
    {
      p->default_value = BS_BOOL (text[0] == 'T');
      return TRUE;
    }
  if (text[0] == '{' || text[0] == '"' || text[0] == '\'' || g_str_has_prefix (text, "torch."))
    return TRUE;   /* read by the accessors from default_text */
  if (g_ascii_isdigit (text[0]) || text[0] == '-' || text[0] == '.')
    {
      gint64 i = g_ascii_strtoll (text, &end, 10);

      if (*end == '\0')
        {
          p->default_value = BS_INT (i);
          return TRUE;
        }
      p->default_value = BS_FLOAT (g_ascii_strtod (text, &end));
      if (*end == '\0')
        return TRUE;
    }
  if (p->type == BS_PARAM_OBJECT || p->type == BS_PARAM_MEMORY_FORMAT
      || p->type == BS_PARAM_LAYOUT || p->type == BS_PARAM_SCALAR_TYPE)
    return TRUE;   /* a default the C function reads itself */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "unreadable default '%s'", text);
  return FALSE;
}

static gboolean
parse_torch_param (BsParam    *p,
                   const char *text,
                   GError    **error)
{
  const char *space;
  g_autofree char *type = NULL;
  char *bracket, *question, *eq;
  guint i;

  /* "Type[N]? name=default": the type is everything before the last space that is not
   * inside the default */
  eq = strchr (text, '=');
  space = eq != NULL ? g_strrstr_len (text, eq - text, " ") : strrchr (text, ' ');
  if (space == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "missing type: %s", text);
      return FALSE;
    }
  type = g_strndup (text, space - text);
  question = strchr (type, '?');
  if (question != NULL)
    {
      p->allow_none = TRUE;
      *question = '\0';
    }
  bracket = strchr (type, '[');
  if (bracket != NULL)
    {
      p->size = atoi (bracket + 1);
      *bracket = '\0';
    }
  for (i = 0; i < G_N_ELEMENTS (param_types); i++)
    if (strcmp (param_types[i].text, type) == 0)
      break;
  if (i == G_N_ELEMENTS (param_types))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "unknown type '%s'", type);
      return FALSE;
    }
  p->type = param_types[i].type;
  eq = strchr (space + 1, '=');
  if (eq == NULL)
    {
      p->name = g_strdup (space + 1);
      return TRUE;
    }
  p->name = g_strndup (space + 1, eq - space - 1);
  return parse_default (p, eq + 1, error);
}

static gboolean
parse_python_param (BsParam    *p,
                    const char *text,
                    GError    **error)
{
  const char *eq = strchr (text, '=');

  p->type = BS_PARAM_OBJECT;
  if (g_str_has_prefix (text, "**"))
    {
      p->star_star = TRUE;
      text += 2;
    }
  else if (text[0] == '*')
    {
      p->star = TRUE;
      text += 1;
    }
  if (eq == NULL)
    {
      p->name = g_strdup (text);
      return TRUE;
    }
  p->name = g_strndup (text, eq - text);
  return parse_default (p, eq + 1, error);
}

/* Splits "a, b={1, 2}, c" at the commas outside brackets and quotes. */
static GPtrArray *
split_params (const char *text,
              gsize       length)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  int depth = 0;
  char quote = 0;
  gsize start = 0;

  for (gsize i = 0; i <= length; i++)
    {
      char c = i < length ? text[i] : ',';

      if (quote != 0)
        {
          if (c == quote)
            quote = 0;
          continue;
        }
      if (c == '\'' || c == '"')
        quote = c;
      else if (c == '{' || c == '[' || c == '(' || c == '<')
        depth++;
      else if (c == '}' || c == ']' || c == ')' || c == '>')
        depth--;
      else if (c == ',' && depth == 0)
        {
          g_autofree char *item = g_strstrip (g_strndup (text + start, i - start));

          if (item[0] != '\0')
            g_ptr_array_add (out, g_steal_pointer (&item));
          start = i + 1;
        }
    }
  return out;
}

static gboolean
is_receiver (const BsSignature *sig,
             const BsParam     *p,
             guint              index)
{
  if (strcmp (sig->short_name, "__init__") == 0)
    return index == 0 && strcmp (p->name, "self") == 0;
  if (sig->kind == BS_SIG_TORCH)
    return index == 0 && p->type == BS_PARAM_TENSOR
           && (strcmp (p->name, "input") == 0 || strcmp (p->name, "self") == 0);
  return index == 0 && strcmp (p->name, "self") == 0;
}

BsSignature *
bs_signature_parse (BsSignatureKind   kind,
                    const char       *text,
                    gboolean          as_method,
                    GError          **error)
{
  g_autoptr(BsSignature) sig = g_new0 (BsSignature, 1);
  const char *open = strchr (text, '('), *close = strrchr (text, ')');
  g_autoptr(GPtrArray) items = NULL;
  gboolean keyword_only = FALSE;
  gboolean numbers = FALSE;
  const char *dot;

  sig->kind = kind;
  if (open == NULL || close == NULL || close < open)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "no parameter list: %s", text);
      return NULL;
    }
  sig->name = g_strndup (text, open - text);
  dot = strrchr (sig->name, '.');
  sig->short_name = dot != NULL ? dot + 1 : sig->name;
  if (strcmp (close + 1, "|deprecated") == 0)
    sig->hidden = sig->deprecated = TRUE;
  else if (strcmp (close + 1, "|hidden") == 0)
    sig->hidden = TRUE;
  else if (strcmp (close + 1, "|parse_tuple") == 0 && kind == BS_SIG_BUILTIN)
    sig->parse_tuple = TRUE;
  else if (strcmp (close + 1, "|check_positional") == 0 && kind == BS_SIG_BUILTIN)
    sig->check_positional = TRUE;
  else if (close[1] != '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "junk after ')': %s", text);
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (numbers_as_tensors); i++)
    if (kind == BS_SIG_TORCH && strcmp (sig->short_name, numbers_as_tensors[i]) == 0)
      numbers = TRUE;

  items = split_params (open + 1, close - open - 1);
  for (guint i = 0; i < items->len; i++)
    {
      const char *item = items->pdata[i];
      BsParam *p;

      if (strcmp (item, "*") == 0)
        {
          keyword_only = TRUE;
          continue;
        }
      if (strcmp (item, "/") == 0)
        {
          for (guint k = 0; k < sig->n_params; k++)
            sig->params[k].positional_only = TRUE;
          continue;
        }
      if (sig->n_params == BS_SIGNATURE_MAX_PARAMS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "too many parameters: %s",
                       text);
          return NULL;
        }
      p = &sig->params[sig->n_params++];
      p->keyword_only = keyword_only;
      if (!(kind == BS_SIG_TORCH ? parse_torch_param (p, item, error)
                                 : parse_python_param (p, item, error)))
        return NULL;
      if (p->star)
        keyword_only = TRUE;
      p->numbers_as_tensors = numbers && p->type == BS_PARAM_TENSOR;
    }

  for (guint i = 0; i < sig->n_params; i++)
    {
      BsParam *p = &sig->params[i];

      if ((as_method || strcmp (sig->short_name, "__init__") == 0) && is_receiver (sig, p, i))
        {
          p->is_self = TRUE;
          sig->has_self = TRUE;
          continue;
        }
      if (as_method && kind == BS_SIG_TORCH && strcmp (p->name, "out") == 0)
        {
          p->absent = TRUE;
          continue;
        }
      if (p->star || p->star_star)
        continue;
      sig->max_args++;
      if (!p->optional)
        sig->min_args++;
      if (!p->keyword_only)
        sig->max_pos_args++;
    }
  return g_steal_pointer (&sig);
}

void
bs_signature_free (BsSignature *sig)
{
  if (sig == NULL)
    return;
  for (guint i = 0; i < sig->n_params; i++)
    {
      g_free (sig->params[i].name);
      g_free (sig->params[i].default_text);
    }
  g_free (sig->name);
  g_free (sig);
}

char *
bs_signature_to_string (const BsSignature *sig)
{
  GString *s = g_string_new ("(");
  gboolean keyword = FALSE, first = TRUE;

  for (guint i = 0; i < sig->n_params; i++)
    {
      const BsParam *p = &sig->params[i];

      if (p->is_self || p->absent)
        continue;
      if (!first)
        g_string_append (s, ", ");
      first = FALSE;
      if (p->keyword_only && !keyword)
        {
          g_string_append (s, "*, ");
          keyword = TRUE;
        }
      g_string_append_printf (s, "%s %s", bs_param_type_name (p->type), p->name);
    }
  g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

void
bs_signature_append_names (GString           *out,
                           const char *const *names,
                           guint              n)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, n == 2 ? " and " : i == n - 1 ? ", and " : ", ");
      g_string_append_printf (out, "'%s'", names[i]);
    }
}
