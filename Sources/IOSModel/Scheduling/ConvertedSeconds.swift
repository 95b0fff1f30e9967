import SimKernel

/// A number of seconds converted to a duration once, kept until it changes: the
/// predictions ask for the same few durations (the prediction window, the app-open
/// look-ahead) at every step, and the conversion rounds each time.
struct ConvertedSeconds {
  private(set) var seconds = Double.nan
  private(set) var duration = SimDuration.zero

  /// `s` seconds as a duration, converted again only when `s` is not the last value.
  @inline(__always)
  mutating func duration(of s: Double) -> SimDuration {
    if seconds != s {
      seconds = s
      duration = SimDuration(seconds: s)
    }
    return duration
  }
}
