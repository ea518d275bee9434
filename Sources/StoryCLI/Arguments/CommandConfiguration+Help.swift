extension CommandConfiguration {
    /// The help text (OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS) of a tool that
    /// declares its command line with `CommandConfiguration` (the benchmark does).
    public func helpText(path: String) -> String { Help.text(for: self, path: path) }
}
