//! The embedded React renderer: a pool of QuickJS runtimes on dedicated
//! threads (at most one per core, never tokio workers), a bounded queue with
//! load shedding in front, and a cache of answers that a content change drops
//! precisely (by the products and listings each answer shows).

mod cache;
mod pool;

pub use cache::{Cached, TaggedCache};
pub use pool::{RenderError, Renderer, RendererConfig};
