/// The syntax shared by every distribution's text form, before any meaning is given:
/// `name(key: value, key: [value, value])`, or a bare quantity such as `30s`.
struct DistributionCall {
  /// A value in an argument list.
  indirect enum Value {
    case quantity(Double, isDuration: Bool)
    case list([Value])
  }

  /// The name before the parenthesis; nil for a bare quantity.
  var name: String?
  var arguments: [(key: String, value: Value)]
  /// The bare quantity, when `name` is nil.
  var bare: (Double, Bool)?

  static func parse(_ text: String) throws(DistributionParseError) -> DistributionCall {
    var parser = Parser(text: text)
    return try parser.parseCall()
  }

  struct Parser {
    let text: String
    let chars: [Character]
    var i = 0

    init(text: String) {
      self.text = text
      chars = Array(text)
    }

    func fail(_ problem: String) -> DistributionParseError {
      DistributionParseError(text: text, problem: problem)
    }

    mutating func skipSpace() { while i < chars.count, chars[i].isWhitespace { i += 1 } }

    mutating func word() -> String {
      let start = i
      while i < chars.count, chars[i].isLetter || chars[i] == "_" { i += 1 }
      return String(chars[start..<i])
    }

    mutating func expect(_ c: Character) throws(DistributionParseError) {
      skipSpace()
      guard i < chars.count, chars[i] == c else {
        throw fail(i < chars.count ? "expected '\(c)' at '\(chars[i])'" : "expected '\(c)' at the end")
      }
      i += 1
    }

    mutating func parseCall() throws(DistributionParseError) -> DistributionCall {
      skipSpace()
      guard i < chars.count else { throw fail("empty text; expected e.g. exponential(mean: 40m)") }
      if chars[i].isLetter {
        let name = word()
        skipSpace()
        guard i < chars.count, chars[i] == "(" else {
          throw fail(
            "'\(name)' is not a number, a duration such as 30s, or a distribution such as exponential(mean: 40m)"
          )
        }
        i += 1
        var arguments: [(String, Value)] = []
        skipSpace()
        if i < chars.count, chars[i] == ")" {
          i += 1
        } else {
          while true {
            skipSpace()
            let key = word()
            guard !key.isEmpty else { throw fail("expected an argument name such as 'mean:'") }
            try expect(":")
            if arguments.contains(where: { $0.0 == key }) { throw fail("argument '\(key)' is given twice") }
            arguments.append((key, try value()))
            skipSpace()
            if i < chars.count, chars[i] == "," {
              i += 1
              continue
            }
            try expect(")")
            break
          }
        }
        skipSpace()
        guard i == chars.count else { throw fail("unexpected text after ')'") }
        return DistributionCall(name: name, arguments: arguments, bare: nil)
      }
      let v = try value()
      skipSpace()
      guard i == chars.count, case .quantity(let x, let d) = v else {
        throw fail(
          "expected a number, a duration such as 30s, or a distribution such as exponential(mean: 40m)")
      }
      return DistributionCall(name: nil, arguments: [], bare: (x, d))
    }

    mutating func value() throws(DistributionParseError) -> Value {
      skipSpace()
      guard i < chars.count else { throw fail("a value is missing at the end") }
      if chars[i] == "[" {
        i += 1
        var items: [Value] = []
        skipSpace()
        if i < chars.count, chars[i] == "]" {
          i += 1
          return .list(items)
        }
        while true {
          items.append(try value())
          skipSpace()
          if i < chars.count, chars[i] == "," {
            i += 1
            continue
          }
          try expect("]")
          return .list(items)
        }
      }
      let start = i
      while i < chars.count, !",)] ".contains(chars[i]), !chars[i].isWhitespace { i += 1 }
      let token = String(chars[start..<i])
      guard let q = DurationText.parseQuantity(token) else {
        throw fail("'\(token)' is not a number or a duration (units: ms, s, m, h, d)")
      }
      return .quantity(q.value, isDuration: q.isDuration)
    }
  }
}

/// Typed access to a call's arguments, with one-line errors.
struct DistributionArguments {
  let call: DistributionCall
  let text: String
  let name: String
  let allowed: [String]

  init(call: DistributionCall, text: String, allowed: [String]) throws(DistributionParseError) {
    self.call = call
    self.text = text
    self.name = call.name ?? ""
    self.allowed = allowed
    for (key, _) in call.arguments where !allowed.contains(key) {
      throw DistributionParseError(
        text: text,
        problem:
          "unknown argument '\(key)' for \(name)\(NearestName.hint(key, among: allowed)) (it takes \(allowed.joined(separator: ", ")))"
      )
    }
  }

  func fail(_ problem: String) -> DistributionParseError {
    DistributionParseError(text: text, problem: problem)
  }

  func has(_ key: String) -> Bool { call.arguments.contains { $0.key == key } }

  func raw(_ key: String) -> DistributionCall.Value? {
    call.arguments.first { $0.key == key }?.value
  }

  /// A scalar argument, or nil when absent.
  func optionalQuantity(_ key: String) throws(DistributionParseError) -> (Double, Bool)? {
    guard let v = raw(key) else { return nil }
    guard case .quantity(let x, let d) = v else { throw fail("\(key) must be a single value, not a list") }
    return (x, d)
  }

  func quantity(_ key: String) throws(DistributionParseError) -> (Double, Bool) {
    guard let q = try optionalQuantity(key) else { throw missing(key) }
    return q
  }

  func missing(_ key: String) -> DistributionParseError {
    fail("missing argument '\(key)' (\(name) takes \(allowed.joined(separator: ", ")))")
  }

  /// A plain number that must not carry a unit.
  func number(_ key: String) throws(DistributionParseError) -> Double {
    let (x, d) = try quantity(key)
    if d { throw fail("\(key) is a plain number and takes no unit") }
    return x
  }

  func list(_ key: String) throws(DistributionParseError) -> [(Double, Bool)]? {
    guard let v = raw(key) else { return nil }
    guard case .list(let items) = v else { throw fail("\(key) must be a list such as [1, 2, 3]") }
    var out: [(Double, Bool)] = []
    for item in items {
      guard case .quantity(let x, let d) = item else { throw fail("\(key) must be a flat list of values") }
      out.append((x, d))
    }
    return out
  }

  func positive(_ key: String, _ value: Double) throws(DistributionParseError) {
    if !(value > 0) { throw fail("\(key) must be greater than 0") }
  }
}
