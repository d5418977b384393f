/* test-notebook-save.c: a notebook's cell view, and Save writing it back
 *
 * The fixture tests/notebook/lecture.ipynb shown as the editor shows it; saved unchanged,
 * the very bytes read; saved after an edit, the edited cells' sources change and every
 * other member (outputs, ids, metadata) stays; what was saved reads back to the edited
 * view.
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "bs-notebook.h"

static char *
fixture_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "notebook", "lecture.ipynb", NULL);
}

static BsNotebook *
load (const char *data,
      gsize       length)
{
  g_autoptr(GError) error = NULL;
  BsNotebook *notebook = bs_notebook_new_from_data (data, length, &error);

  g_assert_no_error (error);
  g_assert_nonnull (notebook);
  return notebook;
}

static JsonObject *
cell (JsonNode *root,
      guint     index)
{
  JsonArray *cells = json_object_get_array_member (json_node_get_object (root), "cells");

  return json_array_get_object_element (cells, index);
}

static char *
cell_source (JsonNode *root,
             guint     index)
{
  JsonArray *lines = json_object_get_array_member (cell (root, index), "source");
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (lines); i++)
    g_string_append (s, json_array_get_string_element (lines, i));
  return g_string_free (s, FALSE);
}

static void
test_view (void)
{
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  gsize length;
  const char *text;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  text = bs_notebook_get_text (notebook);
  g_assert_true (g_str_has_prefix (text, "# [markdown]\n"
                                         "# # Two paths to w1\n"
                                         "#\n"
                                         "# Seed 004's graph, one cell at a time.\n"
                                         "\n"
                                         "# In [1]:\n"
                                         "%matplotlib inline\n"
                                         "import torch\n"));
  g_assert_nonnull (strstr (text, "print(w)\nL.item();\n\n# [raw]\n# Not run: a raw cell.\n\n"
                                  "# In [3]:\nL.backward()\n"));
  g_assert_true (g_str_has_suffix (text, "# In [5]:\nL\n\n"));
}

static void
test_save_unchanged (void)
{
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  gsize length, saved_length;
  const char *bytes;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  saved = bs_notebook_save (notebook, bs_notebook_get_text (notebook), &error);
  g_assert_no_error (error);
  bytes = g_bytes_get_data (saved, &saved_length);
  g_assert_cmpmem (bytes, saved_length, data, length);
}

static void
test_save_edited (void)
{
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *source = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(BsNotebook) reread = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GString) text = NULL;
  JsonNode *root;
  JsonArray *outputs;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  text = g_string_new (bs_notebook_get_text (notebook));
  g_assert_cmpuint (g_string_replace (text, "x4 = w1 * x2\n", "x4 = w1 * x2 * 1\n", 1), ==, 1);
  g_string_append (text, "# In [6]:\nprint(\"new\")\n\n");
  edited = g_strdup (text->str);
  saved = bs_notebook_save (notebook, edited, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (saved, NULL),
                                             g_bytes_get_size (saved), &error));
  g_assert_no_error (error);
  root = json_parser_get_root (parser);

  /* the edited cell */
  source = cell_source (root, 2);
  g_assert_cmpstr (source, ==, "!pip install torch\nx3 = w1 * x1\nx4 = w1 * x2 * 1\n"
                               "x5 = w2 * x3 + w3 * x4\nx5\nL = 1 - x5\nfor w in (w1, w2):\n"
                               "    %time w * 2\n    print(w)\nL.item();");
  g_assert_cmpstr (json_object_get_string_member (cell (root, 2), "id"), ==, "a3");
  /* another cell keeps its outputs */
  outputs = json_object_get_array_member (cell (root, 1), "outputs");
  g_assert_cmpuint (json_array_get_length (outputs), ==, 1);
  g_assert_cmpint (json_object_get_int_member (cell (root, 1), "execution_count"), ==, 1);
  /* markdown and raw cells as they were */
  g_clear_pointer (&source, g_free);
  source = cell_source (root, 0);
  g_assert_cmpstr (source, ==, "# Two paths to w1\n\nSeed 004's graph, one cell at a time.");
  g_clear_pointer (&source, g_free);
  source = cell_source (root, 3);
  g_assert_cmpstr (source, ==, "Not run: a raw cell.");
  /* the new cell, as Jupyter makes one */
  g_clear_pointer (&source, g_free);
  source = cell_source (root, 7);
  g_assert_cmpstr (source, ==, "print(\"new\")");
  g_assert_cmpstr (json_object_get_string_member (cell (root, 7), "cell_type"), ==, "code");
  g_assert_true (json_object_get_null_member (cell (root, 7), "execution_count"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (cell (root, 7),
                                                                         "outputs")), ==, 0);
  g_assert_true (json_object_has_member (cell (root, 7), "id"));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (root), "nbformat"), ==, 4);

  /* what was saved reads back to the edited view */
  reread = load (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved));
  g_assert_cmpstr (bs_notebook_get_text (reread), ==, edited);
}

/* An edit changes the file where the cell changed and nowhere else: the JSON is written
 * as Jupyter writes it (keys sorted, one space of indent, UTF-8 as is). */
static void
test_save_format (void)
{
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(GString) expected = NULL;
  gsize length, saved_length;
  const char *bytes;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  text = g_string_new (bs_notebook_get_text (notebook));
  g_assert_cmpuint (g_string_replace (text, "print(w)\n", "print(w, \"∂L/∂w\\t\")\n", 1),
                    ==, 1);
  saved = bs_notebook_save (notebook, text->str, &error);
  g_assert_no_error (error);
  expected = g_string_new_len (data, length);
  g_assert_cmpuint (g_string_replace (expected, "\"    print(w)\\n\"",
                                      "\"    print(w, \\\"∂L/∂w\\\\t\\\")\\n\"", 1), ==, 1);
  bytes = g_bytes_get_data (saved, &saved_length);
  g_assert_cmpmem (bytes, saved_length, expected->str, expected->len);
}

static void
test_save_without_code (void)
{
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  saved = bs_notebook_save (notebook, "# [markdown]\n# only words\n", &error);
  g_assert_error (error, BS_NOTEBOOK_ERROR, BS_NOTEBOOK_ERROR_NO_CODE);
  g_assert_null (saved);
}

/* The lines the editor keeps read-only: every header line, and the markdown and raw cells
 * up to the next cell (the fixture's view: markdown 1-5, In [1] on 6, In [2] on 16, raw
 * 28-30, In [3] on 31, In [4] on 37, In [5] on 41). */
static void
test_read_only_lines (void)
{
  static const int expected[] = { 1, 5, 6, 6, 16, 16, 28, 30, 31, 31, 37, 37, 41, 41 };
  g_autofree char *path = fixture_path ();
  g_autofree char *data = NULL;
  g_autoptr(BsNotebook) notebook = NULL;
  g_autoptr(GArray) lines = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  notebook = load (data, length);
  lines = bs_notebook_read_only_lines (bs_notebook_get_text (notebook));
  g_assert_cmpmem (lines->data, lines->len * sizeof (int), expected, sizeof expected);
}

/* Text typed after the last cell, a markdown cell, is a code cell of its own: the
 * markdown cell stays as it was. */
static void
test_code_after_markdown (void)
{
  static const char notebook_json[] =
    "{\"cells\": [{\"cell_type\": \"code\", \"metadata\": {}, \"outputs\": [],"
    " \"execution_count\": null, \"source\": \"x = 1\"},"
    " {\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": [\"# End\\n\", \"\\n\","
    " \"The end.\"]}], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 4}";
  g_autoptr(BsNotebook) notebook = load (notebook_json, strlen (notebook_json));
  g_autofree char *edited = g_strconcat (bs_notebook_get_text (notebook), "\ny = 2\n", NULL);
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *markdown = NULL;
  g_autofree char *code = NULL;
  JsonNode *root;

  g_assert_true (g_str_has_suffix (bs_notebook_get_text (notebook),
                                   "# [markdown]\n# # End\n#\n# The end.\n\n"));
  saved = bs_notebook_save (notebook, edited, &error);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (saved, NULL),
                                             g_bytes_get_size (saved), &error));
  root = json_parser_get_root (parser);
  markdown = cell_source (root, 1);
  g_assert_cmpstr (markdown, ==, "# End\n\nThe end.");
  code = cell_source (root, 2);
  g_assert_cmpstr (code, ==, "y = 2");
  g_assert_cmpstr (json_object_get_string_member (cell (root, 2), "cell_type"), ==, "code");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/notebook/view", test_view);
  g_test_add_func ("/notebook/save-unchanged", test_save_unchanged);
  g_test_add_func ("/notebook/save-edited", test_save_edited);
  g_test_add_func ("/notebook/save-format", test_save_format);
  g_test_add_func ("/notebook/save-without-code", test_save_without_code);
  g_test_add_func ("/notebook/read-only-lines", test_read_only_lines);
  g_test_add_func ("/notebook/code-after-markdown", test_code_after_markdown);
  return g_test_run ();
}
