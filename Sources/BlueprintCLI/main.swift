// The `blueprint` executable: see BlueprintCommand for the commands and Entry for exit statuses.
Entry.run(Array(CommandLine.arguments.dropFirst()))
