import SimKernel

/// A request's predicted optimum as the rule keeps it (``RelativeThreshold``): the
/// submission it was predicted for, and its threshold until its slot ends or the optimum
/// is predicted again.
struct KeptOptimum {
  var submitted: SimTime
  var optimum: RelativeThreshold
  var threshold: Double
  var validUntil: SimTime
}
