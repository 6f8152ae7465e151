//! The embedded React renderer: a pool of QuickJS runtimes on dedicated
//! threads (at most one per core, never tokio workers), a bounded queue with
//! load shedding in front, and an HTML cache keyed by URL and content version.

mod cache;
mod pool;

pub use cache::HtmlCache;
pub use pool::{RenderError, Renderer, RendererConfig};
