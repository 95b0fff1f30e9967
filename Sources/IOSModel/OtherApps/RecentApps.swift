import Randomness

/// dasd's set of recently used apps: at most `capacity` apps, each added when the owner
/// opens it; when the set is full, a new app takes the place of an arbitrary member (dasd
/// takes `anyObject`, not the least recent: here a uniform draw). Membership gives
/// overdue work the application policy's recent bonus (``ApplicationPolicy``).
///
/// Apps are named by their usage rank (1: the most opened of the owner's other apps); the
/// app under study is ``appUnderStudy``.
struct RecentApps {
  /// The most apps the set holds (dasd: 25).
  let capacity: Int
  private(set) var members: [Int32] = []
  /// The members again, one bit per app, for a membership test in constant time (it is
  /// asked for every other app at every decision point).
  private var bits = [UInt64](repeating: 0, count: 8)
  /// Its draws of the member to evict: a stream of its own, so that the owner's opens
  /// stay the same whatever the set does.
  let stream: RandomStream?

  /// The app under study's name in the set.
  static let appUnderStudy: Int32 = 0

  init(capacity: Int = 25, stream: RandomStream? = nil) {
    self.capacity = capacity
    self.stream = stream
    members.reserveCapacity(capacity)
  }

  @inline(__always)
  func contains(_ app: Int32) -> Bool {
    let word = Int(app) >> 6
    return word < bits.count && bits[word] & (1 << UInt64(app & 63)) != 0
  }

  /// The owner opened `app` (a usage rank, at least 0).
  mutating func opened(_ app: Int32) {
    guard capacity > 0, !contains(app) else { return }
    if members.count < capacity {
      members.append(app)
    } else if let stream {
      let k = stream.uniformInt(below: members.count)
      flip(members[k])
      members[k] = app
    } else {
      return
    }
    flip(app)
  }

  private mutating func flip(_ app: Int32) {
    let word = Int(app) >> 6
    if word >= bits.count { bits += [UInt64](repeating: 0, count: word + 1 - bits.count) }
    bits[word] ^= 1 << UInt64(app & 63)
  }
}
