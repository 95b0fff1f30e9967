// The C side of bgsim's GSL bridge. Swift 6 strict concurrency rejects GSL's
// generator-type globals (`gsl_rng_mt19937`, `gsl_qrng_sobol`), so they are
// reached through the accessor functions below instead.
#ifndef BGSIM_CGSL_SHIM_H
#define BGSIM_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_qrng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sf_gamma.h>
#include <string.h>

/// L'Ecuyer's combined Tausworthe generator with period 2^113 (taus113): fast,
/// maximally equidistributed, with 128 bits of state.
static inline const gsl_rng_type *bgsim_rng_type_taus113(void) { return gsl_rng_taus113; }

/// Sobol's quasi-random sequence type.
static inline const gsl_qrng_type *bgsim_qrng_type_sobol(void) { return gsl_qrng_sobol; }

/// Turns GSL's abort-on-error handler off; callers check return values instead.
static inline void bgsim_gsl_disable_abort(void) { gsl_set_error_handler_off(); }

/// Layout of GSL's taus113 state (gsl/rng/taus113.c). Checked against gsl_rng_size
/// at run time.
typedef struct {
  unsigned long int z1, z2, z3, z4;
} bgsim_taus113_state;

/// Sets the whole taus113 state from four 32-bit words, so that a stream is seeded from
/// a 64-bit key without the 32-bit seed collisions of gsl_rng_set. Each component is
/// raised above the minimum its recurrence needs (z1 > 1, z2 > 7, z3 > 15, z4 > 127),
/// then the generator is warmed up by ten draws, as GSL's own seeding does.
/// Returns 0 on success, -1 when the state does not have the expected layout.
static inline int bgsim_taus113_fill_state(gsl_rng *r, const unsigned int *words) {
  if (gsl_rng_size(r) != sizeof(bgsim_taus113_state)) return -1;
  bgsim_taus113_state *s = (bgsim_taus113_state *)gsl_rng_state(r);
  s->z1 = words[0] < 2u ? words[0] + 2u : words[0];
  s->z2 = words[1] < 8u ? words[1] + 8u : words[1];
  s->z3 = words[2] < 16u ? words[2] + 16u : words[2];
  s->z4 = words[3] < 128u ? words[3] + 128u : words[3];
  for (int i = 0; i < 10; i++) (void)gsl_rng_get(r);
  return 0;
}

#endif
