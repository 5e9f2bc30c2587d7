/** foundry.utils.Collection: a Map whose iteration yields values, plus the array helpers Foundry adds. */
export class Collection<V> {
  readonly #map = new Map<string, V>();

  constructor(entries: Iterable<[string, V]> = []) {
    for (const [k, v] of entries) this.#map.set(k, v);
  }
  get size(): number {
    return this.#map.size;
  }
  get contents(): V[] {
    return [...this.#map.values()];
  }
  get(key: string | null | undefined, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const v = key == null ? undefined : this.#map.get(key);
    if (strict && v === undefined) throw new Error(`The key ${String(key)} does not exist in the Collection`);
    return v;
  }
  has(key: string): boolean {
    return this.#map.has(key);
  }
  set(key: string, value: V): this {
    this.#map.set(key, value);
    return this;
  }
  delete(key: string): boolean {
    return this.#map.delete(key);
  }
  clear(): void {
    this.#map.clear();
  }
  keys(): IterableIterator<string> {
    return this.#map.keys();
  }
  values(): IterableIterator<V> {
    return this.#map.values();
  }
  entries(): IterableIterator<[string, V]> {
    return this.#map.entries();
  }
  [Symbol.iterator](): IterableIterator<V> {
    return this.#map.values();
  }
  find(fn: (v: V) => boolean): V | undefined {
    return this.contents.find(fn);
  }
  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }
  map<T>(fn: (v: V) => T): T[] {
    return this.contents.map(fn);
  }
  some(fn: (v: V) => boolean): boolean {
    return this.contents.some(fn);
  }
  getName(name: string): V | undefined {
    return this.find((v) => (v as { name?: unknown }).name === name);
  }
}
