/* bs-pyplot-private.h: what the files of the pyplot binding share */
#pragma once

#include <string.h>

#include "bs-interp-private.h"
#include "bs-plot-session.h"
#include "bs-pyplot.h"
#include "bs-pyplot-data.h"
#include "bs-signature.h"

G_BEGIN_DECLS

/* A row's data: whether the function is pyplot's (on the current axes or figure) or a
 * method of its receiver; functions serving two names add 2 for the second. */
enum { ON_SELF = 0, ON_CURRENT = 1 };

/* A Figure (AXES NULL) or an Axes of it */
typedef struct {
  BsPlotFigure *figure;   /* Owned (a reference) */
  BsPlotAxes   *axes;     /* Borrowed from FIGURE */
  guint         artist;   /* a mappable's index among the axes' artists */
} BsPyplotHandle;

BsValue         bs_pyplot_wrap            (BsInterp        *in,
                                           BsPlotFigure    *figure,
                                           BsPlotAxes      *axes);
/* The handle of a Figure or Axes value, or NULL */
BsPyplotHandle *bs_pyplot_handle          (BsValue          v);
/* --- what drawing functions return (bs-pyplot-artists.c) --- */

typedef enum {
  BS_PYPLOT_OBJ_LINE2D,
  BS_PYPLOT_OBJ_PATH_COLLECTION,
  BS_PYPLOT_OBJ_POLY_COLLECTION,
  BS_PYPLOT_OBJ_AXES_IMAGE,
  BS_PYPLOT_OBJ_QUAD_CONTOUR_SET,
  BS_PYPLOT_OBJ_TEXT,
  BS_PYPLOT_OBJ_LEGEND,
  BS_PYPLOT_OBJ_COLORBAR,
  BS_PYPLOT_OBJ_BAR_CONTAINER,
  BS_PYPLOT_OBJ_ANNOTATION,
  BS_PYPLOT_OBJ_LINE_COLLECTION,
  BS_PYPLOT_OBJ_ERRORBAR_CONTAINER,
  BS_PYPLOT_N_OBJ
} BsPyplotKind;

/* A list of a Line2D for each artist of AXES from FIRST on (plot()) */
BsValue         bs_pyplot_lines           (BsInterp        *in,
                                           BsPlotAxes      *axes,
                                           guint            first);
/* The Line2D of the axes' artist INDEX, after CHILDREN of matplotlib's children */
BsValue         bs_pyplot_line            (BsInterp        *in,
                                           BsPlotAxes      *axes,
                                           guint            index,
                                           guint            children);
/* The Line2D of the axes' last artist (axhline(), axvline()) */
BsValue         bs_pyplot_last_line       (BsInterp        *in,
                                           BsPlotAxes      *axes);
/* The object of KIND for the axes' last artist: a PathCollection, AxesImage or
 * QuadContourSet (which colorbar() can show), a PolyCollection, Legend or Colorbar */
BsValue         bs_pyplot_object          (BsInterp        *in,
                                           BsPyplotKind     kind,
                                           BsPlotAxes      *axes);
BsValue         bs_pyplot_bar_container   (BsInterp        *in,
                                           guint            n);
/* What errorbar() returns: <ErrorbarContainer object of 3 artists> */
BsValue         bs_pyplot_errorbar_container (BsInterp     *in);
/* Text(x, y, 'text'), x and y as str() prints them */
gboolean        bs_pyplot_text            (BsInterp        *in,
                                           BsValue          x,
                                           BsValue          y,
                                           const char      *text,
                                           BsValue         *out);
/* An Annotation: str() Annotation(x, y, 'text') with XY as '%g' prints them; repr()
 * Text(x, y, 'text') with the items of XYTEXT (a pair) as str() prints them */
gboolean        bs_pyplot_annotation      (BsInterp        *in,
                                           double           x,
                                           double           y,
                                           BsValue          xytext,
                                           const char      *text,
                                           BsValue         *out);
/* The place of what imshow(), scatter() or contourf() returned, or NULL */
BsPyplotHandle *bs_pyplot_mappable_handle (BsValue          v);
BsValue         bs_pyplot_axes_grid       (BsInterp        *in,
                                           BsPlotFigure    *figure,
                                           int              nrows,
                                           int              ncols,
                                           gboolean         squeeze);

/* plot() of ARGS ((x, y, fmt) groups) with the call's keywords, on the call's axes */
gboolean        bs_pyplot_plot_args       (BsInterp        *in,
                                           BsCall          *call,
                                           BsValue         *args,
                                           gsize            n,
                                           BsValue         *r);
/* The axes or figure a call acts on: its receiver, or pyplot's current one (data % 2) */
BsPlotAxes     *bs_pyplot_axes_of         (BsInterp        *in,
                                           BsCall          *call);
BsPlotFigure   *bs_pyplot_figure_of       (BsInterp        *in,
                                           BsCall          *call);
/* A NotImplementedError for the first of NAMES the call gives */
gboolean        bs_pyplot_refuse          (BsInterp        *in,
                                           BsCall          *call,
                                           const char * const *names);
gboolean        bs_pyplot_number          (BsInterp        *in,
                                           BsValue          v,
                                           const char      *what,
                                           double          *out);
gboolean        bs_pyplot_font_size       (BsInterp        *in,
                                           BsValue          v,
                                           double          *pt);
gboolean        bs_pyplot_optional_number (BsInterp        *in,
                                           BsCall          *call,
                                           const char      *name,
                                           double           fallback,
                                           double          *out);
/* NULL for None; *OK FALSE (raised) when not a string */
const char     *bs_pyplot_optional_string (BsInterp        *in,
                                           BsCall          *call,
                                           const char      *name,
                                           gboolean        *ok);
/* A plot library error (consumed) as ValueError, TypeError or OSError */
gboolean        bs_pyplot_raise           (BsInterp        *in,
                                           GError          *error);

extern const BsSignatureTable bs_pyplot_objects_table;
extern const BsSignatureTable bs_pyplot_draw_table;
extern const BsSignatureTable bs_pyplot_text_table;
extern const BsSignatureTable bs_pyplot_axis_table;
extern const BsSignatureTable bs_pyplot_lines_table;

static inline int
param (BsCall     *call,
       const char *name)
{
  for (guint i = 0; i < call->sig->n_params; i++)
    if (strcmp (call->sig->params[i].name, name) == 0)
      return (int) i;
  g_assert_not_reached ();
  return -1;
}

static inline gboolean
has (BsCall     *call,
     const char *name)
{
  return bs_call_has (call, param (call, name));
}

/* The items of a tuple just made */
static inline BsValue *
bs_tuple_items (BsValue tuple)
{
  gsize n;

  return bs_value_items (tuple, &n);
}

/* The argument NAME, or its default when it is a number, a bool or None */
static inline BsValue
arg (BsCall     *call,
     const char *name)
{
  int i = param (call, name);

  return call->given[i] ? call->values[i] : call->sig->params[i].default_value;
}

/* The string argument NAME, or its default's text without the quotes (copied to BUF);
 * NULL when it is not a string */
static inline const char *
string_arg (BsCall     *call,
            const char *name,
            char       *buf,
            gsize       size)
{
  int i = param (call, name);
  const char *text = call->sig->params[i].default_text;
  char *quote;

  if (call->given[i])
    return bs_value_str (call->values[i]);
  if (text == NULL || text[0] != '\'')
    return NULL;
  g_strlcpy (buf, text + 1, size);
  quote = strrchr (buf, '\'');
  if (quote != NULL)
    *quote = '\0';
  return buf;
}

G_END_DECLS
