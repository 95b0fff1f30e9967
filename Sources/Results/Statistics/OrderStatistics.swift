import FileFormats

/// Exact order statistics of pooled values that are counted, not kept.
///
/// Each rank asked for is placed in its bin with the pools' histograms; one pass over the
/// spilled values then counts, value by value, only the values that fall in those bins.
/// Memory: the distinct values of the bins asked for, each at most 1/1024 of its value wide.
struct OrderStatistics {
  /// group → rank (from 0) → value [the group's units: ms for times].
  private(set) var values: [Int32: [Int: Int64]] = [:]

  /// - Parameters:
  ///   - ranks: For each group, the ranks wanted (each below that group's count).
  ///   - pools: The pooled values of each group.
  ///   - spills: The files the values were spilled to when they were read.
  init(ranks: [Int32: Set<Int>], pools: [Int32: PooledValues], spills: [String]) throws(UserError) {
    // The bin of each rank, and how many values lie in the bins below it.
    var wanted: [Int32: [Int32: [(rank: Int, below: Int)]]] = [:]
    for (group, rankSet) in ranks {
      guard let pool = pools[group], !rankSet.isEmpty else { continue }
      let sortedRanks = rankSet.sorted()
      var next = 0
      var below = 0
      for (bin, inBin) in pool.bins.sorted() {
        while next < sortedRanks.count, sortedRanks[next] < below + inBin {
          wanted[group, default: [:]][bin, default: []].append((sortedRanks[next], below))
          next += 1
        }
        below += inBin
        if next == sortedRanks.count { break }
      }
    }
    // The bins asked for, by group (groups are small counts from 0): a handful each, so
    // a search of a short list, once per spilled value, beats two hash lookups. All
    // groups' bins in one flat list, group g's at `first[g] ..< first[g + 1]`: a list of
    // lists cost a retain and a release of the inner list at every value read.
    let groups = (wanted.keys.max().map { Int($0) + 1 }) ?? 0
    var binsByGroup = Array(repeating: [Int32](), count: groups)
    for (group, bins) in wanted {
      precondition(group >= 0, "summary groups count from 0")
      binsByGroup[Int(group)] = Array(bins.keys)
    }
    var first = [0]
    var flatBins: [Int32] = []
    for bins in binsByGroup {
      flatBins += bins
      first.append(flatBins.count)
    }
    // The values of those bins, counted value by value (they are narrow: few distinct
    // values fall in them, however many owners share one), then sorted; a rank's value
    // is then read by its place within its bin.
    var matched: [[Int64: Int]] = Array(repeating: [:], count: flatBins.count)
    for path in spills {
      try PooledValueSpill.forEach(path: path) { group, value in
        guard group >= 0, Int(group) < groups else { return }
        let g = Int(group)
        let (lower, upper) = (first[g], first[g + 1])
        guard lower < upper else { return }
        let bin = PooledValues.bin(value)
        var k = lower
        while k < upper, flatBins[k] != bin { k += 1 }
        if k < upper { matched[k][value, default: 0] += 1 }
      }
    }
    for (group, bins) in wanted {
      let g = Int(group)
      for (bin, asked) in bins {
        guard let k = flatBins[first[g]..<first[g + 1]].firstIndex(of: bin) else { continue }
        let sorted = matched[k].sorted { $0.key < $1.key }
        for (rank, below) in asked {
          // The value whose run of equal values covers this place in the bin.
          var place = rank - below
          for (value, n) in sorted {
            guard place >= 0 else { break }
            if place < n {
              values[group, default: [:]][rank] = value
              break
            }
            place -= n
          }
        }
      }
    }
  }

  /// Adds the values of `other` (of other ranks of the same values).
  mutating func merge(_ other: OrderStatistics) {
    for (group, byRank) in other.values { values[group, default: [:]].merge(byRank) { a, _ in a } }
  }

  /// The value of `rank` in `group` [its units]; nil when it was not asked for or not found.
  func value(_ group: Int32, rank: Int) -> Int64? { values[group]?[rank] }

  /// The value of `rank` in `group` [s]; NaN when it was not asked for or not found.
  func seconds(_ group: Int32, rank: Int) -> Double {
    guard let ms = values[group]?[rank] else { return .nan }
    return Double(ms) / 1000
  }
}
