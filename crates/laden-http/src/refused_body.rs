//! Bodies refused for their size. The 413 goes out at once, but closing the connection while the
//! client is still sending makes the kernel answer the unread bytes with a reset, and a reset can
//! destroy the 413 before the client has read it: the shopper's browser then shows "connection
//! reset" instead of the German message. So the rest of a refused body is read and thrown away
//! for a bounded time, as nginx does with its lingering close, and the connection ends cleanly.

use axum::body::{Body, Bytes, HttpBody};
use axum::http::{header, HeaderMap};
use std::time::Duration;

/// How long the rest of a refused body is still read (nginx's `lingering_time` is 30 s; an
/// upload at 1 MB/s sends 5 MB in this time, more than a client still sends once refused).
pub(crate) const LINGER: Duration = Duration::from_secs(5);

/// Whether the request declares a body longer than `limit` (refused before any of it is read).
pub(crate) fn declared_over(headers: &HeaderMap, limit: usize) -> bool {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > limit as u64)
}

/// Reads at most `limit` bytes of `body`. A longer body is refused (`None`), and its rest is
/// drained in the background so the refusal reaches the client; so is a body broken off.
pub(crate) async fn read_at_most(mut body: Body, limit: usize) -> Option<Bytes> {
    let mut buf = bytes::BytesMut::new();
    loop {
        match std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await {
            None => return Some(buf.freeze()),
            // A broken body is one the client stopped sending: nothing is left to drain.
            Some(Err(_)) => return None,
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if buf.len() + data.len() > limit {
                        linger(body);
                        return None;
                    }
                    buf.extend_from_slice(&data);
                }
            }
        }
    }
}

/// Reads and drops what is left of `body` for at most [`LINGER`], off the request's task.
pub(crate) fn linger(mut body: Body) {
    tokio::spawn(async move {
        let drain = async {
            while let Some(Ok(_)) =
                std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await
            {
            }
        };
        let _ = tokio::time::timeout(LINGER, drain).await;
    });
}
