import CGtk
import ItemFeedXML

/// GtkSourceView reads its language definitions with the libxml2 the feeds
/// are parsed with, whose file loading ItemFeed refuses; its own folders
/// (`gtksourceview-5` in each of the desktop's data folders) are trusted,
/// or no code block would be highlighted.
enum CodeLanguageFiles {
    static func trust() {
        var folders: [String] = []
        if let user = g_get_user_data_dir() { folders.append(String(cString: user)) }
        if var system = g_get_system_data_dirs() {
            while let folder = system.pointee {
                folders.append(String(cString: folder))
                system += 1
            }
        }
        XMLLibrary.trustLocalFiles(under: folders.map { $0 + "/gtksourceview-5" })
    }
}
