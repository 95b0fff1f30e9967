/// The source of every stream in one replication of a run.
///
/// A stream's key depends only on (seed, replication, name), so:
/// - adding a stream never changes what the others draw;
/// - two arms of an experiment that ask for `"device/3/usage"` get the same draws,
///   which makes comparisons between arms paired (common random numbers).
///
/// ```swift
/// let streams = RandomStreams(seed: 42, replication: 2)
/// let charging = streams.stream("device/3/charging")
/// ```
public struct RandomStreams: Hashable, Sendable {
  /// The run's master seed.
  public let seed: UInt64
  /// The replication number, from 0.
  public let replication: Int

  public init(seed: UInt64, replication: Int = 0) {
    self.seed = seed
    self.replication = replication
  }

  /// The 64-bit key of the stream called `name`.
  public func key(_ name: String) -> UInt64 {
    var k = SplitMix64.mix(seed ^ 0x6267_7369_6D00_0000)  // "bgsim"
    k = SplitMix64.mix(k ^ UInt64(bitPattern: Int64(replication)))
    return SplitMix64.mix(k ^ fnv1a64(name))
  }

  /// A new generator for the stream called `name`, positioned at its start.
  public func stream(_ name: String) -> RandomStream { RandomStream(key: key(name)) }
}
