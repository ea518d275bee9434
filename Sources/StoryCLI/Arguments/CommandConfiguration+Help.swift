extension CommandConfiguration {
    /// The help text (OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS) of a tool that
    /// declares its command line with `CommandConfiguration` (the benchmark does).
    /// - Parameter width: the columns to wrap to (`nil`: `COLUMNS`, the terminal's width, or 80).
    package func helpText(path: String, width: Int? = nil) -> String {
        Help.text(for: self, path: path, width: width ?? HelpLayout.processWidth())
    }
}
