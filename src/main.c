/* main.c: the backstep command */
#define G_LOG_DOMAIN "backstep"

#include <glib.h>
#include <locale.h>
#include <malloc.h>
#include <stdio.h>

#include "bs-application.h"
#include "bs-cli.h"

static const char usage[] =
  "Usage: backstep [FILE.py|FILE.ipynb] open the window (on FILE, or the built-in example)\n"
  "       backstep COMMAND [ARGS...]\n"
  "\n"
  "Backstep runs PyTorch snippets on its own autograd engine and lets you step\n"
  "through the backward pass.\n"
  "\n"
  "Commands:\n"
  "  run FILE    run a Python script (- for standard input) and print what it prints\n"
  "  trace FILE  run it recorded and write its trace as JSON Lines (-o OUT.jsonl)\n"
  "  paths FILE  list the chain-rule paths of a gradient: paths FILE --of L --wrt w1\n"
  "  check FILE  check its gradients against finite differences (as gradcheck)\n"
  "  quiz FILE   ask its backward pass edge by edge, answers read from standard input\n"
  "  export FILE draw its graph at a step: export FILE -o OUT.png|svg|pdf|dot\n"
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
  /* Blocks up to 32 MiB come from the heap, and up to 128 MiB of it stays once freed: a
   * script that makes and drops large arrays in a loop (numpy's temporaries) would
   * otherwise have the C library give the memory back and fault it in again every time,
   * which costs more than the arithmetic (`(x - y) / 3.0` on 10^6 elements: 10 ms, 2 ms) */
  mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 128 * 1024 * 1024);
  if (command == NULL || g_str_has_suffix (command, ".py") || g_str_has_suffix (command, ".ipynb"))
    {
      g_autoptr(BsApplication) app = NULL;

      if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
        {
          fprintf (stderr, "backstep: no display to open the window on\n\n%s", usage);
          return 1;
        }
      app = bs_application_new ();
      return g_application_run (G_APPLICATION (app), argc, argv);
    }
  if (g_str_equal (command, "help") || g_str_equal (command, "--help")
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
  if (g_str_equal (command, "trace"))
    return bs_cli_trace (argc - 1, argv + 1);
  if (g_str_equal (command, "paths"))
    return bs_cli_paths (argc - 1, argv + 1);
  if (g_str_equal (command, "check"))
    return bs_cli_check (argc - 1, argv + 1);
  if (g_str_equal (command, "quiz"))
    return bs_cli_quiz (argc - 1, argv + 1);
  if (g_str_equal (command, "export"))
    return bs_cli_export (argc - 1, argv + 1);

  fprintf (stderr, "backstep: unknown command '%s'\n\n%s", command, usage);
  return 2;
}
