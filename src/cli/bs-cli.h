/* bs-cli.h: the subcommands of the backstep command that need no display
 *
 * Each takes the arguments that follow the program name, the subcommand's own
 * name first (argv[0] == "run"), and returns the process's exit status.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* backstep run [OPTION…] FILE.py: runs a script as `python3 FILE.py` would. */
int bs_cli_run (int    argc,
                char **argv);

/* backstep trace [OPTION…] FILE.py [-o OUT.jsonl]: the run's trace as JSON Lines. */
int bs_cli_trace (int    argc,
                  char **argv);

/* backstep paths [OPTION…] FILE.py --of L --wrt w1: the chain rule, path by path. */
int bs_cli_paths (int    argc,
                  char **argv);

/* backstep check [OPTION…] FILE.py: autograd's gradients against finite differences. */
int bs_cli_check (int    argc,
                  char **argv);

/* backstep quiz [OPTION…] FILE.py: its backward passes asked step by step on stdin. */
int bs_cli_quiz (int    argc,
                 char **argv);

/* backstep export [OPTION…] FILE.py -o OUT.{png,svg,pdf,dot}: the graph at a step. */
int bs_cli_export (int    argc,
                   char **argv);

G_END_DECLS
