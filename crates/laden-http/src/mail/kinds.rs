//! What each kind of mail says: the account confirmation, the order
//! confirmation with its legal pages attached, the shipping notice, the
//! withdrawal receipt and notice, and an invoice issued after the order.

use super::template::{notes_and_downloads, Block, Rendered};
use crate::blocks::{address_lines, addresses, bank_details, items_table, order_summary};
use crate::dates::german_local_date;
use crate::documents::esc;
use crate::AppState;
use laden_domain::i18n::{t, tf};
use laden_store::{Mail, MailKind, PlacedOrder, SiteSettings};

/// A legal page as an HTML document to attach: its headings and texts.
async fn page_attachment(state: &AppState, slug: &str) -> Option<(String, String)> {
    let page = match state.store.page_by_slug(slug).await {
        Ok(page) => page,
        Err(laden_store::StoreError::NotFound(_)) => return None,
        Err(e) => {
            tracing::error!(error = %e, slug, "legal page for the mail could not be read");
            return None;
        }
    };
    let mut body = format!("<h1>{}</h1>", esc(&page.title));
    for section in page
        .content
        .get("sections")
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
    {
        for column in section
            .get("columns")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            for w in column
                .get("widgets")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                match w.get("type").and_then(|v| v.as_str()) {
                    Some("heading") => body.push_str(&format!(
                        "<h2>{}</h2>",
                        esc(w.get("text").and_then(|v| v.as_str()).unwrap_or(""))
                    )),
                    // Already cleaned by the layout checks (ammonia) when saved.
                    Some("text") => {
                        body.push_str(w.get("html").and_then(|v| v.as_str()).unwrap_or(""))
                    }
                    _ => {}
                }
            }
        }
    }
    let html = format!(
        "<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>{}</title></head><body>{body}<p>{}</p></body></html>",
        esc(&page.title),
        esc(&tf("Version %1$d, as of %2$s", &[&page.revision, &german_local_date(page.updated_at)])),
    );
    let name: String = page
        .title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Some((format!("{name}.html"), html))
}

pub(super) async fn render(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<Rendered, String> {
    match mail.kind {
        MailKind::AccountConfirmation => account_confirmation(state, s, mail).await,
        MailKind::PasswordReset => password_reset(state, s, mail).await,
        MailKind::PasswordChanged => password_changed(state, s, mail).await,
        MailKind::OrderConfirmation => {
            order_confirmation(state, s, &order_of(state, mail).await?).await
        }
        MailKind::ShippingNotice => Ok(shipping_notice(
            s,
            &order_of(state, mail).await?,
            &state.config.site_url,
        )),
        MailKind::WithdrawalReceipt | MailKind::WithdrawalNotice => {
            withdrawal(state, s, &order_of(state, mail).await?, mail.kind).await
        }
        MailKind::Invoice => invoice_mail(state, &order_of(state, mail).await?, mail).await,
    }
}

/// An invoice or cancellation issued after the order, its PDF attached.
async fn invoice_mail(
    state: &AppState,
    order: &PlacedOrder,
    mail: &Mail,
) -> Result<Rendered, String> {
    let id = mail.invoice_id.ok_or("invoice mail without invoice")?;
    let (invoice, _, _) = state.store.invoice(id).await.map_err(|e| e.to_string())?;
    let number = order.id.to_string();
    let cancellation = invoice.kind == laden_domain::invoice::InvoiceKind::Cancellation;
    let (subject, heading, text) = if invoice.partial {
        (
            tf("Partial cancellation invoice %s for your order no. %s", &[&invoice.number, &number]),
            t("Your partial cancellation invoice"),
            tf("attached is the partial cancellation invoice %s for your order no. %s, for the amount we refund.", &[&invoice.number, &number]),
        )
    } else if cancellation {
        (
            tf("Cancellation invoice %s for your order no. %s", &[&invoice.number, &number]),
            t("Your cancellation invoice"),
            tf("attached is the cancellation invoice %s for your order no. %s. It cancels the invoice issued earlier.", &[&invoice.number, &number]),
        )
    } else {
        (
            tf(
                "Invoice %s for your order no. %s",
                &[&invoice.number, &number],
            ),
            t("Your invoice"),
            tf(
                "attached is the invoice %s for your order no. %s.",
                &[&invoice.number, &number],
            ),
        )
    };
    Ok(Rendered::without_attachments(
        subject,
        vec![Block::Heading(heading), hello(order), Block::Para(text)],
    ))
}

async fn order_of(state: &AppState, mail: &Mail) -> Result<PlacedOrder, String> {
    let id = mail.order_id.ok_or("mail without order")?;
    state
        .store
        .order(id)
        .await
        .map_err(|e| format!("order {id}: {e}"))
}

fn hello(order: &PlacedOrder) -> Block {
    Block::Para(tf("Hello %s,", &[&order.billing.first_name]))
}

/// The account a mail is about.
fn account_id(mail: &Mail) -> Result<i64, String> {
    mail.user_id
        .ok_or_else(|| format!("{} mail without an account", mail.kind.as_str()))
}

async fn account_of(state: &AppState, mail: &Mail) -> Result<laden_store::User, String> {
    let id = account_id(mail)?;
    state
        .store
        .user(id)
        .await
        .map_err(|e| format!("account {id}: {e}"))
}

async fn account_confirmation(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<Rendered, String> {
    let user = account_of(state, mail).await?;
    let blocks = vec![
        Block::Heading(t("Please confirm your e-mail address")),
        Block::Para(tf("you have registered at %s with this e-mail address. Please open the link below to confirm it and activate your account. The link is valid for 7 days.", &[&s.site.name])),
        Block::Link(t("Confirm e-mail address"), crate::account::confirmation_link(state, &user)),
        Block::Para(t("If you did not register, ignore this e-mail: the account stays inactive.")),
    ];
    Ok(Rendered::without_attachments(
        tf("Please confirm your account at %s", &[&s.site.name]),
        blocks,
    ))
}

async fn password_reset(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<Rendered, String> {
    let id = account_id(mail)?;
    let (user, stamp) = state
        .store
        .user_with_stamp(id)
        .await
        .map_err(|e| format!("account {id}: {e}"))?;
    let link = crate::account::reset_link(state, &user, &stamp, mail.created_at);
    let hours = crate::account::reset_hours();
    let blocks = vec![
        Block::Heading(t("Set a new password")),
        Block::Para(tf("Someone has asked for a new password for your account at %1$s. To set one, open the link below. It is valid for %2$d hours and works once.", &[&s.site.name, &hours])),
        Block::Link(t("Set a new password"), link),
        Block::Para(t("If you did not ask for this, ignore this e-mail: your password stays as it is.")),
    ];
    Ok(Rendered::without_attachments(
        tf("New password for your account at %s", &[&s.site.name]),
        blocks,
    ))
}

/// The notice that the password was changed in the account, with the way back in for an owner
/// who did not change it.
async fn password_changed(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<Rendered, String> {
    let user = account_of(state, mail).await?;
    let blocks = vec![
        Block::Heading(t("Your password has been changed")),
        Block::Para(tf("The password of your account %1$s at %2$s was changed on %3$s.", &[&user.email, &s.site.name, &crate::dates::german_datetime(mail.created_at)])),
        Block::Para(t("If you did not change it, someone else may know your password. Set a new one through the link below and tell us.")),
        Block::Link(t("Set a new password"), format!("{}{}", state.config.site_url, crate::account::LOST_PASSWORD_PATH)),
    ];
    Ok(Rendered::without_attachments(
        tf("Your password at %s has been changed", &[&s.site.name]),
        blocks,
    ))
}

async fn order_confirmation(
    state: &AppState,
    s: &SiteSettings,
    order: &PlacedOrder,
) -> Result<Rendered, String> {
    let site = state.config.site_url.as_str();
    let number = order.id.to_string();
    let mut blocks = vec![
        Block::Heading(t("Thank you for your order")),
        hello(order),
        Block::Para(tf(
            "we have received your order no. %1$s of %2$s. This e-mail confirms its contents.",
            &[&number, &german_local_date(order.created_at)],
        )),
    ];
    blocks.extend(order_summary(order, s));
    blocks.extend(notes_and_downloads(order, site));
    if order.payment_method == "bacs" {
        blocks.extend(bank_details(order, s));
    }
    blocks.extend(addresses(order));
    if let Some(accepted) = order.legal.as_array().filter(|a| !a.is_empty()) {
        blocks.push(Block::Heading(t("You confirmed")));
        for a in accepted {
            blocks.push(Block::Para(format!(
                "✓ {}",
                a.get("text").and_then(|v| v.as_str()).unwrap_or("")
            )));
        }
    }
    blocks.push(Block::Heading(t("Legal information")));
    blocks.push(Block::Para(t(
        "Our terms and conditions and the cancellation policy are attached to this e-mail.",
    )));
    for (label, slug) in [
        ("Terms and conditions", &s.shop.terms_page),
        ("Cancellation policy", &s.shop.revocation_page),
        ("Privacy policy", &s.shop.privacy_page),
    ] {
        blocks.push(Block::Link(t(label), format!("{site}/{slug}/")));
    }
    blocks.push(Block::Link(
        t("Withdraw from contract"),
        format!("{site}{}", crate::documents::WITHDRAWAL_PATH),
    ));
    let mut attachments = Vec::new();
    for slug in [&s.shop.terms_page, &s.shop.revocation_page] {
        match page_attachment(state, slug).await {
            Some(a) => attachments.push(a),
            None => {
                tracing::warn!(slug = %slug, "legal page missing: not attached to the order confirmation")
            }
        }
    }
    Ok(Rendered {
        subject: tf("Your order no. %1$s at %2$s", &[&number, &s.site.name]),
        blocks,
        attachments,
    })
}

fn shipping_notice(s: &SiteSettings, order: &PlacedOrder, site: &str) -> Rendered {
    let number = order.id.to_string();
    // An order of only virtual goods is completed, not shipped.
    let mut blocks = if order.needs_shipping {
        vec![
            Block::Heading(t("Your order is on its way")),
            hello(order),
            Block::Para(tf("we have shipped your order no. %s today.", &[&number])),
            items_table(order, &s.shop.delivery_time),
            Block::Heading(t("Shipping address")),
            Block::Para(address_lines(&order.shipping)),
        ]
    } else {
        vec![
            Block::Heading(t("Your order is complete")),
            hello(order),
            Block::Para(tf("we have completed your order no. %s today.", &[&number])),
            items_table(order, &s.shop.delivery_time),
        ]
    };
    // An order paid by transfer gets its download links here, with the completion.
    blocks.extend(notes_and_downloads(order, site));
    let subject = if order.needs_shipping {
        tf("Your order no. %s has been shipped", &[&number])
    } else {
        tf("Your order no. %s is complete", &[&number])
    };
    Rendered::without_attachments(subject, blocks)
}

/// The receipt to the customer, or (`WithdrawalNotice`) the notice to the shop.
async fn withdrawal(
    state: &AppState,
    s: &SiteSettings,
    order: &PlacedOrder,
    kind: MailKind,
) -> Result<Rendered, String> {
    let number = order.id.to_string();
    let at = order.withdrawn_at.ok_or("order not withdrawn")?;
    let statement = state
        .store
        .withdrawal_statement(order.id)
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    let when = crate::dates::german_datetime(at);
    let receipt = kind == MailKind::WithdrawalReceipt;
    let mut blocks = if receipt {
        vec![
            Block::Heading(t("We have received your withdrawal")),
            hello(order),
            Block::Para(tf("we confirm that we received your withdrawal from the contract for order no. %1$s of %2$s on %3$s.", &[&number, &german_local_date(order.created_at), &when])),
        ]
    } else {
        let name = format!("{} {}", order.billing.first_name, order.billing.last_name);
        vec![
            Block::Heading(tf("Withdrawal from order no. %s", &[&number])),
            Block::Para(tf(
                "%1$s (%2$s) withdrew from the contract for order no. %3$s on %4$s.",
                &[&name, &order.billing.email, &number, &when],
            )),
            Block::Link(
                t("Open the order"),
                format!("{}/wp-admin/bestellungen/{number}/", state.config.site_url),
            ),
        ]
    };
    if !statement.is_empty() {
        blocks.push(Block::Table(vec![(
            t("Statement"),
            String::new(),
            statement,
        )]));
    }
    blocks.push(items_table(order, &s.shop.delivery_time));
    if !receipt {
        return Ok(Rendered::without_attachments(
            tf("Withdrawal from order no. %s", &[&number]),
            blocks,
        ));
    }
    blocks.push(Block::Para(t("Please send the goods back to us. We refund the payments we received within 14 days, using the means of payment you used.")));
    if !s.shop.address.trim().is_empty() {
        blocks.push(Block::Heading(t("Return address")));
        blocks.push(Block::Para(s.shop.address.trim().to_owned()));
    }
    Ok(Rendered::without_attachments(
        tf("Receipt of your withdrawal from order no. %s", &[&number]),
        blocks,
    ))
}
