/// Spelling help for error messages: the candidate closest to a misspelt name, by
/// edit distance, when it is close enough to be a plausible typo.
public enum NearestName {
  /// The closest candidate within an edit distance of max(2, length / 3), or nil. A
  /// candidate that begins as the name does (at least half of it) is the likelier
  /// meaning, and is preferred within an edit distance of half the name's length: a
  /// word shortened in the middle (`launches_per_dday`) means `launches_per_device_day`,
  /// not `icc_launches_per_day`, which a pure edit distance puts closer.
  public static func suggest(_ name: String, among candidates: [String]) -> String? {
    let lower = name.lowercased()
    let limit = max(2, name.count / 3)
    let prefixLimit = max(limit, name.count / 2)
    var best: (String, Int)?
    var sameStart: (String, Int)?
    for candidate in candidates {
      let other = candidate.lowercased()
      let d = distance(lower, other)
      if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
      let shared = zip(lower, other).prefix { $0 == $1 }.count
      if 2 * shared >= name.count, d <= prefixLimit, d < (sameStart?.1 ?? Int.max) {
        sameStart = (candidate, d)
      }
    }
    return (sameStart ?? best)?.0
  }

  /// "; did you mean 'x'?" or an empty string.
  public static func hint(_ name: String, among candidates: [String]) -> String {
    suggest(name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Levenshtein distance.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
