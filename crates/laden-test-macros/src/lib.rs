//! `#[both_databases]`: an `async fn` of the HTTP suite run as two tests, on SQLite and on
//! PostgreSQL, named `<fn>::sqlite` and `<fn>::postgres`.
//!
//! The function takes what it is given for each database (`common::Given`, through
//! `Backend::run`): the `Backend` itself, or a `TestApp` already started on it. Written by hand on
//! `proc_macro` alone: all it needs of the item is the name after `fn`.

use proc_macro::{TokenStream, TokenTree};

#[proc_macro_attribute]
pub fn both_databases(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return error("#[both_databases] takes no arguments");
    }
    let mut tokens = item.clone().into_iter();
    let name = loop {
        match tokens.next() {
            Some(TokenTree::Ident(i)) if i.to_string() == "fn" => match tokens.next() {
                Some(TokenTree::Ident(name)) => break name.to_string(),
                _ => return error("#[both_databases] expects a function name after `fn`"),
            },
            Some(_) => continue,
            None => return error("#[both_databases] goes on an `async fn`"),
        }
    };
    let run = |test: &str, backend: &str| {
        format!(
            "#[tokio::test(flavor = \"multi_thread\", worker_threads = 2)]
            async fn {test}() {{
                crate::common::Backend::{backend}.run(super::{name}).await
            }}"
        )
    };
    let runs = format!(
        "mod {name} {{ {} {} }}",
        run("sqlite", "Sqlite"),
        run("postgres", "Postgres")
    );
    let mut out = item;
    match runs.parse::<TokenStream>() {
        Ok(runs) => out.extend(runs),
        Err(e) => return error(&format!("#[both_databases]: {e}")),
    }
    out
}

fn error(message: &str) -> TokenStream {
    format!("compile_error!({message:?});")
        .parse()
        .unwrap_or_default()
}
