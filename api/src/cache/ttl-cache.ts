/**
 * Answers that are costly to compute and change rarely compared with how often they are read: each key's value
 * is served for `ttlMs`, concurrent reads of a key share one computation, and invalidate() drops every value and
 * keeps any computation already running from storing its (older) result.
 */
export class TtlCache<K, V> {
  private readonly values = new Map<K, { value: V; at: number }>();
  private readonly pending = new Map<K, Promise<V>>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  get(key: K, compute: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.values.get(key);
    if (hit && now - hit.at < this.ttlMs) return Promise.resolve(hit.value);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const p: Promise<V> = compute()
      .then((value) => {
        if (generation === this.generation) this.values.set(key, { value, at: Date.now() });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === p) this.pending.delete(key);
      });
    this.pending.set(key, p);
    return p;
  }

  invalidate(): void {
    this.generation += 1;
    this.values.clear();
    this.pending.clear();
  }
}
