/* bs-api-names.h: the public names of the libraries Backstep provides in part
 *
 * A script may ask for something PyTorch or matplotlib has and Backstep lacks
 * (torch.fft, nn.Transformer, x.stft(), plt.rcParams). Such a name is refused as
 * "Backstep's torch has no 'fft'", so that no one reads the message as saying PyTorch
 * lacks it; a name the library does not have either (a typo) keeps CPython's wording.
 * The lists are written by tools/api-names.py from PyTorch 1.13 and matplotlib 3.6.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char         *owner;   /* "torch", "torch.Tensor", "matplotlib.pyplot", ... */
  const char *const  *names;   /* NULL-terminated, sorted */
} BsApiNames;

extern const BsApiNames bs_api_names[];

/* "Backstep's torch has no 'nn.Transformer'" when OWNER's library has NAME, else NULL.
 * OWNER is a module's or a type's full name ("torch.nn", "torch.Tensor"). */
char *bs_api_names_missing_message (const char *owner,
                                    const char *name);

G_END_DECLS
