//! `laden backup FOLDER` and `laden restore FOLDER`.
//!
//! A backup folder holds `backup.json` (what it is), the database (`database.sqlite`, a
//! consistent copy made by SQLite's `VACUUM INTO` while the shop runs, or
//! `database.pgdump`, `pg_dump`'s custom format, itself one consistent transaction),
//! `uploads/` and the shop's `secret` (sessions, nonces and confirmation links stay valid).

use crate::Config;
use anyhow::{bail, Context};
use std::path::Path;
use std::process::Command;

const MANIFEST: &str = "backup.json";
const SQLITE_FILE: &str = "database.sqlite";
const PG_FILE: &str = "database.pgdump";

pub async fn backup(cfg: &Config, folder: &Path) -> anyhow::Result<()> {
    if folder.exists() && std::fs::read_dir(folder)?.next().is_some() {
        bail!(
            "{} exists and is not empty: a backup goes into a new folder",
            folder.display()
        );
    }
    std::fs::create_dir_all(folder).with_context(|| format!("creating {}", folder.display()))?;
    let store = crate::open(cfg).await?;
    let backend = store.backend();
    if backend == "sqlite" {
        store
            .snapshot_sqlite(&folder.join(SQLITE_FILE))
            .await
            .context("copying the SQLite database")?;
    } else {
        run(
            Command::new("pg_dump")
                .arg("--format=custom")
                .arg("--no-owner")
                .arg("--file")
                .arg(folder.join(PG_FILE))
                .arg(&cfg.database_url),
            "pg_dump",
        )?;
    }
    store.close().await;
    copy_tree(&cfg.data_dir.join("uploads"), &folder.join("uploads"))?;
    let secret = cfg.data_dir.join("secret");
    if secret.exists() {
        std::fs::copy(&secret, folder.join("secret"))?;
    }
    let manifest = serde_json::json!({
        "format": 1,
        "database": backend,
        "laden": env!("CARGO_PKG_VERSION"),
        "created_at": std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0),
    });
    std::fs::write(folder.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    println!("Sicherung geschrieben: {} ({backend}).", folder.display());
    Ok(())
}

pub async fn restore(cfg: &Config, folder: &Path, force: bool) -> anyhow::Result<()> {
    let manifest: serde_json::Value = serde_json::from_slice(
        &std::fs::read(folder.join(MANIFEST))
            .with_context(|| format!("{} is not a Laden backup", folder.display()))?,
    )?;
    let backend = manifest["database"].as_str().unwrap_or("");
    let target = if cfg.database_url.starts_with("postgres") {
        "postgres"
    } else {
        "sqlite"
    };
    if backend != target {
        bail!("the backup holds a {backend} database, the shop is configured for {target}");
    }
    let store = crate::open(cfg).await?;
    let has_data = store.has_shop_data().await?;
    store.close().await;
    if has_data && !force {
        bail!("the shop already has data; stop every instance and add --force to replace it");
    }
    if target == "sqlite" {
        let db = cfg
            .database_url
            .strip_prefix("sqlite://")
            .unwrap_or(&cfg.database_url);
        let db = Path::new(db.split('?').next().unwrap_or(db));
        let incoming = db.with_extension("db.restoring");
        std::fs::copy(folder.join(SQLITE_FILE), &incoming)?;
        // The old write-ahead log belongs to the old database file.
        for suffix in ["-wal", "-shm"] {
            let side = format!("{}{suffix}", db.display());
            let _ = std::fs::remove_file(side);
        }
        std::fs::rename(&incoming, db)?;
    } else {
        run(
            Command::new("pg_restore")
                .args([
                    "--clean",
                    "--if-exists",
                    "--no-owner",
                    "--single-transaction",
                    "--exit-on-error",
                    "--dbname",
                ])
                .arg(&cfg.database_url)
                .arg(folder.join(PG_FILE)),
            "pg_restore",
        )?;
    }
    copy_tree(&folder.join("uploads"), &cfg.data_dir.join("uploads"))?;
    if folder.join("secret").exists() && cfg.secret.is_none() {
        std::fs::copy(folder.join("secret"), cfg.data_dir.join("secret"))?;
    }
    // Opening runs the migrations: a backup of an older version comes back up to date.
    crate::open(cfg).await?.close().await;
    println!("Sicherung eingespielt: {}.", folder.display());
    Ok(())
}

fn run(cmd: &mut Command, name: &str) -> anyhow::Result<()> {
    let out = cmd.output().with_context(|| {
        format!("{name} could not be started (is the PostgreSQL client installed?)")
    })?;
    if !out.status.success() {
        bail!(
            "{name} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// Copies the files under `from` into `to` (created as needed); a missing `from` is empty.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<()> {
    if !from.exists() {
        return Ok(());
    }
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &dest)?;
        } else {
            std::fs::copy(entry.path(), &dest)
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(())
}
