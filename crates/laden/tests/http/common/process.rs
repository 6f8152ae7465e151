//! The real `laden` executable, started and stopped as an operator would.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Server {
    pub child: Child,
    pub base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn laden(db_url: &str, data_dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_laden"));
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", db_url)
        .env("LADEN_DATA_DIR", data_dir)
        .env("LADEN_NO_DEMO", "1")
        .env("LADEN_ADMIN_PASSWORD", "Prozess-Test-2026")
        .env("LADEN_WEB_DIR", super::web_dir())
        .env("LADEN_RENDER_THREADS", "1")
        .env("LADEN_LOG", "warn");
    cmd
}

/// Starts `laden serve` on a free port and waits until it answers.
pub async fn serve(db_url: &str, data_dir: &Path, grace_secs: u64) -> Server {
    serve_with(db_url, data_dir, grace_secs, &[]).await
}

/// `serve` with more environment variables.
pub async fn serve_with(
    db_url: &str,
    data_dir: &Path,
    grace_secs: u64,
    env: &[(&str, &str)],
) -> Server {
    let port = free_port();
    let log = std::fs::File::create(data_dir.join(format!("laden-{port}.log"))).unwrap();
    let child = laden(db_url, data_dir)
        .arg("serve")
        .env("LADEN_ADDR", format!("127.0.0.1:{port}"))
        .env("LADEN_TEST_HOOKS", "1")
        .env("LADEN_SHUTDOWN_SECS", grace_secs.to_string())
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let client = reqwest::Client::new();
    let started = Instant::now();
    loop {
        if let Ok(res) = client.get(format!("{}/healthz", server.base)).send().await {
            if res.status() == 200 {
                return server;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "laden did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(child.id().to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok);
}

/// Waits for the process to end, at most `limit`; returns how long it took.
pub async fn exits_within(child: &mut Child, limit: Duration) -> Duration {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "exit status {status}");
            return started.elapsed();
        }
        assert!(started.elapsed() < limit, "still running after {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
