import FileFormats
import Foundation

extension OwnerEffects.Spread {
  /// Why `owners` owners are too few for the stalled phones, or nil: a clause for "each
  /// arm has N owners; …". A share `p` of stalled phones is missing from a sample of n
  /// owners with probability (1 − p)ⁿ; above 10 % the means those owners dominate
  /// (staleness) come out too low too often for their intervals (the coverage study at 20
  /// owners: 0.76; 20 runs of 10 owners: 11 held it, where 0.942¹⁰ = 55 % hold none).
  public func stalledSampleWarning(owners: Int) -> String? {
    let p = stalledReleaseShare
    guard p > 0, p < 1, owners >= 1, pow(1 - p, Double(owners)) > 0.1 else { return nil }
    let enough = Int((log(0.1) / log(1 - p)).rounded(.up))
    let missing = Int((pow(1 - p, Double(owners)) * 100).rounded())
    return "\(missing) % of such samples hold none of the "
      + "\(CSVNumber.format(p * 100, digits: 1)) % of phones on a stalled release "
      + "(scheduler.owners.stalled_release_share), so means they dominate (staleness) come out low; "
      + "use \(enough) or more"
  }
}
