import CGtk

/// The list view's model: a count of rows and nothing else, as a
/// `GListModel` of our own. GTK only needs to know how many rows there are
/// (each row's content comes from the controller by position); it asks for
/// an item only for the rows it binds, and gets a bare `GObject` made then.
///
/// A GtkStringList would make and keep an object, a sequence node and a
/// string for every row, however many never show.
///
/// Each request gets an object of its own, not one shared: on a change GTK
/// 4.8 looks removed rows' items up among the added ones to keep a moved
/// row's widget, and one object for every row would look like every row
/// moved, keeping widgets whose rows were never bound again.
@MainActor
final class ItemRows {
    let model: UnsafeMutablePointer<ItemFeedRows>

    init() {
        model = g_object_new_with_properties(Self.type, 0, nil, nil)!.withMemoryRebound(to: ItemFeedRows.self, capacity: 1) { $0 }
    }

    isolated deinit {
        g_object_unref(model)
    }

    var listModel: OpaquePointer { itemfeed_list_model(model) }

    var count: Int { Int(model.pointee.count) }

    /// `removed` rows at `position` become `added` rows, and GTK is told.
    func replace(at position: Int, removed: Int, added: Int) {
        model.pointee.count = model.pointee.count - guint(removed) + guint(added)
        g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
    }

    /// Registered once, on first use; GObject keeps it for the process.
    private static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<ItemFeedRows>.size)
        let type = g_type_register_static(itemfeed_object_type(), "ItemFeedRows", &info, GTypeFlags(rawValue: 0))
        var listModel = GInterfaceInfo()
        listModel.interface_init = { interface, _ in
            let methods = interface!.assumingMemoryBound(to: GListModelInterface.self)
            methods.pointee.get_item_type = { _ in itemfeed_object_type() }
            methods.pointee.get_n_items = { model in
                UnsafeMutableRawPointer(model!).assumingMemoryBound(to: ItemFeedRows.self).pointee.count
            }
            methods.pointee.get_item = { model, position in
                let count = UnsafeMutableRawPointer(model!).assumingMemoryBound(to: ItemFeedRows.self).pointee.count
                guard position < count else { return nil }
                return UnsafeMutableRawPointer(g_object_new_with_properties(itemfeed_object_type(), 0, nil, nil))
            }
        }
        g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
        return type
    }()
}
