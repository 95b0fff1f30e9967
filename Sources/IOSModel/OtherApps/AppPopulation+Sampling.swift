extension AppPopulation {
  /// The fewest owners whose drawn apps' opens intervals held their truth in the coverage
  /// study (the Results article *Intervals*: at 100 owners all in band; at 40 the drawn
  /// apps' opens held it in 0.815–0.895 of runs, four of six below the band).
  public static let ownersForDrawnOpens = 100

  /// Why `owners` owners are too few for the drawn apps' opens per day in
  /// `other_app_summary.csv`, or nil: each owner draws an app's usage rank, and the few
  /// who rank it first, opening it dozens of times a day, are missing from many small
  /// samples. Below 20 owners the general warning says enough.
  public func drawnOpensWarning(owners: Int) -> String? {
    guard backgroundActive > 0, owners >= 20, owners < Self.ownersForDrawnOpens else { return nil }
    return "each arm has \(owners) owners; other_app_summary.csv's opens per day of drawn apps come out "
      + "low too often for their intervals (the few owners who rank an app first open it dozens of "
      + "times a day; at 40 owners they held the truth in about 0.82 of runs); use "
      + "\(Self.ownersForDrawnOpens) or more"
  }
}
