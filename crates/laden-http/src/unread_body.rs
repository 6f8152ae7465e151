//! Request bodies a handler leaves unread: one refused for its size, or one sent to a request
//! refused before its body mattered (a visitor's upload, 401). The answer goes out at once, but
//! closing the connection while the client is still sending makes the kernel answer the unread
//! bytes with a reset, and a reset can destroy the answer before the client has read it: the
//! browser then shows "connection reset" instead of the German message. So every request body is
//! wrapped ([`drain_unread`]); what a handler drops unread is read and thrown away for a bounded
//! time, as nginx does with its lingering close, and the connection ends cleanly.

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderMap};
use http_body::{Frame, SizeHint};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// How long the rest of an unread body is still read (nginx's `lingering_time` is 30 s; an
/// upload at 1 MB/s sends 5 MB in this time, more than a client still sends once refused).
pub(crate) const LINGER: Duration = Duration::from_secs(5);

/// Middleware: a request with a body gets it back wrapped, so that whatever of it the handler
/// drops unread is drained. A request without one (every GET) is passed on as it is.
pub(crate) async fn drain_unread(req: Request) -> Request {
    if req.body().is_end_stream() {
        return req;
    }
    req.map(|body| Body::new(DrainOnDrop(Some(body))))
}

/// A body that, dropped before its end, drains the rest off the request's task.
struct DrainOnDrop(Option<Body>);

impl HttpBody for DrainOnDrop {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        match self.0.as_mut() {
            Some(body) => Pin::new(body).poll_frame(cx),
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.0.as_ref().is_none_or(HttpBody::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.0
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), HttpBody::size_hint)
    }
}

impl Drop for DrainOnDrop {
    fn drop(&mut self) {
        if let Some(body) = self.0.take().filter(|b| !b.is_end_stream()) {
            linger(body);
        }
    }
}

/// Reads and drops what is left of `body` for at most [`LINGER`], off the request's task.
fn linger(mut body: Body) {
    // Outside a runtime (never while serving) there is no connection left to keep.
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(async move {
        let drain = async {
            while let Some(Ok(_)) =
                std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
            {}
        };
        let _ = tokio::time::timeout(LINGER, drain).await;
    });
}

/// Whether the request declares a body longer than `limit` (refused before any of it is read).
pub(crate) fn declared_over(headers: &HeaderMap, limit: usize) -> bool {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > limit as u64)
}

/// Why a body was not taken.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// Longer than the limit.
    TooLong,
    /// Broken off or malformed (the client stopped sending, or its chunks do not parse).
    Broken,
}

/// Reads at most `limit` bytes of `body`; what is left of a refused one is drained once dropped
/// (see [`drain_unread`]).
pub(crate) async fn read_at_most(mut body: Body, limit: usize) -> Result<Bytes, Unread> {
    let mut buf = bytes::BytesMut::new();
    loop {
        match std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
            None => return Ok(buf.freeze()),
            Some(Err(_)) => return Err(Unread::Broken),
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if buf.len() + data.len() > limit {
                        return Err(Unread::TooLong);
                    }
                    buf.extend_from_slice(&data);
                }
            }
        }
    }
}

/// Writes at most `limit` bytes of `body` to a new file at `path`: how many. A longer body is
/// refused (its rest drained once dropped) and what was written is the caller's to remove.
pub(crate) async fn write_at_most(
    mut body: Body,
    limit: usize,
    path: &std::path::Path,
) -> Result<usize, Unread> {
    use tokio::io::AsyncWriteExt;
    let mut file = tokio::fs::File::create(path)
        .await
        .map_err(|_| Unread::Broken)?;
    let mut written = 0;
    loop {
        match std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
            None => {
                file.flush().await.map_err(|_| Unread::Broken)?;
                return Ok(written);
            }
            Some(Err(_)) => return Err(Unread::Broken),
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if written + data.len() > limit {
                        return Err(Unread::TooLong);
                    }
                    file.write_all(&data).await.map_err(|_| Unread::Broken)?;
                    written += data.len();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// A body of `chunks` chunks of 4 bytes, the last one an error when `broken`; `pulled` counts
    /// the chunks read from it.
    fn body(chunks: usize, broken: bool, pulled: Arc<AtomicUsize>) -> Body {
        let items = (0..chunks).map(move |i| {
            pulled.fetch_add(1, Ordering::SeqCst);
            if broken && i + 1 == chunks {
                Err(std::io::Error::other("cut off"))
            } else {
                Ok(Bytes::from_static(b"abcd"))
            }
        });
        Body::from_stream(futures::stream::iter(items))
    }

    #[tokio::test]
    async fn a_body_is_read_up_to_its_limit() {
        let pulled = || Arc::new(AtomicUsize::new(0));
        for (chunks, broken, limit, want) in [
            (0, false, 8, Ok(0)),
            (2, false, 8, Ok(8)),
            (3, false, 8, Err(Unread::TooLong)),
            (2, true, 8, Err(Unread::Broken)),
            (1, true, 8, Err(Unread::Broken)),
        ] {
            let got = read_at_most(body(chunks, broken, pulled()), limit)
                .await
                .map(|b| b.len());
            assert_eq!(got, want, "{chunks} chunks, broken {broken}, limit {limit}");
        }
    }

    #[tokio::test]
    async fn what_a_handler_drops_unread_is_drained() {
        let pulled = Arc::new(AtomicUsize::new(0));
        let req = Request::new(body(50, false, pulled.clone()));
        let req = drain_unread(req).await;
        // The handler reads one chunk and drops the rest.
        let mut body = req.into_body();
        let first = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await;
        assert!(first.is_some_and(|f| f.is_ok()));
        drop(body);
        for _ in 0..100 {
            if pulled.load(Ordering::SeqCst) == 50 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(pulled.load(Ordering::SeqCst), 50, "the rest is read");
    }
}
