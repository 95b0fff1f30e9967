extension Persona {
  /// What the persona's keys would silently not do, one line each: a screen session
  /// length whose draws are mostly longer than `max_session`, which cuts every one of
  /// them, so that nearly every session lasts `max_session` (a unit slip such as
  /// `median: 30h` for `30s`, or `max_session: 2s` for `2h`).
  public var warnings: [String] {
    let cutShare = 1 - usage.sessionLength.cdf(usage.maxSessionSeconds)
    guard cutShare >= 0.5 else { return [] }
    return [
      "usage.session_length: \(Int((cutShare * 100).rounded(.down))) % of the sessions it draws are longer than "
        + "max_session (\(Int(usage.maxSessionSeconds)) s) and cut to it, so most sessions last exactly that; "
        + "check session_length's and max_session's units"
    ]
  }
}
