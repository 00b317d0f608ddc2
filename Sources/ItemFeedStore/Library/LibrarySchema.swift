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

    static let migrations: [String] = [version1, version2, version3, version4, version5, version6, version7, version8, version9, version10, version11]

    /// A saved view's items kept as they arrive, so its count and first page
    /// are read, not searched: `saved_view_item` holds the items its words
    /// match (the rest of its query, marks, dates, feeds, is cheap to check
    /// on reading), filled when the view is saved (`kept`) and then from each
    /// refresh's or sync's new items; its counts follow marks by triggers.
    /// An item whose text changes leaves its views and waits in
    /// `saved_view_recheck` to be matched again.
    private static let version10 = """
    ALTER TABLE saved_view ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE saved_view ADD COLUMN shown INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE saved_view ADD COLUMN unread INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE saved_view_item (
        view_id INTEGER NOT NULL REFERENCES saved_view(id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
        sort_date REAL NOT NULL,
        PRIMARY KEY (view_id, item_id)
    ) WITHOUT ROWID;
    CREATE INDEX saved_view_item_newest ON saved_view_item (view_id, sort_date DESC, item_id DESC);
    CREATE INDEX saved_view_item_of_item ON saved_view_item (item_id);
    CREATE TABLE saved_view_recheck (item_id INTEGER PRIMARY KEY);
    CREATE TRIGGER saved_view_item_added AFTER INSERT ON saved_view_item BEGIN
        UPDATE saved_view SET
            shown = shown + (SELECT hidden = 0 FROM item WHERE id = new.item_id),
            unread = unread + (SELECT read = 0 AND hidden = 0 FROM item WHERE id = new.item_id)
        WHERE id = new.view_id;
    END;
    CREATE TRIGGER saved_view_item_marked AFTER UPDATE OF read, hidden ON item
    WHEN old.read IS NOT new.read OR old.hidden IS NOT new.hidden BEGIN
        UPDATE saved_view SET
            shown = shown + (new.hidden = 0) - (old.hidden = 0),
            unread = unread + (new.read = 0 AND new.hidden = 0) - (old.read = 0 AND old.hidden = 0)
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = new.id);
    END;
    CREATE TRIGGER saved_view_item_gone BEFORE DELETE ON item BEGIN
        UPDATE saved_view SET shown = shown - (old.hidden = 0), unread = unread - (old.read = 0 AND old.hidden = 0)
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = old.id);
    END;
    CREATE TRIGGER saved_view_item_dated AFTER UPDATE OF sort_date ON item WHEN old.sort_date IS NOT new.sort_date BEGIN
        UPDATE saved_view_item SET sort_date = new.sort_date WHERE item_id = new.id;
    END;
    CREATE TRIGGER saved_view_item_rewritten AFTER UPDATE OF title, author, summary ON item
    WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.summary IS NOT new.summary BEGIN
        UPDATE saved_view SET shown = shown - (new.hidden = 0), unread = unread - (new.read = 0 AND new.hidden = 0)
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = new.id);
        DELETE FROM saved_view_item WHERE item_id = new.id;
        INSERT OR IGNORE INTO saved_view_recheck (item_id) VALUES (new.id);
    END;
    """

    /// Searches kept in the sidebar, by name, and rules applied to items
    /// as they are stored (SPEC 17): an item a rule hid is in no view but
    /// "Hidden by Rules"; the items a notify rule matched wait in
    /// `rule_notice` until the window tells of them.
    private static let version9 = """
    CREATE TABLE saved_view (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        query TEXT NOT NULL,
        added REAL NOT NULL
    );
    CREATE TABLE rule (
        id INTEGER PRIMARY KEY,
        query TEXT NOT NULL,
        action TEXT NOT NULL,
        scope TEXT NOT NULL,
        added REAL NOT NULL
    );
    CREATE TABLE rule_notice (
        item_id INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE
    );
    ALTER TABLE item ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX item_hidden ON item (sort_date DESC, id DESC) WHERE hidden = 1;
    """

    /// A feed whose items' pages are fetched and read after each refresh or
    /// sync ("Always Fetch Full Articles"); an item whose page gave no
    /// article keeps `full_fetched` without `full_content`, so it is asked once.
    private static let version8 = """
    ALTER TABLE feed ADD COLUMN full_articles INTEGER NOT NULL DEFAULT 0;
    """

    /// Where an account's next listing of changes starts (Nextcloud News's
    /// `lastModified`), kept once a listing finished.
    private static let version7 = """
    ALTER TABLE account ADD COLUMN listing_cursor TEXT;
    """

    /// An account whose server fails is asked again only after a wait that
    /// doubles with each failure in a row, like a feed's.
    private static let version6 = """
    ALTER TABLE account ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE account ADD COLUMN retry_at REAL;
    """

    /// Ready for servers: each feed and folder belongs to an account (the
    /// local library is account 1), so the same address may be followed
    /// here and on a server; feeds, folders and items keep the server's id
    /// for them; changes made here wait in `pending_change` until sent, in
    /// the order made; an item has room for its full article beside the
    /// feed's. `feed` and `folder` are rebuilt (their uniqueness changes),
    /// with foreign keys off while the migration runs (`LibraryMigration`).
    private static let version5 = """
    CREATE TABLE account (
        id INTEGER PRIMARY KEY,
        service TEXT NOT NULL,
        address TEXT,
        user_name TEXT,
        title TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'new',
        reason TEXT,
        last_sync REAL,
        added REAL NOT NULL
    );
    INSERT INTO account (id, service, title, state, added) VALUES (1, 'local', '', 'ok', CAST(strftime('%s', 'now') AS REAL));

    CREATE TABLE folder_v5 (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL DEFAULT 1 REFERENCES account(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        remote_id TEXT,
        UNIQUE (account_id, name)
    );
    INSERT INTO folder_v5 (id, name) SELECT id, name FROM folder;
    DROP TABLE folder;
    ALTER TABLE folder_v5 RENAME TO folder;

    CREATE TABLE feed_v5 (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL DEFAULT 1 REFERENCES account(id) ON DELETE CASCADE,
        remote_id TEXT,
        address TEXT NOT NULL,
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
        added REAL NOT NULL,
        UNIQUE (account_id, address)
    );
    INSERT INTO feed_v5 (id, address, feed_title, custom_title, site_link, icon, folder_id, etag, last_modified, state, reason,
                         checked, next_due, failures, unread, total, added)
    SELECT id, address, feed_title, custom_title, site_link, icon, folder_id, etag, last_modified, state, reason,
           checked, next_due, failures, unread, total, added FROM feed;
    DROP TABLE feed;
    ALTER TABLE feed_v5 RENAME TO feed;
    CREATE UNIQUE INDEX feed_remote ON feed (account_id, remote_id) WHERE remote_id IS NOT NULL;
    CREATE UNIQUE INDEX folder_remote ON folder (account_id, remote_id) WHERE remote_id IS NOT NULL;

    ALTER TABLE item ADD COLUMN remote_id TEXT;
    CREATE INDEX item_remote ON item (remote_id) WHERE remote_id IS NOT NULL;
    ALTER TABLE item ADD COLUMN full_content TEXT;
    ALTER TABLE item ADD COLUMN full_fetched REAL;

    CREATE TABLE pending_change (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        item_remote_id TEXT,
        feed_remote_id TEXT,
        value TEXT,
        made REAL NOT NULL
    );
    CREATE INDEX pending_change_account ON pending_change (account_id, id);
    """

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
