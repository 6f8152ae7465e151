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

/// Reads at most `limit` bytes of `body`. A longer body is refused (`None`), and so is one broken
/// off; what is left of it is drained once dropped (see [`drain_unread`]).
pub(crate) async fn read_at_most(mut body: Body, limit: usize) -> Option<Bytes> {
    let mut buf = bytes::BytesMut::new();
    loop {
        match std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
            None => return Some(buf.freeze()),
            Some(Err(_)) => return None,
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if buf.len() + data.len() > limit {
                        return None;
                    }
                    buf.extend_from_slice(&data);
                }
            }
        }
    }
}
