import Testing

@testable import Randomness

@Suite struct StreamTests {
  func draws(_ stream: RandomStream, _ n: Int = 100) -> [Double] { (0..<n).map { _ in stream.uniform() } }

  /// Uniform draws step the generator in Swift; GSL steps the same state for its own
  /// distributions. Two twin streams, one drawing through each path, interleaved with
  /// GSL's log-normal draws, must agree bit for bit.
  @Test(arguments: [UInt64(1), 42, 0xDEAD_BEEF_CAFE])
  func uniformDrawsAreGSLsOwn(key: UInt64) {
    let inline = RandomStream(key: key)
    let gsl = RandomStream(key: key)
    #expect(inline.state != nil)
    let lognormal = LogNormal(median: 30, sigma: 1)
    var mismatches = 0
    for i in 0..<100_000 {
      if inline.uniform().bitPattern != gsl.uniformThroughGSL().bitPattern { mismatches += 1 }
      if i % 7 == 0, lognormal.sample(inline).bitPattern != lognormal.sampleThroughGSL(gsl).bitPattern {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }

  /// The log-normal sampler is written in Swift; it must give GSL's values bit for
  /// bit and leave the stream where GSL leaves it (the polar method rejects about
  /// 21 % of its pairs, so the two must also draw the same number of uniforms).
  @Test(arguments: [
    LogNormal(median: 5, sigma: 0.6), LogNormal(median: 30, sigma: 1.7),
    LogNormal(mean: 127, sd: 300), LogNormal(median: 1e-3, sigma: 0.05),
  ])
  func logNormalDrawsAreGSLsOwn(distribution: LogNormal) {
    let swift = RandomStream(key: 7)
    let gsl = RandomStream(key: 7)
    var mismatches = 0
    for _ in 0..<200_000
    where distribution.sample(swift).bitPattern != distribution.sampleThroughGSL(gsl).bitPattern {
      mismatches += 1
    }
    #expect(mismatches == 0)
    #expect(swift.uniform() == gsl.uniform())
  }

  @Test func sameSeedGivesIdenticalSequences() {
    let a = RandomStreams(seed: 42, replication: 3).stream("device/1/usage")
    let b = RandomStreams(seed: 42, replication: 3).stream("device/1/usage")
    #expect(draws(a) == draws(b))
  }

  @Test func anotherSeedReplicationOrNameGivesAnotherSequence() {
    let base = draws(RandomStreams(seed: 42, replication: 3).stream("device/1/usage"))
    #expect(draws(RandomStreams(seed: 43, replication: 3).stream("device/1/usage")) != base)
    #expect(draws(RandomStreams(seed: 42, replication: 4).stream("device/1/usage")) != base)
    #expect(draws(RandomStreams(seed: 42, replication: 3).stream("device/2/usage")) != base)
  }

  @Test func addingAStreamLeavesTheOthersUnchanged() {
    let streams = RandomStreams(seed: 7)
    let alone = draws(streams.stream("charging"))
    // Create and consume other streams first, in between, and interleaved.
    let other = streams.stream("network")
    _ = draws(other, 1000)
    let charging = streams.stream("charging")
    let extra = streams.stream("a-new-component")
    var interleaved: [Double] = []
    for _ in 0..<100 {
      _ = extra.uniform()
      interleaved.append(charging.uniform())
    }
    #expect(interleaved == alone)
  }

  @Test func streamsAreNotCorrelated() {
    // Pearson correlation of two named streams, |r| < 5/√n under independence.
    let n = 20_000
    let a = draws(RandomStreams(seed: 1).stream("x"), n)
    let b = draws(RandomStreams(seed: 1).stream("y"), n)
    let ma = Statistics.mean(a)
    let mb = Statistics.mean(b)
    var sab = 0.0
    var saa = 0.0
    var sbb = 0.0
    for i in 0..<n {
      sab += (a[i] - ma) * (b[i] - mb)
      saa += (a[i] - ma) * (a[i] - ma)
      sbb += (b[i] - mb) * (b[i] - mb)
    }
    let r = sab / (saa * sbb).squareRoot()
    #expect(abs(r) < 5 / Double(n).squareRoot())
  }

  @Test func uniformDrawsStayInRange() {
    let s = RandomStreams(seed: 9).stream("u")
    for _ in 0..<100_000 {
      let u = s.uniform()
      let p = s.uniformPositive()
      let o = s.uniformOpen32()
      #expect(u >= 0 && u < 1)
      #expect(p > 0 && p < 1)
      #expect(o > 0 && o < 1)
    }
    let ints = (0..<10_000).map { _ in s.uniformInt(below: 7) }
    #expect(Set(ints) == Set(0..<7))
  }

  @Test func keysOfManyStreamsAreDistinct() {
    let streams = RandomStreams(seed: 123, replication: 1)
    var keys = Set<UInt64>()
    for device in 0..<2000 {
      for component in ["usage", "charging", "network", "battery", "app"] {
        keys.insert(streams.key("device/\(device)/\(component)"))
      }
    }
    #expect(keys.count == 10_000)
  }
}
