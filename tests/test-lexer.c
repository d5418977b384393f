/* test-lexer.c: token streams, positions and lexical errors of the Python subset */
#include <string.h>

#include "bs-lang-error.h"
#include "bs-lexer.h"

/* "NAME(x) '=' INT(1) NEWLINE EOF", or "ERROR <line>:<col> <message>". */
static char *
lex (const char *source,
     gssize      length)
{
  g_autoptr(BsLexer) lexer = NULL;
  g_autoptr(GError) error = NULL;
  GString *out = g_string_new (NULL);
  BsToken token;

  if (length < 0)
    length = strlen (source);
  lexer = bs_lexer_new (source, length, "t.py");
  for (;;)
    {
      if (!bs_lexer_next (lexer, &token, &error))
        {
          int line, col;

          bs_lang_error_get_location (error, NULL, &line, &col, NULL, NULL);
          g_string_truncate (out, 0);
          g_string_append_printf (out, "ERROR %d:%d %s", line, col, error->message);
          break;
        }
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, bs_token_kind_name (token.kind));
      if (token.kind == BS_TOKEN_NAME || token.kind == BS_TOKEN_INT ||
          token.kind == BS_TOKEN_FLOAT || token.kind == BS_TOKEN_STRING)
        g_string_append_printf (out, "(%.*s)", (int) (token.end - token.start),
                                source + token.start);
      if (token.kind == BS_TOKEN_EOF)
        break;
    }
  return g_string_free (out, FALSE);
}

static void
assert_tokens (const char *source,
               const char *expected)
{
  g_autofree char *got = lex (source, -1);

  if (g_strcmp0 (got, expected) != 0)
    g_printerr ("source:   %s\nexpected: %s\ngot:      %s\n", source, expected, got);
  g_assert_cmpstr (got, ==, expected);
}

static void
test_indentation (void)
{
  assert_tokens ("if x:\n    y = 1\n    if z:\n        w\nv\n",
                 "'if' NAME(x) ':' NEWLINE INDENT NAME(y) '=' INT(1) NEWLINE 'if' NAME(z) ':' "
                 "NEWLINE INDENT NAME(w) NEWLINE DEDENT DEDENT NAME(v) NEWLINE EOF");
  /* Blank lines and comment lines do not count; the file may end inside a block. */
  assert_tokens ("def f():\n\n    # comment\n  \n    return 1  # trailing\n",
                 "'def' NAME(f) '(' ')' ':' NEWLINE INDENT 'return' INT(1) NEWLINE DEDENT EOF");
  assert_tokens ("while a:\n\tb", "'while' NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE DEDENT EOF");
  /* A tab reaches the next multiple of 8, so these two lines line up. */
  assert_tokens ("if a:\n\tb\n        c\n",
                 "ERROR 3:1 inconsistent use of tabs and spaces in indentation");
  assert_tokens ("if a:\n        b\n\tc\n",
                 "ERROR 3:1 inconsistent use of tabs and spaces in indentation");
  assert_tokens ("if a:\n    b\n  c\n",
                 "ERROR 3:4 unindent does not match any outer indentation level");
  assert_tokens ("a\r\nb\r\n", "NAME(a) NEWLINE NAME(b) NEWLINE EOF");
  assert_tokens ("", "EOF");
  assert_tokens ("\n\n   \n# only a comment", "EOF");
}

static void
test_continuation (void)
{
  assert_tokens ("x = (1,\n     2)\ny = [\n  3\n]\n",
                 "NAME(x) '=' '(' INT(1) ',' INT(2) ')' NEWLINE NAME(y) '=' '[' INT(3) ']' "
                 "NEWLINE EOF");
  assert_tokens ("x = 1 + \\\n    2\n", "NAME(x) '=' INT(1) '+' INT(2) NEWLINE EOF");
  assert_tokens ("f(a,  # comment\n  b)\n", "NAME(f) '(' NAME(a) ',' NAME(b) ')' NEWLINE EOF");
  assert_tokens ("x = \\ y", "ERROR 1:6 unexpected character after line continuation character");
  assert_tokens ("x = 1 +\\\n", "ERROR 1:9 unexpected EOF while parsing");
  assert_tokens ("x = 1 +\\\r\n", "ERROR 1:9 unexpected EOF while parsing");
  assert_tokens ("x = 1 +\\", "ERROR 1:9 unexpected EOF while parsing");
  assert_tokens ("x = (1,\n2\n", "ERROR 1:5 '(' was never closed");
  assert_tokens ("x = 1)", "ERROR 1:6 unmatched ')'");
  assert_tokens ("x = [1)", "ERROR 1:7 closing parenthesis ')' does not match opening "
                 "parenthesis '['");
}

static void
test_numbers (void)
{
  assert_tokens ("0 7 0x1F 0o17 0b101 1_000 0_0 00",
                 "INT(0) INT(7) INT(0x1F) INT(0o17) INT(0b101) INT(1_000) INT(0_0) INT(00) "
                 "NEWLINE EOF");
  assert_tokens ("1e-8 .5 5. 1_000.0 1E+3 3.14 09.5 0e0",
                 "FLOAT(1e-8) FLOAT(.5) FLOAT(5.) FLOAT(1_000.0) FLOAT(1E+3) FLOAT(3.14) "
                 "FLOAT(09.5) FLOAT(0e0) NEWLINE EOF");
  assert_tokens ("x.y 1.real", "ERROR 1:6 invalid decimal literal");
  assert_tokens ("x = 12abc", "ERROR 1:6 invalid decimal literal");
  assert_tokens ("0x1g", "ERROR 1:3 invalid hexadecimal literal");
  assert_tokens ("1j", "ERROR 1:1 imaginary literals (complex numbers) are not supported by "
                 "Backstep");
  assert_tokens ("x = 1_", "ERROR 1:6 invalid decimal literal");
  assert_tokens ("x = 0x", "ERROR 1:6 invalid hexadecimal literal");
  assert_tokens ("0b2", "ERROR 1:3 invalid digit '2' in binary literal");
  assert_tokens ("0o8", "ERROR 1:3 invalid digit '8' in octal literal");
  assert_tokens ("09", "ERROR 1:1 leading zeros in decimal integer literals are not permitted; "
                 "use an 0o prefix for octal integers");
  assert_tokens ("1abc", "ERROR 1:1 invalid decimal literal");
}

static void
test_strings (void)
{
  assert_tokens ("'a' \"b\" r'\\n' R\"x\" u'u' f'{x}' rf'{y}' Fr\"z\"",
                 "STRING('a') STRING(\"b\") STRING(r'\\n') STRING(R\"x\") STRING(u'u') "
                 "STRING(f'{x}') STRING(rf'{y}') STRING(Fr\"z\") NEWLINE EOF");
  assert_tokens ("'''a\n'b'\n''' \"\"\"c\"\"\"",
                 "STRING('''a\n'b'\n''') STRING(\"\"\"c\"\"\") NEWLINE EOF");
  assert_tokens ("'it\\'s' 'a\\\nb'", "STRING('it\\'s') STRING('a\\\nb') NEWLINE EOF");
  assert_tokens ("x = 'abc\n", "ERROR 1:5 unterminated string literal (detected at line 1)");
  assert_tokens ("x = '''abc\n\n", "ERROR 1:5 unterminated triple-quoted string literal "
                 "(detected at line 2)");
  assert_tokens ("b'abc'", "ERROR 1:1 bytes literals are not supported by Backstep");
  assert_tokens ("Rb'abc'", "ERROR 1:1 bytes literals are not supported by Backstep");
  /* Not prefixes: a name followed by a string. */
  assert_tokens ("ab'c'", "NAME(ab) STRING('c') NEWLINE EOF");
}

static void
test_operators (void)
{
  assert_tokens ("+ - * / // % ** @ << >> & | ^ ~ < > <= >= == != -> := . ... , ; :",
                 "'+' '-' '*' '/' '//' '%' '**' '@' '<<' '>>' '&' '|' '^' '~' '<' '>' '<=' "
                 "'>=' '==' '!=' '->' ':=' '.' '...' ',' ';' ':' NEWLINE EOF");
  assert_tokens ("+= -= *= /= //= %= **= @= <<= >>= &= |= ^= =",
                 "'+=' '-=' '*=' '/=' '//=' '%=' '**=' '@=' '<<=' '>>=' '&=' '|=' '^=' '=' "
                 "NEWLINE EOF");
  assert_tokens ("a$b", "NAME(a) ERRORTOKEN NAME(b) NEWLINE EOF");
  assert_tokens ("not in is lambda None True False await yield",
                 "'not' 'in' 'is' 'lambda' 'None' 'True' 'False' 'await' 'yield' NEWLINE EOF");
}

static void
test_positions (void)
{
  const char *source = "é = (1,\n  'ü')\nλ\n";
  g_autoptr(BsLexer) lexer = bs_lexer_new (source, strlen (source), NULL);
  g_autoptr(GError) error = NULL;
  BsToken token;
  /* (line, col, end_line, end_col): columns count characters, not bytes */
  static const int expected[][4] = {
    { 1, 1, 1, 2 }, { 1, 3, 1, 4 }, { 1, 5, 1, 6 }, { 1, 6, 1, 7 }, { 1, 7, 1, 8 },
    { 2, 3, 2, 6 }, { 2, 6, 2, 7 }, { 2, 7, 2, 8 }, { 3, 1, 3, 2 }, { 3, 2, 3, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_true (bs_lexer_next (lexer, &token, &error));
      g_assert_no_error (error);
      g_assert_cmpint (token.line, ==, expected[i][0]);
      g_assert_cmpint (token.col, ==, expected[i][1]);
      g_assert_cmpint (token.end_line, ==, expected[i][2]);
      g_assert_cmpint (token.end_col, ==, expected[i][3]);
    }
}

static void
test_bad_input (void)
{
  static const char nul[] = "x = 1\ny = '\0'\n";
  static const char bad_utf8[] = "x = 1\ny = '\xff'\n";
  g_autofree char *got_nul = lex (nul, sizeof nul - 1);
  g_autofree char *got_utf8 = lex (bad_utf8, sizeof bad_utf8 - 1);

  g_assert_cmpstr (got_nul, ==, "ERROR 2:6 source code cannot contain null bytes");
  g_assert_cmpstr (got_utf8, ==, "ERROR 2:6 (unicode error) 'utf-8' codec can't decode byte "
                   "0xff in position 5: invalid start byte");
  assert_tokens ("x = \xe2\x82\xac", "ERROR 1:5 invalid character '\xe2\x82\xac' (U+20AC)");
  assert_tokens ("x = \x01", "ERROR 1:5 invalid non-printable character U+0001");
  assert_tokens ("\xce\xbb\xe1\xb5\xa2 = 1", "NAME(\xce\xbb\xe1\xb5\xa2) '=' INT(1) NEWLINE EOF");
}

static void
test_limits (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GString) indented = g_string_new (NULL);
  g_autofree char *got_deep = NULL;
  g_autofree char *got_indented = NULL;

  for (int i = 0; i < 300; i++)
    g_string_append_c (deep, '(');
  got_deep = lex (deep->str, -1);
  g_assert_cmpstr (got_deep, ==, "ERROR 1:201 too many nested parentheses");

  for (int i = 0; i < 120; i++)
    {
      for (int j = 0; j < i; j++)
        g_string_append_c (indented, ' ');
      g_string_append (indented, "if x:\n");
    }
  got_indented = lex (indented->str, -1);
  g_assert_cmpstr (got_indented, ==, "ERROR 101:1 too many levels of indentation");
}

static void
test_decode (void)
{
  static const char body[] = "a\\n\\t\\x41\\u00e9\\U0001F600\\101\\\\\\'\\q";
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *message = NULL;
  gsize bad = 0;

  g_assert_true (bs_lexer_decode_string (body, 0, sizeof body - 1, FALSE, out, &bad, &message));
  g_assert_cmpstr (out->str, ==, "a\n\tA\xc3\xa9\xf0\x9f\x98\x80" "A\\'\\q");

  g_string_truncate (out, 0);
  g_assert_true (bs_lexer_decode_string (body, 0, 3, TRUE, out, &bad, &message));
  g_assert_cmpstr (out->str, ==, "a\\n");

  g_string_truncate (out, 0);
  g_assert_false (bs_lexer_decode_string ("ab\\x4", 0, 5, FALSE, out, &bad, &message));
  g_assert_cmpuint (bad, ==, 2);
  g_assert_cmpstr (message, ==, "(unicode error) 'unicodeescape' codec can't decode bytes in "
                   "position 2-4: truncated \\xXX escape");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lang/lexer/indentation", test_indentation);
  g_test_add_func ("/lang/lexer/continuation", test_continuation);
  g_test_add_func ("/lang/lexer/numbers", test_numbers);
  g_test_add_func ("/lang/lexer/strings", test_strings);
  g_test_add_func ("/lang/lexer/operators", test_operators);
  g_test_add_func ("/lang/lexer/positions", test_positions);
  g_test_add_func ("/lang/lexer/bad-input", test_bad_input);
  g_test_add_func ("/lang/lexer/limits", test_limits);
  g_test_add_func ("/lang/lexer/decode", test_decode);

  return g_test_run ();
}
