/* bs-np-multivariate.h: numpy 1.24's multivariate_normal, by numpy's LAPACK and BLAS calls */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_NP_MVN_LEGACY,     /* RandomState: svd, np.dot(x, sqrt(s)[:, None] * v) + mean */
  BS_NP_MVN_SVD,        /* Generator: mean + x @ (u * sqrt(s)).T */
  BS_NP_MVN_EIGH,       /* Generator: mean + x @ (u * sqrt(abs(s))).T */
  BS_NP_MVN_CHOLESKY,   /* Generator: mean + x @ l.T */
} BsNpMvnMethod;

typedef enum {
  BS_NP_MVN_OK,
  BS_NP_MVN_NOT_PSD,    /* numpy's check: not symmetric positive semi-definite */
  BS_NP_MVN_FAILED,     /* LAPACK failed: no convergence, or (Cholesky) not definite */
} BsNpMvnResult;

/* The d x d factor (C order) of cov (d x d, C order, float64) that method multiplies the
 * standard normals by, and numpy's check of cov with tolerance tol (none for Cholesky) */
BsNpMvnResult bs_np_mvn_factor    (BsNpMvnMethod  method,
                                   const double  *cov,
                                   int            d,
                                   double         tol,
                                   double        *factor);
/* out (n x d) = the standard normals x (n x d) times factor, plus mean (d), as numpy's
 * np.dot (LEGACY) or matmul computes it */
void          bs_np_mvn_transform (BsNpMvnMethod  method,
                                   const double  *x,
                                   gint64         n,
                                   int            d,
                                   const double  *factor,
                                   const double  *mean,
                                   double        *out);

G_END_DECLS
