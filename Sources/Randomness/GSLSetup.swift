@preconcurrency import CGSL

/// GSL aborts the process on any error unless told otherwise. bgsim checks inputs
/// itself and reads return values, so the handler is turned off once, before the
/// first generator is made.
let gslSetup: Void = bgsim_gsl_disable_abort()

/// Turns GSL's abort-on-error handler off. Safe to call many times.
public func prepareGSL() { _ = gslSetup }
