/// The y-axes the cells shown side by side share, so that one chart reads the same in
/// every cell: the report draws the cells once to measure each chart's top (the largest
/// over the cells, ``top(_:_:)``), then again on the shared tops
/// (``begin(measuring:)``).
final class SharedScales {
  private var measured: [String: Double] = [:]
  private var shared: [String: Double]?

  /// The top of chart `id`'s axis: `own` (this cell's) while measuring, the largest over
  /// the cells once shared.
  func top(_ id: String, _ own: Double) -> Double {
    if let shared { return shared[id] ?? own }
    measured[id] = max(measured[id] ?? own, own)
    return own
  }

  /// From now on every chart takes the largest top measured (`measuring` false), or
  /// charts are measured again (`measuring` true: the next section's).
  func begin(measuring: Bool) { shared = measuring ? nil : measured }
}
