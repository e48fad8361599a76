/**
 * How long the server keeps an idle keep-alive connection open. Longer than the idle timeouts of the proxies
 * and load balancers in front of it (60 s on AWS's ALB and in nginx's upstream keepalive): a connection the
 * server closes while a client sends on it ends that request with a reset (ECONNRESET), which the client
 * cannot safely retry for a POST. Node's default, 5 s, lost a test's request that way on a loaded machine,
 * so the in-process test servers use this value too.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
