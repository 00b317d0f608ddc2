import CGtk

/// Connects Swift closures to GObject signals.
///
/// The closure travels as a retained box in the signal's user data and is
/// released by the destroy notify when GTK disconnects the handler (at the
/// latest when the object is finalized), so neither side can outlive the
/// other. GTK emits these signals on the main thread, which is where the
/// main actor runs, hence `assumeIsolated` (it traps if that ever changes).
public enum Signal {
    @MainActor
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let handler = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler() }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For signals that pass one object: the list-item factory's setup, bind,
    /// unbind and teardown.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let handler = Unmanaged<Box<@MainActor (UnsafeMutableRawPointer) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            guard let argument else { return }
            MainActor.assumeIsolated { handler(argument) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For signals that pass one unsigned value or enum: a list view's
    /// activated position, a scrolled window's overshot edge.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UInt32) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
            let handler = Unmanaged<Box<@MainActor (UInt32) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler(value) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For `GSimpleAction::activate`, whose parameter ItemFeed's actions
    /// do not take.
    @MainActor
    @discardableResult
    public static func connectActivate(_ action: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            let handler = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler() }
        }
        return connect(action, "activate", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For `GSimpleAction::activate` on an action that takes a string (a
    /// recent feed's address).
    @MainActor
    @discardableResult
    public static func connectActivate(_ action: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (String) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
            let handler = Unmanaged<Box<@MainActor (String) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            guard let parameter else { return }
            let value = String(cString: g_variant_get_string(parameter, nil))
            MainActor.assumeIsolated { handler(value) }
        }
        return connect(action, "activate", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For `GApplication::open`: the addresses another `item-feed` was
    /// started with, forwarded to this, the running one.
    @MainActor
    @discardableResult
    public static func connectOpen(_ application: UnsafeMutableRawPointer, _ handler: @escaping @MainActor ([String]) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) -> Void = { _, files, count, _, data in
            let handler = Unmanaged<Box<@MainActor ([String]) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            let uris = (0..<Int(count)).compactMap { index -> String? in
                guard let file = files?[index], let uri = g_file_get_uri(file) else { return nil }
                defer { g_free(uri) }
                return String(cString: uri)
            }
            MainActor.assumeIsolated { handler(uris) }
        }
        return connect(application, "open", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For `GApplication::handle-local-options`: the options dictionary in,
    /// an exit status (or -1 to go on) out.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, options, data in
            let handler = Unmanaged<Box<@MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32>>.fromOpaque(data!).takeUnretainedValue().handler
            guard let options else { return -1 }
            return MainActor.assumeIsolated { handler(options) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For signals that pass two doubles: a drag gesture's `drag-begin`, a
    /// long press's `pressed`.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            let handler = Unmanaged<Box<@MainActor (Double, Double) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler(x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For a scroll controller's `scroll`, which returns whether it handled
    /// the scroll: `FALSE`, so the scrolled window scrolls as usual.
    @MainActor
    @discardableResult
    static func connectScroll(_ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, _, _, data in
            let handler = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler() }
            return gboolean(0)
        }
        return connect(instance, "scroll", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For a label's `activate-link`: the address, and whether it was
    /// handled (`TRUE`: the label does not open it itself).
    @MainActor
    @discardableResult
    static func connectActivateLink(_ label: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (String) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, UnsafePointer<gchar>?, gpointer?) -> gboolean = { _, uri, data in
            let handler = Unmanaged<Box<@MainActor (String) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            guard let uri else { return gboolean(1) }
            let address = String(cString: uri)
            MainActor.assumeIsolated { handler(address) }
            return gboolean(1)
        }
        return connect(label, "activate-link", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For a scroll controller's `scroll` with its deltas; the handler says
    /// whether it took the scroll (then nothing else scrolls).
    @MainActor
    @discardableResult
    static func connectScroll(_ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (Double, Double) -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
            let handler = Unmanaged<Box<@MainActor (Double, Double) -> Bool>>.fromOpaque(data!).takeUnretainedValue().handler
            return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
        }
        return connect(instance, "scroll", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For a click gesture's `pressed` and `released`: the press count and where.
    @MainActor
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String,
        _ handler: @escaping @MainActor (Int32, Double, Double) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, count, x, y, data in
            let handler = Unmanaged<Box<@MainActor (Int32, Double, Double) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler
            MainActor.assumeIsolated { handler(count, x, y) }
        }
        return connect(instance, name, unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    /// For `GdkPixbufLoader::size-prepared`, emitted on whatever thread
    /// decodes, so its handler is not main-actor isolated.
    @discardableResult
    static func connectSizePrepared(
        _ instance: UnsafeMutableRawPointer,
        _ handler: @escaping (Int32, Int32) -> Void
    ) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            Unmanaged<Box<(Int32, Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue().handler(width, height)
        }
        return connect(instance, "size-prepared", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }

    fileprivate final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }

    fileprivate static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ callback: GCallback, _ box: Box<Handler>
    ) -> gulong {
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return g_signal_connect_data(
            instance, name, callback, Unmanaged.passRetained(box).toOpaque(), release, GConnectFlags(rawValue: 0)
        )
    }
}

extension Signal {
    /// For `GtkWindow::close-request`: the handler says whether the window
    /// stays (true: GTK does not destroy it).
    @MainActor
    @discardableResult
    public static func connectCloseRequest(_ window: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let handler = Unmanaged<Box<@MainActor () -> Bool>>.fromOpaque(data!).takeUnretainedValue().handler
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        }
        return connect(window, "close-request", unsafeBitCast(thunk, to: GCallback.self), Box(handler))
    }
}
