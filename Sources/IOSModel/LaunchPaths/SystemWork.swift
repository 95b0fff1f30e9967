/// The work the system launches an app for on its own, besides the app's task
/// requests: each is one ``LaunchPath``.
public enum SystemWork: String, Sendable, Hashable, CaseIterable {
  /// Legacy background fetch (`performFetchWithCompletionHandler`).
  case legacyFetch = "legacy_fetch"
  /// A silent push (`didReceiveRemoteNotification:fetchCompletionHandler:`).
  case silentPush = "silent_push"
  /// Finished background URLSession transfers (`handleEventsForBackgroundURLSession`).
  case backgroundTransfer = "background_transfer"
}
