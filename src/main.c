/* main.c: the backstep command */
#define G_LOG_DOMAIN "backstep"

#include <glib.h>
#include <locale.h>

static const char usage[] =
  "Usage: backstep [COMMAND] [ARGS...]\n"
  "\n"
  "Backstep runs PyTorch snippets on its own autograd engine and lets you step\n"
  "through the backward pass.\n"
  "\n"
  "Commands:\n"
  "  help        show this message\n"
  "  version     print the version\n";

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  if (argc >= 2 && g_str_equal (argv[1], "version"))
    {
      g_print ("backstep %s\n", "0.1.0");
      return 0;
    }
  g_print ("%s", usage);
  return argc >= 2 && !g_str_equal (argv[1], "help") ? 2 : 0;
}
