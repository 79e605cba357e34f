import ArgumentParser

/// When to colour the output (`--color`).
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
