-- Laden schema. Portable SQL: the PostgreSQL migration differs only in id columns.
CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE site_state (
    id BIGINT PRIMARY KEY,
    content_version BIGINT NOT NULL,
    demo_imported BOOLEAN NOT NULL DEFAULT FALSE
);
INSERT INTO site_state (id, content_version, demo_imported) VALUES (1, 1, FALSE);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE media (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL UNIQUE,
    mime TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    alt TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    caption TEXT NOT NULL DEFAULT '',
    sizes TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);

CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    parent_id BIGINT REFERENCES categories(id),
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    image_id BIGINT REFERENCES media(id),
    position BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    parent_id BIGINT REFERENCES products(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    slug TEXT UNIQUE,
    sku TEXT UNIQUE,
    status TEXT NOT NULL DEFAULT 'publish',
    featured BOOLEAN NOT NULL DEFAULT FALSE,
    short_description TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    regular_price BIGINT,
    sale_price BIGINT,
    price BIGINT,
    max_price BIGINT,
    tax_class TEXT NOT NULL DEFAULT 'standard',
    stock BIGINT,
    stock_status TEXT NOT NULL DEFAULT 'instock',
    low_stock_amount BIGINT,
    image_id BIGINT REFERENCES media(id),
    gallery TEXT NOT NULL DEFAULT '[]',
    attributes TEXT NOT NULL DEFAULT '[]',
    attached_media TEXT NOT NULL DEFAULT '',
    attached_media_type TEXT NOT NULL DEFAULT '',
    attached_media_poster BIGINT REFERENCES media(id),
    attached_media_enabled BOOLEAN NOT NULL DEFAULT FALSE,
    menu_order BIGINT NOT NULL DEFAULT 0,
    total_sales BIGINT NOT NULL DEFAULT 0,
    rating_sum BIGINT NOT NULL DEFAULT 0,
    rating_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK (stock IS NULL OR stock >= 0)
);
CREATE INDEX products_parent ON products (parent_id);
CREATE INDEX products_kind_status ON products (kind, status);

CREATE TABLE product_categories (
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories (category_id);

CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    author TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    approved BOOLEAN NOT NULL DEFAULT TRUE,
    verified BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_product ON reviews (product_id);

CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    excerpt TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'publish',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE menus (
    id INTEGER PRIMARY KEY,
    location TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
);

CREATE TABLE menu_items (
    id INTEGER PRIMARY KEY,
    menu_id BIGINT NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
    parent_id BIGINT REFERENCES menu_items(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL
);

CREATE TABLE carts (
    id INTEGER PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    revision BIGINT NOT NULL DEFAULT 0,
    order_id BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE cart_items (
    cart_id BIGINT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    item_key TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    position BIGINT NOT NULL,
    PRIMARY KEY (cart_id, item_key)
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    order_key TEXT NOT NULL UNIQUE,
    cart_id BIGINT,
    cart_revision BIGINT,
    status TEXT NOT NULL,
    currency TEXT NOT NULL,
    items_total BIGINT NOT NULL,
    shipping_total BIGINT NOT NULL,
    shipping_tax BIGINT NOT NULL,
    tax_total BIGINT NOT NULL,
    total BIGINT NOT NULL,
    taxes TEXT NOT NULL,
    billing TEXT NOT NULL,
    shipping TEXT NOT NULL,
    email TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    customer_note TEXT NOT NULL DEFAULT '',
    attribution TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (cart_id, cart_revision)
);

CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL,
    parent_id BIGINT,
    name TEXT NOT NULL,
    sku TEXT NOT NULL DEFAULT '',
    attributes TEXT NOT NULL DEFAULT '[]',
    quantity BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    line_total BIGINT NOT NULL,
    tax_rate BIGINT NOT NULL
);
CREATE INDEX order_items_order ON order_items (order_id);
