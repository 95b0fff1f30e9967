import Foundation

extension Statistics {
  /// One independent unit of a ratio estimator: its total and its count (an owner's sum
  /// of delays and its launches; an owner figure x with count 1).
  public struct Cluster: Sendable, Hashable, Comparable {
    public var y: Double
    public var n: Double

    public init(y: Double, n: Double) {
      self.y = y
      self.n = n
    }

    public static func < (a: Cluster, b: Cluster) -> Bool { (a.y, a.n) < (b.y, b.n) }
  }

  /// The bootstrap-t replicates of the ratio estimator ΣY/ΣN over `clusters` (Efron and
  /// Tibshirani 1993, ch. 12): each resample draws as many clusters with replacement,
  /// and gives t* = (R* − R) / SE*, with the cluster-robust standard error
  /// (``clusteredRatio(clusters:sumY:sumN:sumYY:sumNN:sumYN:)``). Sorted. Its interval,
  /// [R − t*₍₁₋α/₂₎ SE, R − t*₍α/₂₎ SE], follows a skewed owner distribution where the
  /// t interval, symmetric, falls short on the long side. The clusters are sorted
  /// first, so the replicates depend on the set of clusters and `stream`, not on the
  /// order they came in. Resamples whose owners are all alike are left out.
  public static func studentizedReplicates(_ clusters: [Cluster], resamples: Int, stream: RandomStream)
    -> [Double]
  {
    studentizedReplicates(sameOwners: [clusters.sorted()], resamples: resamples, stream: stream)[0]
  }

  /// The bootstrap-t replicates of several ratio estimators over the same owners, from
  /// the same resamples: `statistics[k][i]` is owner i's total and count for estimator
  /// k, the owners in one order for all, which the caller makes canonical. Each list of
  /// replicates is sorted; resamples whose owners are all alike are left out of it.
  public static func studentizedReplicates(
    sameOwners statistics: [[Cluster]], resamples: Int, stream: RandomStream
  )
    -> [[Double]]
  {
    guard let m = statistics.first?.count, m > 1, statistics.allSatisfy({ $0.count == m }) else {
      return statistics.map { _ in [] }
    }
    let estimates = statistics.map { ratio($0).0 }
    let count = statistics.count
    // Owner figures (each count 1, the other apps' summary): a resample's counts sum to
    // m exactly, and its sum of Y × 1 is its sum of Y, so two sums of five are made.
    let countsOne = statistics.map { units in units.allSatisfy { $0.n == 1 } }
    // Estimator k's owners at k × m, its replicates at k × resamples (`kept[k]` of them):
    // read and written through buffers, as the drawn indices are below m by construction
    // and the bounds and uniqueness checks of nested arrays cost a third of this loop
    // (callgrind).
    let owners = statistics.flatMap { $0 }
    var replicates = [Double](repeating: 0, count: count * resamples)
    var kept = [Int](repeating: 0, count: count)
    var drawn = [Int](repeating: 0, count: m)
    owners.withUnsafeBufferPointer { owners in
      replicates.withUnsafeMutableBufferPointer { replicates in
        drawn.withUnsafeMutableBufferPointer { drawn in
          for _ in 0..<resamples {
            for i in 0..<m { drawn[i] = min(m - 1, Int(stream.uniform() * Double(m))) }
            for k in 0..<count {
              let units = owners.baseAddress.unsafelyUnwrapped + k * m
              // The owners' sums in the drawn order.
              var (y, n, yy, nn, yn) = (0.0, 0.0, 0.0, 0.0, 0.0)
              if countsOne[k] {
                for i in drawn {
                  let c = units[i].y
                  y += c
                  yy += c * c
                }
                (n, nn, yn) = (Double(m), Double(m), y)
              } else {
                for i in drawn {
                  let c = units[i]
                  y += c.y
                  n += c.n
                  yy += c.y * c.y
                  nn += c.n * c.n
                  yn += c.y * c.n
                }
              }
              // A resample of owners that are all alike has no spread to studentize by:
              // it says nothing of the t's shape and is left out.
              let (rStar, seStar) = clusteredRatio(
                clusters: m, sumY: y, sumN: n, sumYY: yy, sumNN: nn, sumYN: yn)
              if seStar > 0, rStar.isFinite {
                replicates[k * resamples + kept[k]] = (rStar - estimates[k]) / seStar
                kept[k] += 1
              }
            }
          }
        }
      }
    }
    return (0..<count).map { k in
      sortedAscending(Array(replicates[(k * resamples)..<(k * resamples + kept[k])]))
    }
  }

  /// The ratio estimate of `clusters` and its cluster-robust standard error.
  public static func ratio(_ clusters: [Cluster]) -> (Double, Double) {
    var (y, n, yy, nn, yn) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for c in clusters {
      y += c.y
      n += c.n
      yy += c.y * c.y
      nn += c.n * c.n
      yn += c.y * c.n
    }
    return clusteredRatio(clusters: clusters.count, sumY: y, sumN: n, sumYY: yy, sumNN: nn, sumYN: yn)
  }

  /// The degrees of freedom of the cluster-robust variance of the ratio estimator of
  /// `clusters` (Satterthwaite 1946): 2m / (κ − 1), with κ the kurtosis of the clusters'
  /// residuals Yᵢ − R Nᵢ, at most m − 1 (which normal residuals give). When a few owners
  /// carry most of the variance, it is nearer their number than the owners'.
  public static func residualDegreesOfFreedom(_ clusters: [Cluster]) -> Double {
    let m = Double(clusters.count)
    guard clusters.count > 1 else { return .nan }
    // In a canonical order, so that the sums do not depend on the order the owners came in.
    let units = clusters.sorted()
    let (r, _) = ratio(units)
    var (s2, s4) = (0.0, 0.0)
    for c in units {
      let e = c.y - r * c.n
      s2 += e * e
      s4 += e * e * e * e
    }
    guard s2 > 0, s4.isFinite else { return m - 1 }
    let kurtosis = m * s4 / (s2 * s2)
    return kurtosis > 1 ? max(1, min(m - 1, 2 * m / (kurtosis - 1))) : m - 1
  }

  /// The `q`-quantile of sorted bootstrap replicates, by the rank (B + 1)q, rounded
  /// outward (down below the median, up above), so that the interval is not narrower
  /// than its level.
  public static func replicateQuantile(_ sorted: [Double], _ q: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let place = Double(sorted.count + 1) * q
    let rank = q < 0.5 ? Int(place.rounded(.down)) : Int(place.rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
  }

  /// The bootstrap-t interval at `level` of `estimate` with this standard error and
  /// sorted studentized replicates (``studentizedReplicates(_:resamples:stream:)``),
  /// widened where needed to hold the t interval with `degreesOfFreedom` (default
  /// `count` − 1): with a few owners far out, a resample seldom draws them, and the
  /// bootstrap alone can come out narrower than the t interval on the short side.
  public static func bootstrapTInterval(
    estimate: Double, standardError se: Double, replicates: [Double], count: Int, level: Double,
    degreesOfFreedom: Double? = nil
  ) -> ConfidenceInterval {
    let tail = (1 - level) / 2
    let df = degreesOfFreedom ?? Double(count - 1)
    let t = count > 1 && df >= 1 ? tQuantile(level: level, degreesOfFreedom: df) : .nan
    let low = min(-t, replicateQuantile(replicates, tail))
    let high = max(t, replicateQuantile(replicates, 1 - tail))
    return ConfidenceInterval(
      estimate: estimate, lower: estimate - high * se, upper: estimate - low * se, level: level, n: count)
  }

  /// The interval of a difference of two means that are not independent (an owner's
  /// figure in two arms), from each mean's own interval: the method of variance
  /// estimates recovery (Newcombe 1998; Zou and Donner 2008), with `correlation` the
  /// owners' correlation between the arms. Each side takes the two interval halves that
  /// point its way, so a share's interval that bends at 0 or 1 bends the difference's:
  /// where every owner shares 1 in both arms, the difference's interval is not [0, 0].
  public static func differenceInterval(
    _ a: ConfidenceInterval, _ b: ConfidenceInterval, correlation: Double, count: Int
  ) -> ConfidenceInterval {
    let rho = correlation.isFinite ? max(-1, min(1, correlation)) : 0
    let d = a.estimate - b.estimate
    let (aDown, aUp) = (a.estimate - a.lower, a.upper - a.estimate)
    let (bDown, bUp) = (b.estimate - b.lower, b.upper - b.estimate)
    let lower = d - max(0, aDown * aDown + bUp * bUp - 2 * rho * aDown * bUp).squareRoot()
    let upper = d + max(0, aUp * aUp + bDown * bDown - 2 * rho * aUp * bDown).squareRoot()
    return ConfidenceInterval(estimate: d, lower: lower, upper: upper, level: a.level, n: count)
  }
}

extension Statistics {
  /// The intra-class correlation of `groups` with each group left out in turn, from
  /// the totals less that group's sums (the jackknife values); NaN where undefined.
  public static func intraClassJackknife(_ groups: [GroupSums]) -> [Double] {
    let groups = groups.filter { $0.count > 0 }
    var (total, sum, ratios, squares, countSquares) = (0.0, 0.0, 0.0, 0.0, 0.0)
    for g in groups {
      total += g.count
      sum += g.sum
      ratios += g.sum * g.sum / g.count
      squares += g.sumOfSquares
      countSquares += g.count * g.count
    }
    return groups.map { g in
      let (n, s, r) = (total - g.count, sum - g.sum, ratios - g.sum * g.sum / g.count)
      return intraClassCorrelation(
        groups: groups.count - 1, total: n, between: r - s * s / n, within: (squares - g.sumOfSquares) - r,
        sumOfCountSquares: countSquares - g.count * g.count)?.estimate ?? .nan
    }
  }

  /// The jackknife interval at `level` of an intra-class correlation `estimate` with
  /// mean group size `n0`, on Fisher's scale z = ½ ln((1 + (n₀ − 1)ρ) / (1 − ρ)), where
  /// its estimates are closer to normal: z ± t·SE from the pseudo-values of the
  /// jackknife values (one per owner left out), mapped back.
  public static func intraClassJackknifeInterval(
    estimate: Double, meanGroupSize n0: Double, jackknife: [Double], level: Double
  ) -> ConfidenceInterval? {
    let m = Double(jackknife.count)
    func z(_ rho: Double) -> Double { 0.5 * log((1 + (n0 - 1) * rho) / (1 - rho)) }
    func back(_ z: Double) -> Double {
      let w = exp(2 * z)
      return w.isInfinite ? 1 : (w - 1) / (w + n0 - 1)
    }
    let centre = z(estimate)
    let pseudo = jackknife.map { m * centre - (m - 1) * z($0) }
    guard jackknife.count > 2, centre.isFinite, pseudo.allSatisfy(\.isFinite) else { return nil }
    let se = (variance(pseudo) / m).squareRoot()
    let t = tQuantile(level: level, degreesOfFreedom: m - 1)
    return ConfidenceInterval(
      estimate: estimate, lower: back(centre - t * se), upper: back(centre + t * se), level: level,
      n: jackknife.count)
  }
}
