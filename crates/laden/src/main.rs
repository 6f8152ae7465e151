use clap::Parser;
use laden::{Cli, Command};

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    laden::init_tracing();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        match cli.command.clone().unwrap_or(Command::Serve) {
            Command::Serve => laden::serve(cli.config()).await,
            Command::Migrate => laden::migrate(cli.config()).await,
            Command::Seed => laden::seed(cli.config()).await,
            Command::Import { file } => laden::import(cli.config(), &file).await,
        }
    })
}
