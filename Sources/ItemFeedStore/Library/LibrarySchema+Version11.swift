/// Version 11, the newest: in a file of its own, as the next will be.
extension LibrarySchema {
    /// Mark All as Read of a local feed raises its `read_up_to`, the last
    /// item it marked: an item at or below it is read whatever its own
    /// `read` says, so marking a folder writes its feeds, not each item.
    /// The items' own marks are settled afterwards, a batch at a time, and
    /// the mark then goes back to 0. Every count (feeds', saved views') is
    /// of items unread both ways, so the triggers ignore items below it.
    /// An item a notify rule matched keeps which rule, for its notification.
    static let version11 = """
    ALTER TABLE feed ADD COLUMN read_up_to INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE rule_notice ADD COLUMN rule_id INTEGER REFERENCES rule(id) ON DELETE SET NULL;

    DROP TRIGGER item_uncounted;
    CREATE TRIGGER item_uncounted AFTER DELETE ON item BEGIN
        UPDATE feed SET total = total - 1, unread = unread - (old.read = 0 AND old.id > read_up_to) WHERE id = old.feed_id;
    END;
    DROP TRIGGER item_read_changed;
    CREATE TRIGGER item_read_changed AFTER UPDATE OF read ON item
    WHEN old.read != new.read AND new.id > coalesce((SELECT read_up_to FROM feed WHERE id = new.feed_id), 0) BEGIN
        UPDATE feed SET unread = unread + (CASE WHEN new.read THEN -1 ELSE 1 END) WHERE id = new.feed_id;
    END;

    DROP TRIGGER saved_view_item_added;
    CREATE TRIGGER saved_view_item_added AFTER INSERT ON saved_view_item BEGIN
        UPDATE saved_view SET
            shown = shown + (SELECT hidden = 0 FROM item WHERE id = new.item_id),
            unread = unread + (SELECT item.read = 0 AND item.hidden = 0 AND item.id > feed.read_up_to
                               FROM item JOIN feed ON feed.id = item.feed_id WHERE item.id = new.item_id)
        WHERE id = new.view_id;
    END;
    DROP TRIGGER saved_view_item_marked;
    CREATE TRIGGER saved_view_item_marked AFTER UPDATE OF read, hidden ON item
    WHEN old.hidden IS NOT new.hidden
      OR (old.read IS NOT new.read AND new.id > coalesce((SELECT read_up_to FROM feed WHERE id = new.feed_id), 0)) BEGIN
        UPDATE saved_view SET
            shown = shown + (new.hidden = 0) - (old.hidden = 0),
            unread = unread + ((new.read = 0 AND new.hidden = 0) - (old.read = 0 AND old.hidden = 0))
                              * (new.id > coalesce((SELECT read_up_to FROM feed WHERE id = new.feed_id), 0))
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = new.id);
    END;
    DROP TRIGGER saved_view_item_gone;
    CREATE TRIGGER saved_view_item_gone BEFORE DELETE ON item BEGIN
        UPDATE saved_view SET shown = shown - (old.hidden = 0),
            unread = unread - (old.read = 0 AND old.hidden = 0 AND old.id > coalesce((SELECT read_up_to FROM feed WHERE id = old.feed_id), 0))
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = old.id);
    END;
    DROP TRIGGER saved_view_item_rewritten;
    CREATE TRIGGER saved_view_item_rewritten AFTER UPDATE OF title, author, summary ON item
    WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.summary IS NOT new.summary BEGIN
        UPDATE saved_view SET shown = shown - (new.hidden = 0),
            unread = unread - (new.read = 0 AND new.hidden = 0 AND new.id > coalesce((SELECT read_up_to FROM feed WHERE id = new.feed_id), 0))
        WHERE id IN (SELECT view_id FROM saved_view_item WHERE item_id = new.id);
        DELETE FROM saved_view_item WHERE item_id = new.id;
        INSERT OR IGNORE INTO saved_view_recheck (item_id) VALUES (new.id);
    END;
    """
}
