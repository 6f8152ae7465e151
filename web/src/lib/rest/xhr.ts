/**
 * An upload transport with byte progress: `fetch` cannot report how much of a
 * request body has been sent, XMLHttpRequest can. Answers as a `Response`, so
 * the REST client reads it like any other.
 */
export type UploadProgress = (sent: number, total: number) => void;

export type UploadTransport = (url: string, init: RequestInit, onProgress: UploadProgress) => Promise<Response>;

/** `Name: value` lines of `getAllResponseHeaders()` as Headers. */
export function parseHeaders(raw: string): Headers {
  const h = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      try {
        h.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      } catch {
        // A header the Fetch API refuses is left out.
      }
    }
  }
  return h;
}

export const xhrUpload: UploadTransport = (url, init, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'blob';
    for (const [k, v] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      // Response() allows no body with 204/205/304.
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (init.signal) {
      if (init.signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
