internal import CGLib
import Foundation

/// A command-line option of a GApplication, described in Swift, so the
/// command line registers and reads its options with no GLib type in its
/// own files (and the window's code with no second copy of GLib's types).
public struct ApplicationOption: Sendable {
    public enum Argument: Sendable {
        case none, string, strings, int
    }

    public let name: String
    public let argument: Argument
    public let description: String
    /// "URL", "FILE": how `--help` names the argument.
    public let placeholder: String?
    /// Left out of `--help`: the processes' own hand-over, not for people.
    public let isHidden: Bool

    public init(_ name: String, _ argument: Argument, _ description: String, placeholder: String? = nil, isHidden: Bool = false) {
        (self.name, self.argument, self.description, self.placeholder, self.isHidden) = (name, argument, description, placeholder, isHidden)
    }

    /// The addresses given without an option (`item-feed URL`).
    public static let remainingName = G_OPTION_REMAINING

    /// Adds each option to `application` (a `GApplication *`).
    @MainActor
    public static func register(_ options: [ApplicationOption], on application: UnsafeMutableRawPointer) {
        let gApplication = application.assumingMemoryBound(to: GApplication.self)
        for option in options {
            let flags = option.isHidden ? G_OPTION_FLAG_HIDDEN : G_OPTION_FLAG_NONE
            g_application_add_main_option(gApplication, option.name, 0, flags, option.argument.kind, option.description, option.placeholder)
        }
    }
}

extension ApplicationOption.Argument {
    var kind: GOptionArg {
        switch self {
        case .none: return G_OPTION_ARG_NONE
        case .string: return G_OPTION_ARG_STRING
        case .strings: return G_OPTION_ARG_STRING_ARRAY
        case .int: return G_OPTION_ARG_INT
        }
    }
}

/// The options GApplication parsed (a `GVariantDict *`), read by name.
public struct ParsedOptions {
    private let dictionary: UnsafeMutablePointer<GVariantDict>

    public init(_ dictionary: UnsafeMutableRawPointer) {
        self.dictionary = dictionary.assumingMemoryBound(to: GVariantDict.self)
    }

    public func contains(_ name: String) -> Bool {
        g_variant_dict_contains(dictionary, name) != 0
    }

    public func string(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    public func strings(_ name: String) -> [String] {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return [] }
        defer { g_variant_unref(value) }
        return (0..<g_variant_n_children(value)).compactMap { index in
            guard let child = g_variant_get_child_value(value, index) else { return nil }
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil))
        }
    }

    public func int(_ name: String) -> Int? {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        return Int(g_variant_get_int32(value))
    }
}
