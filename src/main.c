/* main.c: the backstep command */
#define G_LOG_DOMAIN "backstep"

#include <glib.h>
#include <locale.h>
#include <stdio.h>

#include "bs-cli.h"

static const char usage[] =
  "Usage: backstep [COMMAND] [ARGS...]\n"
  "\n"
  "Backstep runs PyTorch snippets on its own autograd engine and lets you step\n"
  "through the backward pass.\n"
  "\n"
  "Commands:\n"
  "  run FILE    run a Python script (- for standard input) and print what it prints\n"
  "  help        show this message\n"
  "  version     print the version\n"
  "\n"
  "Run 'backstep COMMAND --help' for a command's options.\n";

int
main (int   argc,
      char *argv[])
{
  const char *command = argc >= 2 ? argv[1] : NULL;

  setlocale (LC_ALL, "");
  if (command == NULL || g_str_equal (command, "help") || g_str_equal (command, "--help")
      || g_str_equal (command, "-h"))
    {
      g_print ("%s", usage);
      return 0;
    }
  if (g_str_equal (command, "version"))
    {
      g_print ("backstep %s\n", "0.1.0");
      return 0;
    }
  if (g_str_equal (command, "run"))
    return bs_cli_run (argc - 1, argv + 1);

  fprintf (stderr, "backstep: unknown command '%s'\n\n%s", command, usage);
  return 2;
}
