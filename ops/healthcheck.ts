/**
 * The container's HEALTHCHECK (`node dist/ops/healthcheck.js`): exit 0 when the API on this machine answers
 * `GET /api/health` with 200 (its database and Redis answer), 1 otherwise. Only node is needed, no curl.
 */
const port = process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
