/// bgsim's version, written into every manifest and shard record and printed by
/// `bgsim --version`. Part of every run's fingerprint, so `--resume` and `merge` never mix
/// the output of two versions.
public enum BGSimVersion {
  public static let text = "0.1.0"
}
