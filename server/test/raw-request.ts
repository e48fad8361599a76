import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: fetch and supertest would decompress them and hide the encoding. */
  body: Buffer;
}

/** One HTTP request with Node's own client, which leaves Content-Encoding alone. */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { origin, pathname, search } = new URL(url);
  return rawPathRequest(origin, pathname + search, headers, method);
}

/**
 * The same with the path sent exactly as written: fetch and a URL string would resolve `..` and turn
 * backslashes into slashes before sending, which an attacker's client does not.
 */
export function rawPathRequest(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    http
      .request({ hostname, port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}
