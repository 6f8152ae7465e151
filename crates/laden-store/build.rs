// Migrations are embedded by `sqlx::migrate!`: a new or changed file must rebuild the crate.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
