import Foundation

/// Plain-text tables for the console: columns two spaces apart, each as wide as its
/// widest cell. Every table bgsim prints (the run's summary, `summarize`, `advise`,
/// `coverage`, `trace`) is laid out here.
public enum TextTable {
  /// `rows` as lines: each cell padded to its column's width, left-aligned, or
  /// right-aligned where `rightAligned(column)` holds. With `trimmed`, the spaces at
  /// either end of each line are dropped.
  public static func lines(
    _ rows: [[String]], rightAligned: (Int) -> Bool = { _ in false }, trimmed: Bool = false
  ) -> [String] {
    var widths = Array(repeating: 0, count: rows.map(\.count).max() ?? 0)
    for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
    return rows.map { r in
      let line = r.enumerated().map { i, c in
        rightAligned(i)
          ? String(repeating: " ", count: widths[i] - c.count) + c
          : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
      return trimmed ? line.trimmingCharacters(in: .whitespaces) : line
    }
  }
}
