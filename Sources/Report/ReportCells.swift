import FileFormats
import Foundation
import Results

/// Which sweep cells the report details (`bgsim report --cell`): one cell, or every
/// cell side by side (small multiples).
public enum ReportCells: Sendable, Equatable {
  /// A sweep's cells side by side when there are at most ``sideBySideLimit``, else cell
  /// 0 with a note; a run without a sweep, its one cell.
  case automatic
  case one(Int)
  case all

  /// The most cells the default shows side by side.
  public static let sideBySideLimit = 6

  /// Reads `N` or `all` (the `--cell` option) for a run of `count` cells.
  public init(parsing text: String, cells count: Int) throws(UserError) {
    if text == "all" {
      self = .all
      return
    }
    guard let n = Int(text) else {
      throw UserError("--cell '\(text)': give a cell number (0…\(count - 1)) or all")
    }
    guard (0..<count).contains(n) else {
      throw UserError("--cell \(n) is out of range; the run has cells 0…\(count - 1)")
    }
    self = .one(n)
  }

  /// The cells to detail in a run of `count` cells.
  func chosen(of count: Int) -> [Int] {
    switch self {
    case .one(let n): [n]
    case .all: Array(0..<max(1, count))
    case .automatic: count > 1 && count <= Self.sideBySideLimit ? Array(0..<count) : [0]
    }
  }
}

/// One cell's detail: its name, and the marks that keep its charts apart from other
/// cells' (a suffix on each chart's id, the cell's name in each caption).
struct ReportCell {
  let number: Int
  /// `cell N (KEY = VALUE, …)`; empty for a run without a sweep.
  let name: String

  /// Cell 0 keeps the charts' own ids; another cell's get `-cN`.
  var idSuffix: String { number == 0 ? "" : "-c\(number)" }

  /// `html` with each chart's id suffixed and the cell named in each caption.
  func marking(_ html: String) -> String {
    guard !name.isEmpty else { return html }
    var out = html
    if !idSuffix.isEmpty {
      out = out.replacingOccurrences(
        of: #"<svg id="([^"]+)""#, with: "<svg id=\"$1\(idSuffix)\"", options: .regularExpression)
    }
    return out.replacingOccurrences(
      of: "</figcaption>", with: " — \(SVGChart.escape(name))</figcaption>")
  }

  /// A section as one cell's `body` under the section's header: the part before its
  /// first chart is the header.
  static func split(_ html: String) -> (header: String, body: String) {
    guard let first = html.range(of: "<figure>") ?? html.range(of: "<p>No ") else { return (html, "") }
    return (String(html[..<first.lowerBound]), String(html[first.lowerBound...]))
  }
}

extension String {
  /// The string with its first character in lower case.
  var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
  /// The string with its first character in upper case.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
