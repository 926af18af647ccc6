/** A bounded set that forgets the least recently seen key first (Map keeps insertion order). */
export class LruSet<K> {
  private readonly keys = new Map<K, true>();

  constructor(private readonly capacity: number) {}

  /** Whether `key` is known; a hit makes it the most recently seen. */
  has(key: K): boolean {
    if (!this.keys.delete(key)) return false;
    this.keys.set(key, true);
    return true;
  }

  add(key: K): void {
    this.keys.delete(key);
    this.keys.set(key, true);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value as K);
  }

  get size(): number {
    return this.keys.size;
  }
}
