import FileFormats

extension SummaryTables {
  /// The warnings for a run whose intervals rest on too few units: fewer than 20 owners,
  /// or with a posterior (`posterior`) fewer than 20 replications, each of which draws its
  /// own parameters and is one unit of the intervals; and `stalled`, a clause saying what
  /// the owners are too few for, which joins the first line when both are about owners.
  public static func fewUnitsWarnings(owners: Int, replications: Int, posterior: Bool, stalled: String?)
    -> [String]
  {
    let owned = "each arm has \(Format.count(owners, "owner"))"
    let wide = "; below 20 the intervals are wide and most claims stay inconclusive"
    let ownersLine = stalled.map { owned + "; " + $0 }
    guard (posterior ? replications : owners) < 20 else { return ownersLine.map { [$0] } ?? [] }
    guard posterior else { return [owned + wide + (stalled.map { ", and " + $0 } ?? "")] }
    let units =
      "the intervals are over \(Format.count(replications, "replication")), each with its posterior draw"
    return [units + wide] + (ownersLine.map { [$0] } ?? [])
  }
}
