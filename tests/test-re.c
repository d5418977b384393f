/* test-re.c: Python's re module where Backstep's differs from CPython 3.11 on purpose: what
 * it cannot run on PCRE is refused by name rather than matched differently; and the pattern
 * type's own API (the matching itself is compared with CPython by
 * tests/conformance/re_*.py) */
#include <string.h>

#include "bs-interp.h"
#include "bs-re-pattern.h"

static void
append (const char *text,
        gpointer    user_data)
{
  g_string_append (user_data, text);
}

/* Runs source; returns what it printed, or the last line of its error */
static char *
run (const char *source)
{
  BsInterpOptions options = { .write_stdout = append, .write_stderr = append };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *script = g_strconcat ("import re\n", source, "\n", NULL);
  BsInterp *in;
  char *result;

  options.output_data = out;
  in = bs_interp_new (&options);
  if (!bs_interp_run (in, script, -1, "t.py", &error))
    {
      g_autofree char *text = bs_interp_format_error (in, error);
      g_auto (GStrv) lines = g_strsplit (g_strchomp (text), "\n", -1);

      result = g_strdup (lines[g_strv_length (lines) - 1]);
    }
  else
    result = g_strdup (g_strchomp (out->str));
  bs_interp_free (in);
  return result;
}

static void
check (const char *source,
       const char *expected)
{
  g_autofree char *got = run (source);

  g_assert_cmpstr (got, ==, expected);
}

/* What PCRE cannot give as CPython does is refused, naming what */
static void
test_refusals (void)
{
  check ("re.compile('\\\\N{EM DASH}')",
         "NotImplementedError: Backstep's re does not support \\N{...} (named characters)");
  check ("re.compile('a{70000}')",
         "NotImplementedError: Backstep's re does not support repeat counts above 65535 "
         "(PCRE's limit)");
  check ("re.compile('(?:ab)*+')",
         "NotImplementedError: Backstep's re runs possessive repeats (*+, ++, ?+, {m,n}+) of "
         "single characters and sets only, not of groups (CPython 3.11 matches those in a "
         "way of its own)");
  check ("re.compile('(a*)*')",
         "NotImplementedError: Backstep's re does not run a repeat (*, +, {m,n}) of a group "
         "that captures and can match an empty string (PCRE, which it runs on, keeps other "
         "captures than CPython then)");
  check ("re.compile('\\\\ud800')",
         "NotImplementedError: Backstep's re does not support surrogate code points (\\ud800)");
  check ("re.compile('a', re.DEBUG)",
         "NotImplementedError: Backstep's re does not support the TEMPLATE and DEBUG flags");
  check ("re.escape(5)",
         "TypeError: Backstep's re.escape takes a str (bytes are not supported)");
  /* what CPython runs alike is not refused */
  check ("print(re.findall('[ab]*+c|(?:ab)+', 'abc abab'), re.match('(a*)', 'aa').span(1))",
         "['abc', 'abab'] (0, 2)");
}

static void
test_pattern_api (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(BsRePattern) p = NULL;
  g_autoptr(GArray) items = NULL;
  g_autoptr(GPtrArray) template_warnings = NULL;
  gssize spans[6];
  gboolean matched;
  glong pos;
  const char *text = "x é=12";

  p = bs_re_pattern_new ("(?P<k>\\w)=(\\d+)", strlen ("(?P<k>\\w)=(\\d+)"), 0, &warnings,
                         &pos, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_re_pattern_flags (p), ==, BS_RE_UNICODE);
  g_assert_cmpuint (bs_re_pattern_n_groups (p), ==, 2);
  g_assert_cmpstr (bs_re_pattern_group_name (p, 1), ==, "k");
  g_assert_null (bs_re_pattern_group_name (p, 2));
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_true (bs_re_pattern_exec (p, text, strlen (text), 0, BS_RE_SEARCH, FALSE, spans,
                                     &matched, &error));
  g_assert_true (matched);
  /* byte offsets: é is two bytes */
  g_assert_cmpint (spans[0], ==, 2);
  g_assert_cmpint (spans[1], ==, 7);
  g_assert_cmpint (spans[4], ==, 5);

  items = bs_re_pattern_template (p, "<\\g<k>\\2>", strlen ("<\\g<k>\\2>"),
                                  &template_warnings, &pos, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (items->len, ==, 4);
  g_assert_cmpstr (g_array_index (items, BsReTemplateItem, 0).literal, ==, "<");
  g_assert_cmpuint (g_array_index (items, BsReTemplateItem, 1).group, ==, 1);
  g_assert_cmpuint (g_array_index (items, BsReTemplateItem, 2).group, ==, 2);
  g_assert_cmpstr (g_array_index (items, BsReTemplateItem, 3).literal, ==, ">");
}

static void
test_syntax_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  glong pos;
  BsRePattern *p = bs_re_pattern_new ("[[a-", 4, 0, &warnings, &pos, &error);

  g_assert_null (p);
  g_assert_error (error, BS_RE_ERROR, BS_RE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "unterminated character set");
  g_assert_cmpint (pos, ==, 0);
  /* the warning CPython's parser gave before it stopped */
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (warnings->pdata[0], ==, "FPossible nested set at position 1");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/re/refusals", test_refusals);
  g_test_add_func ("/re/pattern-api", test_pattern_api);
  g_test_add_func ("/re/syntax-error", test_syntax_error);
  return g_test_run ();
}
