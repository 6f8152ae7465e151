use clap::Parser;
use laden::{Cli, Command};

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _log = laden::init_tracing();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let cfg = cli.config()?;
    runtime.block_on(async move {
        match cli.command.clone().unwrap_or(Command::Serve) {
            Command::Serve => laden::serve(cfg).await,
            Command::Migrate => laden::migrate(cfg).await,
            Command::Seed => laden::seed(cfg).await,
            Command::Import {
                file,
                uploads,
                download_pictures,
            } => {
                let pictures = laden::ImportPictures {
                    uploads,
                    download: download_pictures,
                };
                laden::import(cfg, &file, pictures).await
            }
            Command::Backup { folder } => laden::backup::backup(&cfg, &folder).await,
            Command::Restore { folder, force } => {
                laden::backup::restore(&cfg, &folder, force).await
            }
        }
    })
}
