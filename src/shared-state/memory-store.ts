import {
  TALLY_OVERFLOW_FIELD,
  type BoundedCacheEntry,
  type SharedStore,
  type StoreAnswer,
  type TallyCount,
} from './shared-store.ts';

interface Entry {
  value: number | string;
  expiresAt: number;
}

/**
 * A shared store that only this process shares: the store of one machine. Expired keys are swept
 * at most once per lifetime seen (and whenever the store is full), and the number of keys is
 * capped, the oldest going first, so memory stays bounded however many keys are written.
 */
export class MemoryStore implements SharedStore {
  readonly kind = 'memory';
  readonly #entries = new Map<string, Entry>();
  /** The bounded caches' entries, by cache and key; each cache is held to its own bounds. */
  readonly #cached = new Map<
    string,
    Map<string, { value: string; group: string; expiresAt: number }>
  >();
  /** The tallies, by key; at most `maxKeys` of them, the oldest going first. */
  readonly #tallies = new Map<string, { fields: Map<string, number>; expiresAt: number }>();
  readonly #maxKeys: number;
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(options: { readonly maxKeys?: number; readonly now?: () => number } = {}) {
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** How many keys it holds (expired ones included until the next sweep). */
  get size(): number {
    return this.#entries.size;
  }

  increment(key: string, ttlSeconds: number, by = 1): number {
    const now = this.#now();
    const entry = this.#readLive(key, now);
    if (entry && typeof entry.value === 'number') return (entry.value += by);
    this.#put(key, by, ttlSeconds, now);
    return by;
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    const now = this.#now();
    if (this.#readLive(key, now)) return false;
    this.#put(key, 'claimed', ttlSeconds, now);
    return true;
  }

  async read(cache: string, key: string): Promise<StoreAnswer<string | undefined>> {
    const entry = this.#cached.get(cache)?.get(key);
    return entry && entry.expiresAt > this.#now() ? entry.value : undefined;
  }

  async keep(entry: BoundedCacheEntry): Promise<StoreAnswer<boolean>> {
    const now = this.#now();
    const entries = this.#cached.get(entry.cache) ?? new Map();
    this.#cached.set(entry.cache, entries);
    let inGroup = 0;
    for (const [key, kept] of entries) {
      if (kept.expiresAt <= now) entries.delete(key);
      else if (kept.group === entry.group) inGroup += 1;
    }
    if (!entries.has(entry.key)) {
      if (entries.size >= entry.maxEntries || inGroup >= entry.maxEntriesPerGroup) return false;
    }
    entries.set(entry.key, {
      value: entry.value,
      group: entry.group,
      expiresAt: now + entry.ttlSeconds * 1000,
    });
    return true;
  }

  tally(counts: readonly TallyCount[], ttlSeconds: number): true {
    const now = this.#now();
    const expiresAt = now + ttlSeconds * 1000;
    for (const { key, field, maxFields } of counts) {
      let tally = this.#tallies.get(key);
      if (!tally || tally.expiresAt <= now) {
        this.#tallies.delete(key);
        for (const [old, kept] of this.#tallies) {
          if (this.#tallies.size < this.#maxKeys && kept.expiresAt > now) break;
          this.#tallies.delete(old);
        }
        tally = { fields: new Map(), expiresAt };
        this.#tallies.set(key, tally);
      }
      tally.expiresAt = expiresAt;
      const { fields } = tally;
      // A field already counted (the usual case) is one read and one write.
      const count = fields.get(field);
      if (count !== undefined) fields.set(field, count + 1);
      else if (fields.size < maxFields) fields.set(field, 1);
      else fields.set(TALLY_OVERFLOW_FIELD, (fields.get(TALLY_OVERFLOW_FIELD) ?? 0) + 1);
    }
    return true;
  }

  async readTallies(keys: readonly string[]): Promise<Record<string, number>[]> {
    const now = this.#now();
    return keys.map((key) => {
      const tally = this.#tallies.get(key);
      return tally && tally.expiresAt > now ? Object.fromEntries(tally.fields) : {};
    });
  }

  async close(): Promise<void> {}

  #readLive(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  #put(key: string, value: number | string, ttlSeconds: number, now: number): void {
    if (now >= this.#nextSweep || this.#entries.size >= this.#maxKeys) {
      this.#sweep(now);
      this.#nextSweep = now + ttlSeconds * 1000;
    }
    // Re-inserted, so the key counts as the newest for the cap.
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + ttlSeconds * 1000 });
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < this.#maxKeys) break;
      this.#entries.delete(key);
    }
  }
}
