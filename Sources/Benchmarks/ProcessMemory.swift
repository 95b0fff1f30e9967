#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
  let rusageSelf = RUSAGE_SELF
#endif

/// Facts about this process's use of memory.
public enum ProcessMemory {
  /// Peak resident set size so far [MiB], from getrusage (kilobytes on Linux).
  public static func peakResidentMebibytes() -> Double {
    var usage = rusage()
    guard getrusage(rusageSelf, &usage) == 0 else { return .nan }
    #if canImport(Darwin)
      return Double(usage.ru_maxrss) / 1_048_576
    #else
      return Double(usage.ru_maxrss) / 1024
    #endif
  }
}
