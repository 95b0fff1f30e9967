import Foundation
import Randomness

/// The owner's use of the other apps on the phone: which one they open each time the
/// screen comes on. Owner behaviour, so it lives with the owner; the iOS model learns
/// from the opens (each app's open history, dasd's recent apps) but does not make them.
///
/// Each of the `installed` apps gets a usage rank once per owner, in a random order; the
/// owner opens only the `used` most used, the app of rank r with weight 1 / r^exponent
/// (a Zipf-like use, facts `multi-app.md`). Draws come from the owner's own stream, at
/// screen-ons only, so every arm sees the same opens.
public struct OtherAppUse {
  /// The usage ranks 1…installed in the owner's random order: the apps take them in turn.
  public let ranks: [Int]
  /// Cumulative weights of opens by usage rank 1…used.
  let cumulative: [Double]
  let stream: RandomStream
  /// The owner's opens so far by usage rank 1…used (index 0 unused).
  public private(set) var opensByRank: [Int]

  /// The owner's use of `installed` apps, of which the first `used` ranks are opened;
  /// the order of ranks is drawn from `stream` at once.
  public init(installed: Int, used: Int, exponent: Double, stream: RandomStream) {
    self.stream = stream
    var ranks = Array(1...max(1, installed))
    for i in ranks.indices.dropLast() {
      ranks.swapAt(i, i + stream.uniformInt(below: ranks.count - i))
    }
    self.ranks = ranks
    opensByRank = Array(repeating: 0, count: max(0, used) + 1)
    var running = 0.0
    cumulative = (0..<used).map { r in
      running += 1 / pow(Double(r + 1), exponent)
      return running
    }
  }

  /// The owner's opens so far of the app of usage rank `rank` (0: none; beyond the apps
  /// used: never opened).
  public func opens(rank: Int) -> Int {
    opensByRank.indices.contains(rank) && rank > 0 ? opensByRank[rank] : 0
  }

  /// The usage rank of the app the owner opens at a screen-on (1: the most used), or nil
  /// when no app is used; the open is counted.
  public mutating func rankOpenedAtScreenOn() -> Int? {
    guard let total = cumulative.last else { return nil }
    let x = stream.uniform() * total
    var lo = 0
    var hi = cumulative.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if cumulative[mid] > x { hi = mid } else { lo = mid + 1 }
    }
    opensByRank[lo + 1] += 1
    return lo + 1
  }
}
