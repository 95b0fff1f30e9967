import FileFormats

extension Hypothesis.Comparison {
  /// Why the claim `metric OP value` must be a slip, or nil. A share lies in 0…1 and a
  /// count, an energy or a duration is never negative (``MetricName/range``): a value
  /// outside that, or a claim that no figure can hold (`> 1` for a share, `< 0`), is
  /// decided by the value alone, so `>= 1.95` written for `>= 0.95` gets an error, not a
  /// plausible FAIL. A claim on the range's end that every figure holds (`>= 0`) stands:
  /// it asks for the metric in the summary and claims nothing.
  public func slipProblem(metric: MetricName, value: Double) -> String? {
    let isShare = metric.range == .share
    let (low, high) = (0.0, isShare ? 1.0 : Double.infinity)
    let never: Bool
    switch self {
    case .greaterOrEqual: never = value > high
    case .greater: never = value >= high
    case .lessOrEqual: never = value < low
    case .less: never = value <= low
    }
    let outside = value < low || value > high
    guard outside || never else { return nil }
    let what =
      isShare
      ? "\(metric.rawValue) is a share, from 0 to 1 (or 0% to 100%)"
      : "\(metric.rawValue) is never negative"
    return
      "\(what), so '\(rawValue) \(Format.compact(value))' \(never ? "fails" : "holds") whatever the run; "
      + "give a value its figure can fall on either side of"
  }
}
