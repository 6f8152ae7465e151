//! What German price law (PAngV) asks to be said beside a price: the Grundpreis
//! (`unit_price`), a deposit charged on top (`deposit`), the lowest price of the 30 days before a
//! reduction (`price_history`) and the words a reduced price is shown with (`price_label`).

pub mod deposit;
pub mod price_history;
pub mod price_label;
pub mod unit_price;
