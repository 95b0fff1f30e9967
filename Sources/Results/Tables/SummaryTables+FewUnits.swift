import FileFormats

extension SummaryTables {
  /// The warning for a run whose intervals rest on fewer than 20 units, or nil: owners,
  /// or with a posterior (`posterior`) the replications, each of which draws its own
  /// parameters and is one unit of the intervals.
  public static func fewUnitsWarning(owners: Int, replications: Int, posterior: Bool) -> String? {
    guard (posterior ? replications : owners) < 20 else { return nil }
    let units =
      posterior
      ? "the intervals are over \(Format.count(replications, "replication")), each with its posterior draw"
      : "each arm has \(Format.count(owners, "owner"))"
    return units + "; below 20 the intervals are wide and most claims stay inconclusive"
  }
}
