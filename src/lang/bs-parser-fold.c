/* bs-parser-fold.c: constant integer expressions whose steps leave 64 bits
 *
 * Backstep's ints are 64-bit, Python's unbounded. CPython folds constant expressions when
 * it compiles them, so `-2**63` and `2**63 - 1` are plain int64 values in a script although
 * 2**63 is not one: such an expression of integer literals is folded here into the
 * constant it is, computed in 128 bits, when its value fits in 64 bits and a step or a
 * literal does not. Everything else is left to run, with its own overflow error.
 */
#define G_LOG_DOMAIN "bs-lang"

#include "bs-parser-private.h"

/* How many nodes one expression may have to be folded: keeps a long chain of
 * additions linear to parse */
#define MAX_NODES 64

typedef __int128 Wide;

#define WIDE_MAX ((Wide) (((unsigned __int128) 1 << 127) - 1))
#define WIDE_MIN (-WIDE_MAX - 1)

typedef struct {
  guint    n_nodes;
  gboolean left_64_bits;   /* a literal or a step did not fit in an int64 */
} Fold;

static gboolean
fits_int64 (Wide v)
{
  return v >= G_MININT64 && v <= G_MAXINT64;
}

static gboolean
literal_value (const BsAstNode *node,
               Wide            *out)
{
  const char *s = node->constant.str;
  gsize len = node->constant.len, i = 0;
  guint base = 10;
  Wide v = 0;

  if (len > 2 && s[0] == '0' && g_ascii_isalpha (s[1]))
    {
      char prefix = g_ascii_tolower (s[1]);

      base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : 2;
      i = 2;
    }
  for (; i < len; i++)
    {
      int digit = g_ascii_xdigit_value (s[i]);

      if (digit < 0 || (guint) digit >= base
          || __builtin_mul_overflow (v, (Wide) base, &v)
          || __builtin_add_overflow (v, (Wide) digit, &v))
        return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
power (Wide  base,
       Wide  exponent,
       Wide *out)
{
  Wide result = 1;

  if (exponent < 0)
    return FALSE;   /* a float in Python */
  while (exponent > 0)
    {
      if ((exponent & 1) && __builtin_mul_overflow (result, base, &result))
        return FALSE;
      exponent >>= 1;
      if (exponent > 0 && __builtin_mul_overflow (base, base, &base))
        return FALSE;
    }
  *out = result;
  return TRUE;
}

static gboolean
binary (BsBinOp  op,
        Wide     a,
        Wide     b,
        Wide    *out)
{
  switch (op)
    {
    case BS_BINOP_ADD:
      return !__builtin_add_overflow (a, b, out);
    case BS_BINOP_SUB:
      return !__builtin_sub_overflow (a, b, out);
    case BS_BINOP_MUL:
      return !__builtin_mul_overflow (a, b, out);
    case BS_BINOP_POW:
      return power (a, b, out);
    case BS_BINOP_FLOOR_DIV:
    case BS_BINOP_MOD:
      {
        Wide q, m;

        if (b == 0 || (a == WIDE_MIN && b == -1))
          return FALSE;
        q = a / b;
        m = a % b;
        /* Python rounds the quotient down: the remainder takes the divisor's sign */
        if (m != 0 && (m < 0) != (b < 0))
          {
            q -= 1;
            m += b;
          }
        *out = op == BS_BINOP_FLOOR_DIV ? q : m;
        return TRUE;
      }
    case BS_BINOP_LSHIFT:
      if (b < 0 || b >= 127)
        return FALSE;
      return !__builtin_mul_overflow (a, (Wide) 1 << (int) b, out);
    case BS_BINOP_RSHIFT:
      if (b < 0)
        return FALSE;
      *out = b >= 127 ? (a < 0 ? -1 : 0) : a >> (int) b;
      return TRUE;
    case BS_BINOP_BIT_AND:
      *out = a & b;
      return TRUE;
    case BS_BINOP_BIT_OR:
      *out = a | b;
      return TRUE;
    case BS_BINOP_BIT_XOR:
      *out = a ^ b;
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
evaluate (Fold            *fold,
          const BsAstNode *node,
          Wide            *out)
{
  Wide a, b;

  if (++fold->n_nodes > MAX_NODES)
    return FALSE;
  switch (node->kind)
    {
    case BS_AST_CONSTANT:
      if (node->constant.kind != BS_CONST_INT)
        return FALSE;
      if (!node->constant.int_overflow)
        {
          *out = node->constant.int_value;
          return TRUE;
        }
      if (!literal_value (node, out))
        return FALSE;
      break;
    case BS_AST_UNARY_OP:
      if (!evaluate (fold, node->unary_op.operand, &a))
        return FALSE;
      if (node->unary_op.op == BS_UNARYOP_USUB)
        {
          if (a == WIDE_MIN)
            return FALSE;
          *out = -a;
        }
      else if (node->unary_op.op == BS_UNARYOP_UADD)
        *out = a;
      else if (node->unary_op.op == BS_UNARYOP_INVERT)
        *out = ~a;
      else
        return FALSE;
      break;
    case BS_AST_BIN_OP:
      if (!evaluate (fold, node->bin_op.left, &a) || !evaluate (fold, node->bin_op.right, &b)
          || !binary (node->bin_op.op, a, b, out))
        return FALSE;
      break;
    default:
      return FALSE;
    }
  if (!fits_int64 (*out))
    fold->left_64_bits = TRUE;
  return TRUE;
}

void
bs_parser_fold_int (BsParser  *p,
                    BsAstNode *node)
{
  Fold fold = { 0 };
  Wide value;
  char text[24];
  int len;

  if (!evaluate (&fold, node, &value) || !fold.left_64_bits || !fits_int64 (value))
    return;
  len = g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, (gint64) value);
  node->kind = BS_AST_CONSTANT;
  node->constant.kind = BS_CONST_INT;
  node->constant.str = bs_ast_strndup (p->ast, text, len);
  node->constant.len = len;
  node->constant.int_value = (gint64) value;
  node->constant.int_overflow = FALSE;
  node->constant.float_value = 0.0;
}
