use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use rquickjs::{Context, Function, Runtime};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The queue is full or a job waited too long: serve the client-rendered shell.
    #[error("renderer busy")]
    Busy,
    #[error("render failed: {0}")]
    Failed(String),
    #[error("renderer unavailable: {0}")]
    Unavailable(String),
}

#[derive(Debug, Clone)]
pub struct RendererConfig {
    pub threads: usize,
    pub queue: usize,
    /// A job that waited longer than this is shed, not rendered.
    pub max_wait: Duration,
    /// A render that runs longer than this is interrupted.
    pub deadline: Duration,
    pub memory_limit: usize,
}

impl Default for RendererConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        RendererConfig {
            threads: cores.clamp(1, 4),
            queue: 64,
            max_wait: Duration::from_millis(100),
            deadline: Duration::from_secs(2),
            memory_limit: 128 * 1024 * 1024,
        }
    }
}

struct Job {
    input: String,
    enqueued: Instant,
    reply: tokio::sync::oneshot::Sender<Result<String, RenderError>>,
}

/// Handle to the render threads; cheap to clone.
#[derive(Clone)]
pub struct Renderer {
    tx: Sender<Job>,
    pub stats: Arc<RenderStats>,
}

#[derive(Default, Debug)]
pub struct RenderStats {
    pub rendered: AtomicU64,
    pub shed: AtomicU64,
    pub failed: AtomicU64,
    pub render_micros: AtomicU64,
}

/// What every runtime needs before the server bundle runs: QuickJS lacks a
/// few web APIs React's server build touches. TextEncoder must be real UTF-8.
const POLYFILLS: &str = r#"
globalThis.window = undefined;
globalThis.self = globalThis;
globalThis.__logs = [];
globalThis.console = {
  log: (...a) => { globalThis.__logs.push(a.join(' ')); },
  warn: (...a) => { globalThis.__logs.push('warn: ' + a.join(' ')); },
  error: (...a) => { globalThis.__logs.push('error: ' + a.join(' ')); },
  info: () => {}, debug: () => {},
};
globalThis.setTimeout = (fn) => { Promise.resolve().then(fn); return 0; };
globalThis.clearTimeout = () => {};
globalThis.setImmediate = globalThis.setTimeout;
globalThis.queueMicrotask = (fn) => { Promise.resolve().then(fn); };
globalThis.MessageChannel = class { constructor() { this.port1 = { onmessage: null, postMessage() {} }; this.port2 = { onmessage: null, postMessage() {} }; } };
globalThis.TextEncoder = class {
  get encoding() { return 'utf-8'; }
  encode(s = '') {
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
      }
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
  encodeInto(s, dest) { const b = this.encode(s); dest.set(b.subarray(0, dest.length)); return { read: s.length, written: Math.min(b.length, dest.length) }; }
};
globalThis.TextDecoder = class {
  decode(bytes) {
    if (!bytes) return '';
    let s = '';
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i++];
      let c;
      if (b < 0x80) c = b;
      else if (b < 0xe0) c = ((b & 31) << 6) | (bytes[i++] & 63);
      else if (b < 0xf0) c = ((b & 15) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
      else c = ((b & 7) << 18) | ((bytes[i++] & 63) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
      s += String.fromCodePoint(c);
    }
    return s;
  }
};
"#;

struct Worker {
    _rt: Runtime,
    ctx: Context,
    deadline_hit: Arc<AtomicBool>,
    deadline_at: Arc<std::sync::Mutex<Option<Instant>>>,
}

impl Worker {
    fn new(bundle: &str, cfg: &RendererConfig) -> Result<Worker, RenderError> {
        let rt = Runtime::new().map_err(|e| RenderError::Unavailable(e.to_string()))?;
        rt.set_memory_limit(cfg.memory_limit);
        rt.set_max_stack_size(4 * 1024 * 1024);
        let deadline_at: Arc<std::sync::Mutex<Option<Instant>>> =
            Arc::new(std::sync::Mutex::new(None));
        let deadline_hit = Arc::new(AtomicBool::new(false));
        {
            let deadline_at = deadline_at.clone();
            let hit = deadline_hit.clone();
            rt.set_interrupt_handler(Some(Box::new(move || {
                let late = deadline_at
                    .lock()
                    .map(|d| d.is_some_and(|d| Instant::now() > d))
                    .unwrap_or(false);
                if late {
                    hit.store(true, Ordering::Relaxed);
                }
                late
            })));
        }
        let ctx = Context::full(&rt).map_err(|e| RenderError::Unavailable(e.to_string()))?;
        ctx.with(|ctx| -> Result<(), RenderError> {
            ctx.eval::<(), _>(POLYFILLS)
                .map_err(|e| RenderError::Unavailable(format!("polyfills: {e}")))?;
            ctx.eval::<(), _>(bundle).map_err(|e| {
                let detail = ctx.catch();
                RenderError::Unavailable(format!("server bundle: {e}: {detail:?}"))
            })?;
            let _: Function = ctx.globals().get("renderPage").map_err(|_| {
                RenderError::Unavailable("server bundle defines no renderPage".into())
            })?;
            Ok(())
        })?;
        Ok(Worker {
            _rt: rt,
            ctx,
            deadline_hit,
            deadline_at,
        })
    }

    fn render(&self, input: &str, deadline: Duration) -> Result<String, RenderError> {
        if let Ok(mut d) = self.deadline_at.lock() {
            *d = Some(Instant::now() + deadline);
        }
        self.deadline_hit.store(false, Ordering::Relaxed);
        let out = self.ctx.with(|ctx| -> Result<String, RenderError> {
            let f: Function = ctx
                .globals()
                .get("renderPage")
                .map_err(|e| RenderError::Failed(e.to_string()))?;
            f.call::<_, String>((input,)).map_err(|e| {
                let detail = ctx.catch();
                let msg = detail
                    .as_exception()
                    .map(|ex| {
                        format!(
                            "{} {}",
                            ex.message().unwrap_or_default(),
                            ex.stack().unwrap_or_default()
                        )
                    })
                    .unwrap_or_else(|| format!("{detail:?}"));
                RenderError::Failed(format!("{e}: {msg}"))
            })
        });
        if let Ok(mut d) = self.deadline_at.lock() {
            *d = None;
        }
        if self.deadline_hit.load(Ordering::Relaxed) {
            return Err(RenderError::Failed("render deadline exceeded".into()));
        }
        out
    }
}

impl Renderer {
    /// Starts the render threads with the server bundle at `bundle`. Fails if
    /// the bundle cannot be loaded, so a broken build is found at start-up.
    pub fn start(bundle: &Path, cfg: RendererConfig) -> Result<Renderer, RenderError> {
        let source = std::fs::read_to_string(bundle)
            .map_err(|e| RenderError::Unavailable(format!("{}: {e}", bundle.display())))?;
        Self::from_source(source, cfg)
    }

    pub fn from_source(source: String, cfg: RendererConfig) -> Result<Renderer, RenderError> {
        let (tx, rx) = bounded::<Job>(cfg.queue);
        let source = Arc::new(source);
        let stats = Arc::new(RenderStats::default());
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for i in 0..cfg.threads.max(1) {
            let rx: Receiver<Job> = rx.clone();
            let source = source.clone();
            let cfg = cfg.clone();
            let stats = stats.clone();
            let ready = ready_tx.clone();
            std::thread::Builder::new()
                .name(format!("laden-render-{i}"))
                .spawn(move || {
                    let worker = match Worker::new(&source, &cfg) {
                        Ok(w) => {
                            let _ = ready.send(Ok(()));
                            w
                        }
                        Err(e) => {
                            let _ = ready.send(Err(e));
                            return;
                        }
                    };
                    drop(ready);
                    for job in rx.iter() {
                        if job.enqueued.elapsed() > cfg.max_wait {
                            stats.shed.fetch_add(1, Ordering::Relaxed);
                            let _ = job.reply.send(Err(RenderError::Busy));
                            continue;
                        }
                        let started = Instant::now();
                        let result = worker.render(&job.input, cfg.deadline);
                        match &result {
                            Ok(_) => {
                                stats.rendered.fetch_add(1, Ordering::Relaxed);
                                stats.render_micros.fetch_add(
                                    started.elapsed().as_micros() as u64,
                                    Ordering::Relaxed,
                                );
                            }
                            Err(_) => {
                                stats.failed.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        let _ = job.reply.send(result);
                    }
                })
                .map_err(|e| RenderError::Unavailable(e.to_string()))?;
        }
        drop(ready_tx);
        for r in ready_rx.iter() {
            r?;
        }
        Ok(Renderer { tx, stats })
    }

    /// Renders `input` (the page's data as JSON) to the app's HTML.
    pub async fn render(&self, input: String) -> Result<String, RenderError> {
        let (reply, rx) = tokio::sync::oneshot::channel();
        match self.tx.try_send(Job {
            input,
            enqueued: Instant::now(),
            reply,
        }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.stats.shed.fetch_add(1, Ordering::Relaxed);
                return Err(RenderError::Busy);
            }
            Err(TrySendError::Disconnected(_)) => {
                return Err(RenderError::Unavailable("render threads stopped".into()))
            }
        }
        rx.await
            .map_err(|_| RenderError::Unavailable("render thread dropped the job".into()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renderer(src: &str) -> Renderer {
        Renderer::from_source(
            src.to_owned(),
            RendererConfig {
                threads: 1,
                ..RendererConfig::default()
            },
        )
        .expect("renderer starts")
    }

    #[tokio::test]
    async fn renders_with_utf8_and_polyfills() {
        let r = renderer(
            "globalThis.renderPage = (json) => { const d = JSON.parse(json); const n = new TextEncoder().encode(d.name).length; return `<h1>${d.name}</h1>${n}`; };",
        );
        let html = r
            .render(r#"{"name":"Grüner Tee 🍵"}"#.into())
            .await
            .expect("renders");
        assert_eq!(html, "<h1>Grüner Tee 🍵</h1>16");
    }

    #[tokio::test]
    async fn a_throwing_render_is_an_error_not_a_crash() {
        let r = renderer("globalThis.renderPage = () => { throw new Error('kaputt'); };");
        let err = r.render("{}".into()).await.expect_err("fails");
        assert!(err.to_string().contains("kaputt"), "{err}");
        // The worker survives.
        assert!(r.render("{}".into()).await.is_err());
    }

    #[tokio::test]
    async fn endless_render_hits_the_deadline() {
        let r = Renderer::from_source(
            "globalThis.renderPage = () => { for(;;){} };".into(),
            RendererConfig {
                threads: 1,
                deadline: Duration::from_millis(50),
                ..RendererConfig::default()
            },
        )
        .expect("starts");
        let err = r.render("{}".into()).await.expect_err("interrupted");
        assert!(err.to_string().contains("deadline"), "{err}");
    }

    #[test]
    fn missing_render_function_fails_at_start() {
        assert!(Renderer::from_source("var x = 1;".into(), RendererConfig::default()).is_err());
    }

    #[tokio::test]
    async fn full_queue_sheds() {
        let r = Renderer::from_source(
            "globalThis.renderPage = () => { const t = Date.now(); while (Date.now() - t < 200) {} return 'ok'; };".into(),
            RendererConfig { threads: 1, queue: 1, ..RendererConfig::default() },
        )
        .expect("starts");
        let a = r.render("{}".into());
        let b = r.render("{}".into());
        let c = r.render("{}".into());
        let (a, b, c) = tokio::join!(a, b, c);
        let busy = [&a, &b, &c]
            .iter()
            .filter(|r| matches!(r, Err(RenderError::Busy)))
            .count();
        assert!(busy >= 1, "{a:?} {b:?} {c:?}");
        assert!(a.is_ok());
    }
}
