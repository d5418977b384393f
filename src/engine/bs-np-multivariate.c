/* bs-np-multivariate.c: numpy 1.24's multivariate_normal, by the same LAPACK and BLAS calls
 *
 * numpy factors the covariance with LAPACK (dgesdd for the SVD, dsyevd for eigh, dpotrf
 * for Cholesky) and multiplies the standard normals by the factor with BLAS (np.dot for
 * RandomState, matmul for Generator). The numbers depend on which routine runs, with
 * which arguments: the same routines of the same library (OpenBLAS, which Debian's numpy
 * also loads) give the same bits. So this file makes numpy's calls: the column-major copy
 * numpy's linalg makes, the workspace sizes its queries return, and the gemm or gemv (or
 * plain products, for a vector or one dimension) np.dot and matmul choose.
 */
#define G_LOG_DOMAIN "bs-engine"

#include "bs-np-multivariate.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

/* LAPACK's Fortran routines, with the lengths of their character arguments */
extern void dgesdd_ (const char *jobz, const blasint *m, const blasint *n, double *a,
                     const blasint *lda, double *s, double *u, const blasint *ldu, double *vt,
                     const blasint *ldvt, double *work, const blasint *lwork, blasint *iwork,
                     blasint *info, size_t jobz_len);
extern void dsyevd_ (const char *jobz, const char *uplo, const blasint *n, double *a,
                     const blasint *lda, double *w, double *work, const blasint *lwork,
                     blasint *iwork, const blasint *liwork, blasint *info, size_t jobz_len,
                     size_t uplo_len);
extern void dpotrf_ (const char *uplo, const blasint *n, double *a, const blasint *lda,
                     blasint *info, size_t uplo_len);

/* numpy's svd(cov): u, s, vt in C order */
static gboolean
svd (const double *cov,
     int           d,
     double       *u,
     double       *s,
     double       *vt)
{
  blasint n = d, lwork = -1, info = 0;
  g_autofree double *a = g_new (double, (gsize) d * d);
  g_autofree double *uf = g_new (double, (gsize) d * d);
  g_autofree double *vtf = g_new (double, (gsize) d * d);
  g_autofree blasint *iwork = g_new (blasint, 8 * (gsize) d);
  g_autofree double *work = NULL;
  double query = 0.0;

  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      a[r + c * d] = cov[r * d + c];
  dgesdd_ ("A", &n, &n, a, &n, s, uf, &n, vtf, &n, &query, &lwork, iwork, &info, 1);
  if (info != 0)
    return FALSE;
  lwork = MAX ((blasint) query, 1);
  work = g_new (double, lwork);
  dgesdd_ ("A", &n, &n, a, &n, s, uf, &n, vtf, &n, work, &lwork, iwork, &info, 1);
  if (info != 0)
    return FALSE;
  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      {
        u[r * d + c] = uf[r + c * d];
        vt[r * d + c] = vtf[r + c * d];
      }
  return TRUE;
}

/* numpy's eigh(cov) (the lower triangle): w ascending, the vectors' columns in C order */
static gboolean
eigh (const double *cov,
      int           d,
      double       *w,
      double       *vectors)
{
  blasint n = d, lwork = -1, liwork = -1, info = 0, iquery = 0;
  g_autofree double *a = g_new (double, (gsize) d * d);
  g_autofree double *work = NULL;
  g_autofree blasint *iwork = NULL;
  double query = 0.0;

  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      a[r + c * d] = cov[r * d + c];
  dsyevd_ ("V", "L", &n, a, &n, w, &query, &lwork, &iquery, &liwork, &info, 1, 1);
  if (info != 0)
    return FALSE;
  lwork = (blasint) query;
  liwork = iquery;
  work = g_new (double, MAX (lwork, 1));
  iwork = g_new (blasint, MAX (liwork, 1));
  dsyevd_ ("V", "L", &n, a, &n, w, work, &lwork, iwork, &liwork, &info, 1, 1);
  if (info != 0)
    return FALSE;
  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      vectors[r * d + c] = a[r + c * d];
  return TRUE;
}

/* numpy's cholesky(cov): L in C order, zero above the diagonal */
static gboolean
cholesky (const double *cov,
          int           d,
          double       *l)
{
  blasint n = d, info = 0;
  g_autofree double *a = g_new (double, (gsize) d * d);

  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      a[r + c * d] = cov[r * d + c];
  dpotrf_ ("L", &n, a, &n, &info, 1);
  if (info != 0)
    return FALSE;
  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      l[r * d + c] = c <= r ? a[r + c * d] : 0.0;
  return TRUE;
}

/* np.allclose(np.dot(vt.T * s, vt), cov, rtol=tol, atol=tol): the check that the SVD
 * reproduces cov, which a matrix that is not positive semi-definite fails */
static gboolean
svd_reproduces (const double *cov,
                int           d,
                const double *s,
                const double *vt,
                double        tol)
{
  for (int r = 0; r < d; r++)
    for (int c = 0; c < d; c++)
      {
        double sum = 0.0, want = cov[r * d + c];

        for (int k = 0; k < d; k++)
          sum += vt[k * d + r] * s[k] * vt[k * d + c];
        if (!(fabs (sum - want) <= tol + tol * fabs (want)))
          return FALSE;
      }
  return TRUE;
}

BsNpMvnResult
bs_np_mvn_factor (BsNpMvnMethod  method,
                  const double  *cov,
                  int            d,
                  double         tol,
                  double        *factor)
{
  g_autofree double *u = g_new (double, (gsize) d * d);
  g_autofree double *vt = g_new (double, (gsize) d * d);
  g_autofree double *s = g_new (double, MAX (d, 1));
  gboolean psd = TRUE;

  switch (method)
    {
    case BS_NP_MVN_LEGACY:
    case BS_NP_MVN_SVD:
      if (!svd (cov, d, u, s, vt))
        return BS_NP_MVN_FAILED;
      psd = svd_reproduces (cov, d, s, vt, tol);
      /* RandomState: sqrt(s)[:, None] * v; Generator: u * sqrt(s) */
      for (int r = 0; r < d; r++)
        for (int c = 0; c < d; c++)
          factor[r * d + c] = method == BS_NP_MVN_LEGACY ? sqrt (s[r]) * vt[r * d + c]
                                                         : u[r * d + c] * sqrt (s[c]);
      break;
    case BS_NP_MVN_EIGH:
      if (!eigh (cov, d, s, u))
        return BS_NP_MVN_FAILED;
      for (int k = 0; k < d; k++)
        psd = psd && !(s[k] < -tol);
      for (int r = 0; r < d; r++)
        for (int c = 0; c < d; c++)
          factor[r * d + c] = u[r * d + c] * sqrt (fabs (s[c]));
      break;
    case BS_NP_MVN_CHOLESKY:
    default:
      if (!cholesky (cov, d, factor))
        return BS_NP_MVN_FAILED;
      break;
    }
  return psd ? BS_NP_MVN_OK : BS_NP_MVN_NOT_PSD;
}

void
bs_np_mvn_transform (BsNpMvnMethod  method,
                     const double  *x,
                     gint64         n,
                     int            d,
                     const double  *factor,
                     const double  *mean,
                     double        *out)
{
  if (d == 1 || n == 0)
    {
      /* np.dot with a 1 x 1 factor: axpy into zeros; matmul with one inner dimension:
       * its plain loop from zero. Either is the product. */
      for (gint64 i = 0; i < n * d; i++)
        out[i] = x[i] * factor[0];
    }
  else if (method == BS_NP_MVN_LEGACY && n == 1)
    /* np.dot of a row and a matrix: gemv of the matrix transposed */
    cblas_dgemv (CblasRowMajor, CblasTrans, d, d, 1.0, factor, d, x, 1, 0.0, out, 1);
  else if (method == BS_NP_MVN_LEGACY)
    cblas_dgemm (CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint) n, d, d, 1.0, x, d,
                 factor, d, 0.0, out, d);
  else if (n == 1)
    /* matmul's vector @ matrix, factor.T read in column order */
    cblas_dgemv (CblasColMajor, CblasTrans, d, d, 1.0, factor, d, x, 1, 0.0, out, 1);
  else
    cblas_dgemm (CblasRowMajor, CblasNoTrans, CblasTrans, (blasint) n, d, d, 1.0, x, d,
                 factor, d, 0.0, out, d);
  for (gint64 i = 0; i < n; i++)
    for (int j = 0; j < d; j++)
      out[i * d + j] = method == BS_NP_MVN_LEGACY ? out[i * d + j] + mean[j]
                                                  : mean[j] + out[i * d + j];
}
