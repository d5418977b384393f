/* bs-latex.h: Backstep's texts as LaTeX, for TikZ exports and "Copy as LaTeX"
 *
 * Names and formulas become math as a teacher writes it on the board: "x3" is x_{3},
 * "∂L/∂w1" is \frac{\partial L}{\partial w_{1}}, "*" and "·" are \cdot, "×" is \times.
 * Other text is escaped for LaTeX's text mode (pdflatex with T1 fonts; the symbols
 * Backstep writes, ∂ × · → ← … ✓, as math).
 */
#pragma once

#include <glib.h>

#include "bs-paths.h"
#include "bs-replay.h"

G_BEGIN_DECLS

/* text in text mode, each ∂A/∂B in it as a fraction in math mode */
void      bs_latex_append_text      (GString    *out,
                                     const char *text);
/* text as math (without the surrounding $...$): names subscripted, fractions */
void      bs_latex_append_math      (GString    *out,
                                     const char *text);
/* Whether text reads as a formula (names, numbers, operators, ∂ and brackets only). */
gboolean  bs_latex_is_formula       (const char *text);

/* The chain rule for tensor in paths' backward call as an align* block: the gradient as
 * the sum of the paths' products of fractions, their numbers, each path's product and
 * the sum ("Copy as LaTeX" in the chain-rule panel). */
char     *bs_latex_paths            (BsPaths            *paths,
                                     BsTrace            *trace,
                                     const BsTraceState *state,
                                     guint32             tensor);

G_END_DECLS
