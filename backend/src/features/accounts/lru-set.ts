import { LRUCache } from 'lru-cache';

/** A bounded set that forgets the least recently seen key first. */
export class LruSet<K extends NonNullable<unknown>> {
  private readonly keys: LRUCache<K, true>;

  constructor(capacity: number) {
    this.keys = new LRUCache({ max: capacity });
  }

  /** Whether `key` is known; a hit makes it the most recently seen. */
  has(key: K): boolean {
    return this.keys.get(key) !== undefined;
  }

  add(key: K): void {
    this.keys.set(key, true);
  }

  get size(): number {
    return this.keys.size;
  }
}
