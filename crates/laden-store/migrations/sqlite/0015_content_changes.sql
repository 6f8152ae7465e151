-- The log of content changes, which every instance reads to drop exactly the cached pages and
-- API answers that show what changed. `seq` is the content version the change made; a change is
-- recorded under the `site_state` row lock, so versions become visible in order.
-- `scope`: `all`, `catalog` (which products listings hold) or `product:<id>`.
CREATE TABLE content_changes (
    seq BIGINT NOT NULL,
    scope TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (seq, scope)
);
