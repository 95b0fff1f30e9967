/// Spelling help for error messages: the candidate closest to a misspelt name, by
/// edit distance, when it is close enough to be a plausible typo.
public enum NearestName {
  /// The closest candidate within an edit distance of max(2, length / 3), or nil.
  public static func suggest(_ name: String, among candidates: [String]) -> String? {
    let limit = max(2, name.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(name.lowercased(), candidate.lowercased())
      if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
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
