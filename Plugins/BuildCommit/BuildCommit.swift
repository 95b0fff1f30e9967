import Foundation
import PackagePlugin

/// Records, at build time, the commit the sources come from and whether the work tree
/// had uncommitted changes, as `BGSimVersion.commit` and `BGSimVersion.treeWasDirty`:
/// a run's manifest names the build wherever the binary runs (before, it asked git at
/// run time, in whatever folder the run was started, and said `unknown` outside the
/// checkout). Outside a git checkout the commit is `unknown`.
///
/// The file is rewritten only when its text changes, so that a build without a new
/// commit recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit")
    let script = #"""
      set -u
      out="$1"; root="$2"
      mkdir -p "$out"
      commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
      dirty=false
      if [ "$commit" != unknown ] && [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        dirty=true
      fi
      {
        echo '// Written by the BuildCommit plugin at build time; not in the repository.'
        echo 'extension BGSimVersion {'
        echo '  /// The commit the binary was built from (`unknown` outside a git checkout).'
        echo "  public static let commit = \"$commit\""
        echo '  /// Whether the work tree had uncommitted changes to tracked files.'
        echo "  public static let treeWasDirty = $dirty"
        echo '}'
      } > "$out/BuildCommit.swift.new"
      if cmp -s "$out/BuildCommit.swift.new" "$out/BuildCommit.swift"; then
        rm -f "$out/BuildCommit.swift.new"
      else
        mv "$out/BuildCommit.swift.new" "$out/BuildCommit.swift"
      fi
      """#
    return [
      .prebuildCommand(
        displayName: "Record the commit of the sources",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "sh", output.path, context.package.directoryURL.path],
        outputFilesDirectory: output)
    ]
  }
}
