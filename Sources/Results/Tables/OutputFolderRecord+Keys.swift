import FileFormats
import Randomness

extension OutputFolderRecord {
  /// The keys a query may name: `arm`, `cell` and the swept keys.
  var keys: [String] { ["arm", "cell"] + sweptKeys }

  /// Refuses a key the folder does not have, naming `option` and the nearest key.
  func check(_ key: String, _ option: String) throws(UserError) {
    guard keys.contains(key) else {
      throw UserError(
        "\(option): \(path) has no key '\(key)'\(NearestName.hint(key, among: keys)); its keys are \(keys.joined(separator: ", "))"
      )
    }
  }

  /// `KEY=VALUE` as `option` gives it, checked: a key the folder has and a value it took.
  func keyValue(_ text: String, _ option: String) throws(UserError) -> (key: String, value: String) {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty else {
      let example =
        option == "--where" || sweptKeys.isEmpty
        ? "arm=refresh" : "\(sweptKeys[0])=\(values(of: sweptKeys[0])[0])"
      throw UserError("\(option) '\(text)': write KEY=VALUE, e.g. \(option) \(example)")
    }
    try check(parts[0], option)
    let values = values(of: parts[0])
    guard values.contains(parts[1]) else {
      throw UserError(
        "\(option) \(text): \(path) never had \(parts[0]) = \(parts[1]); its values are \(values.joined(separator: ", "))"
      )
    }
    return (parts[0], parts[1])
  }
}
