//! The browser's wire types, generated from the `wire` modules with ts-rs: `web/src/generated/wire.ts`
//! is checked in, and this test fails when it no longer matches the Rust types. Write it anew
//! with `LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript`.

use super::cart::*;
use super::laden::*;
use super::page::*;
use super::store::*;
use super::wc::*;
use super::wc_setup::*;
use super::wp::*;
use ts_rs::{Config, TS};

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../web/src/generated/wire.ts"
);

/// Every shape, once, in a stable order (those a shape names come before it).
fn declarations() -> String {
    // Laden's numbers (ids, cents, counts) fit JavaScript's numbers.
    let cfg = Config::new().with_large_int("number");
    let decls = [
        serde_json::Value::decl(&cfg),
        laden_domain::VatRate::decl(&cfg),
        ImageSize::decl(&cfg),
        Image::decl(&cfg),
        CardImage::decl(&cfg),
        Currency::decl(&cfg),
        PriceRange::decl(&cfg),
        Prices::decl(&cfg),
        UnitPrice::decl(&cfg),
        SpecialGoods::decl(&cfg),
        DepositInfo::decl(&cfg),
        SaleLabelsInfo::decl(&cfg),
        ProductSafety::decl(&cfg),
        ManufacturerInfo::decl(&cfg),
        FoodInfo::decl(&cfg),
        FoodRow::decl(&cfg),
        Nutrition::decl(&cfg),
        NutritionRow::decl(&cfg),
        CategoryRef::decl(&cfg),
        Term::decl(&cfg),
        ProductAttribute::decl(&cfg),
        AttributeValue::decl(&cfg),
        VariationRef::decl(&cfg),
        StockAvailability::decl(&cfg),
        AddToCart::decl(&cfg),
        LadenProduct::decl(&cfg),
        ProductExtensions::decl(&cfg),
        StoreProduct::decl(&cfg),
        Card::decl(&cfg),
        GallerySlide::decl(&cfg),
        VariationDetail::decl(&cfg),
        StoreReview::decl(&cfg),
        // The cart, its coupons, an order, a category.
        Empty::decl(&cfg),
        Address::decl(&cfg),
        QuantityLimits::decl(&cfg),
        RawPrices::decl(&cfg),
        ItemPrices::decl(&cfg),
        LineTotals::decl(&cfg),
        ItemVariation::decl(&cfg),
        LadenCartItem::decl(&cfg),
        CartItemExtensions::decl(&cfg),
        CartItem::decl(&cfg),
        TaxLine::decl(&cfg),
        FeeTotals::decl(&cfg),
        Fee::decl(&cfg),
        LadenCartTotals::decl(&cfg),
        CartTotalsExtensions::decl(&cfg),
        CartTotals::decl(&cfg),
        Destination::decl(&cfg),
        ShippingRate::decl(&cfg),
        PackageItem::decl(&cfg),
        ShippingPackage::decl(&cfg),
        CouponTotals::decl(&cfg),
        LadenCartCoupon::decl(&cfg),
        CartCouponExtensions::decl(&cfg),
        CartCoupon::decl(&cfg),
        StoreCart::decl(&cfg),
        OrderItemPrices::decl(&cfg),
        OrderLineTotals::decl(&cfg),
        LadenOrderItem::decl(&cfg),
        OrderItemExtensions::decl(&cfg),
        OrderItem::decl(&cfg),
        OrderCoupon::decl(&cfg),
        OrderTotals::decl(&cfg),
        LadenOrder::decl(&cfg),
        OrderInvoice::decl(&cfg),
        OrderDownload::decl(&cfg),
        OrderExtensions::decl(&cfg),
        StoreOrder::decl(&cfg),
        StoreCategory::decl(&cfg),
        StoreAttribute::decl(&cfg),
        StoreTerm::decl(&cfg),
        // The page data.
        ThemeData::decl(&cfg),
        HeaderData::decl(&cfg),
        CheckboxData::decl(&cfg),
        ShopData::decl(&cfg),
        TrackingData::decl(&cfg),
        SiteData::decl(&cfg),
        MenuItemData::decl(&cfg),
        Menus::decl(&cfg),
        Crumb::decl(&cfg),
        CategoryNode::decl(&cfg),
        ContentPage::decl(&cfg),
        ContentView::decl(&cfg),
        Pagination::decl(&cfg),
        ListingFilterView::decl(&cfg),
        AttributeFilterView::decl(&cfg),
        AttributeTermView::decl(&cfg),
        ListingView::decl(&cfg),
        ProductView::decl(&cfg),
        PaymentMethod::decl(&cfg),
        StripeCheckout::decl(&cfg),
        CheckoutView::decl(&cfg),
        BankData::decl(&cfg),
        OrderView::decl(&cfg),
        OrderPayView::decl(&cfg),
        StaffUser::decl(&cfg),
        AdminData::decl(&cfg),
        AdminView::decl(&cfg),
        View::decl(&cfg),
        PageData::decl(&cfg),
        QuickView::decl(&cfg),
        PagePreview::decl(&cfg),
        // The staff's REST answers (wc/v3, wp/v2 settings).
        WcMeta::decl(&cfg),
        WcImage::decl(&cfg),
        WcCategoryRef::decl(&cfg),
        WcAttribute::decl(&cfg),
        WcAttributeChoice::decl(&cfg),
        WcStock::decl(&cfg),
        WcDownload::decl(&cfg),
        WcDimensions::decl(&cfg),
        WcGoods::decl(&cfg),
        WcTagRef::decl(&cfg),
        WcLinks::decl(&cfg),
        WcProduct::decl(&cfg),
        WcVariation::decl(&cfg),
        WcCategory::decl(&cfg),
        WcProductAttribute::decl(&cfg),
        WcTerm::decl(&cfg),
        WcPaymentGateway::decl(&cfg),
        WcTaxClass::decl(&cfg),
        WcCurrency::decl(&cfg),
        WcTaxRate::decl(&cfg),
        WcState::decl(&cfg),
        WcCountry::decl(&cfg),
        WcShippingZone::decl(&cfg),
        WcZoneLocation::decl(&cfg),
        WcSettingValue::decl(&cfg),
        WcSetting::decl(&cfg),
        WcSettingGroup::decl(&cfg),
        WcShippingMethod::decl(&cfg),
        WcZoneMethod::decl(&cfg),
        WcReview::decl(&cfg),
        WcCustomer::decl(&cfg),
        WcCoupon::decl(&cfg),
        WcCouponLine::decl(&cfg),
        WcLineTax::decl(&cfg),
        WcItemMeta::decl(&cfg),
        WcLineImage::decl(&cfg),
        WcLineItem::decl(&cfg),
        WcShippingLine::decl(&cfg),
        WcFeeLine::decl(&cfg),
        WcTaxLine::decl(&cfg),
        WcWithdrawal::decl(&cfg),
        WcMail::decl(&cfg),
        InvoiceOut::decl(&cfg),
        DashboardToday::decl(&cfg),
        OssThreshold::decl(&cfg),
        LowStock::decl(&cfg),
        Dashboard::decl(&cfg),
        ProviderStatusOut::decl(&cfg),
        PaymentProvidersOut::decl(&cfg),
        ImportRowIssue::decl(&cfg),
        ImportReportOut::decl(&cfg),
        ImportJobOut::decl(&cfg),
        MenuItemOut::decl(&cfg),
        MenuOut::decl(&cfg),
        VisitorSession::decl(&cfg),
        WcOrderRefund::decl(&cfg),
        WcRefundLine::decl(&cfg),
        WcRefund::decl(&cfg),
        WcOrder::decl(&cfg),
        WcTopSeller::decl(&cfg),
        WcNote::decl(&cfg),
        WeightBandWire::decl(&cfg),
        ExtraMethodWire::decl(&cfg),
        MethodsWire::decl(&cfg),
        ZoneOut::decl(&cfg),
        ShippingClassWire::decl(&cfg),
        ManufacturerOut::decl(&cfg),
        DepositTypeOut::decl(&cfg),
        PriceLabelOut::decl(&cfg),
        WpSettings::decl(&cfg),
        WpRendered::decl(&cfg),
        WpField::decl(&cfg),
        WpContent::decl(&cfg),
        WpPage::decl(&cfg),
        WpRevision::decl(&cfg),
        WpSource::decl(&cfg),
        WpMediaSize::decl(&cfg),
        WpMediaDetails::decl(&cfg),
        WpMedia::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from crates/laden-http/src/wire (ts-rs); do not edit.\n\
         // Write anew: LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript\n\n",
    );
    for d in decls {
        out.push_str("export ");
        out.push_str(d.trim());
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[test]
fn generated_typescript_matches_the_rust_types() {
    let fresh = declarations();
    if std::env::var_os("LADEN_WRITE_WIRE").is_some() {
        std::fs::write(FILE, &fresh).expect("write web/src/generated/wire.ts");
        return;
    }
    let checked_in = std::fs::read_to_string(FILE).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "web/src/generated/wire.ts is stale: run `LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript` and commit it"
    );
}
