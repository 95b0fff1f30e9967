/// Which slice of the work a process runs: shard `index` of `count`, from 1.
public struct Shard: Sendable, Hashable {
  public let index: Int
  public let count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N; nil otherwise.
  public init?(text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
      return nil
    }
    index = k
    count = n
  }
}
