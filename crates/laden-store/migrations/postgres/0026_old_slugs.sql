-- The slugs products, categories and pages had before staff changed them (WordPress's
-- `_wp_old_slug`): an old link answers 301 to the thing's link now.
CREATE TABLE old_slugs (
    kind TEXT NOT NULL,
    slug TEXT NOT NULL,
    target_id BIGINT NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (kind, slug)
);
