use laden_domain::QuantityError;

/// Everything a store operation can refuse or fail with. The HTTP layer maps
/// each variant to one status and one WordPress-shaped error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// What was asked for is not there (or not for this asker): the HTTP layer answers 404
    /// with the dialect's code for that kind of thing.
    #[error("{0:?} not found")]
    NotFound(Missing),
    #[error("product {0} cannot be bought")]
    NotPurchasable(i64),
    #[error("a variation must be chosen")]
    VariationRequired,
    #[error("no variation matches the chosen attributes")]
    InvalidVariation,
    #[error("invalid quantity: {0}")]
    Quantity(#[from] QuantityError),
    #[error("not enough stock for {name}: {available} available")]
    OutOfStock {
        product_id: i64,
        name: String,
        available: i64,
    },
    /// A product sold individually, asked for more than once.
    #[error("{name} is sold individually")]
    SoldIndividually { name: String },
    #[error("cart item not found")]
    UnknownCartItem,
    #[error("cart is empty")]
    EmptyCart,
    #[error("invalid input: {0:?}")]
    Invalid(Vec<(String, String)>),
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("coupon {code}: {refusal:?}")]
    Coupon {
        code: String,
        refusal: laden_domain::coupon::CouponRefusal,
        at_checkout: bool,
    },
    #[error("the idempotency key belongs to another cart's order")]
    IdempotencyKeyReused,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("data: {0}")]
    Data(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

impl StoreError {
    pub(crate) fn is_unique_violation(&self) -> bool {
        match self {
            StoreError::Database(sqlx::Error::Database(e)) => e.is_unique_violation(),
            _ => false,
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::Data(e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// The kind of thing a [`StoreError::NotFound`] did not find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    Product,
    Category,
    Order,
    OrderNote,
    Review,
    Customer,
    Coupon,
    Page,
    Revision,
    Media,
    User,
    AppPassword,
    ImportJob,
    Tag,
    Attribute,
    Invoice,
}

/// A refusal of one field, with its German message.
pub(crate) fn invalid(field: &str, msg: &str) -> StoreError {
    StoreError::Invalid(vec![(field.to_owned(), msg.to_owned())])
}
