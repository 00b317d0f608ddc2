import Foundation

/// The library's tables, one migration per schema version, applied in
/// order from the file's `PRAGMA user_version`. Forward only: a migration
/// once released is never edited (a committed fixture of each version is
/// opened by the tests), a change is a new one at the end.
enum LibrarySchema {
    /// Marks the file as ItemFeed's (`PRAGMA application_id`), so another
    /// program's database is never taken for a library.
    static let applicationID: Int64 = 0x4946_4C62 // "IFlb"

    static var version: Int64 { Int64(migrations.count) }

    static let migrations: [String] = [version1, version2, version3, version4]

    /// Each item's enclosure (a podcast's file) as JSON: its address, type,
    /// length and duration, read only when the item is opened.
    private static let version4 = """
    ALTER TABLE item ADD COLUMN enclosure TEXT;
    """

    /// Each item's article as the feed gave it (HTML, at most 512 KiB),
    /// read only when the item is opened; the summary stays what rows show
    /// and search finds.
    private static let version3 = """
    ALTER TABLE item ADD COLUMN content TEXT;
    """

    /// Counts per feed are kept by triggers, so the sidebar reads 1,000
    /// rows instead of counting a million items. The full-text index uses
    /// the trigram tokenizer: search finds any part of a word, in Japanese
    /// too, as the one-feed search did.
    /// Preferences kept with the library, so a copied library keeps them.
    private static let version2 = """
    CREATE TABLE setting (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    """

    private static let version1 = """
    CREATE TABLE folder (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
    );
    CREATE TABLE feed (
        id INTEGER PRIMARY KEY,
        address TEXT NOT NULL UNIQUE,
        feed_title TEXT,
        custom_title TEXT,
        site_link TEXT,
        icon TEXT,
        folder_id INTEGER REFERENCES folder(id) ON DELETE SET NULL,
        etag TEXT,
        last_modified TEXT,
        state TEXT NOT NULL DEFAULT 'new',
        reason TEXT,
        checked REAL,
        next_due REAL,
        failures INTEGER NOT NULL DEFAULT 0,
        unread INTEGER NOT NULL DEFAULT 0,
        total INTEGER NOT NULL DEFAULT 0,
        added REAL NOT NULL
    );
    CREATE TABLE item (
        id INTEGER PRIMARY KEY,
        feed_id INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
        guid TEXT NOT NULL,
        title TEXT NOT NULL,
        author TEXT,
        date REAL,
        link TEXT,
        image TEXT,
        summary TEXT,
        priority INTEGER,
        likes INTEGER,
        tags TEXT,
        first_seen REAL NOT NULL,
        sort_date REAL NOT NULL,
        read INTEGER NOT NULL DEFAULT 0,
        starred INTEGER NOT NULL DEFAULT 0,
        UNIQUE (feed_id, guid)
    );
    CREATE INDEX item_newest ON item (sort_date DESC, id DESC);
    CREATE INDEX item_unread_newest ON item (sort_date DESC, id DESC) WHERE read = 0;
    CREATE INDEX item_starred_newest ON item (sort_date DESC, id DESC) WHERE starred = 1;
    CREATE INDEX item_feed_newest ON item (feed_id, sort_date DESC, id DESC);
    CREATE INDEX item_read_seen ON item (first_seen) WHERE read = 1 AND starred = 0;

    CREATE TRIGGER item_counted AFTER INSERT ON item BEGIN
        UPDATE feed SET total = total + 1, unread = unread + (new.read = 0) WHERE id = new.feed_id;
    END;
    CREATE TRIGGER item_uncounted AFTER DELETE ON item BEGIN
        UPDATE feed SET total = total - 1, unread = unread - (old.read = 0) WHERE id = old.feed_id;
    END;
    CREATE TRIGGER item_read_changed AFTER UPDATE OF read ON item WHEN old.read != new.read BEGIN
        UPDATE feed SET unread = unread + (CASE WHEN new.read THEN -1 ELSE 1 END) WHERE id = new.feed_id;
    END;

    CREATE VIRTUAL TABLE item_text USING fts5 (
        title, author, summary, content = 'item', content_rowid = 'id', tokenize = 'trigram'
    );
    CREATE TRIGGER item_text_inserted AFTER INSERT ON item BEGIN
        INSERT INTO item_text (rowid, title, author, summary) VALUES (new.id, new.title, new.author, new.summary);
    END;
    CREATE TRIGGER item_text_deleted AFTER DELETE ON item BEGIN
        INSERT INTO item_text (item_text, rowid, title, author, summary)
        VALUES ('delete', old.id, old.title, old.author, old.summary);
    END;
    CREATE TRIGGER item_text_updated AFTER UPDATE OF title, author, summary ON item BEGIN
        INSERT INTO item_text (item_text, rowid, title, author, summary)
        VALUES ('delete', old.id, old.title, old.author, old.summary);
        INSERT INTO item_text (rowid, title, author, summary) VALUES (new.id, new.title, new.author, new.summary);
    END;
    """
}
