/**
 * A map that keeps its entries in the order they were last written and gives the oldest in O(1),
 * however many entries came and went before it.
 *
 * A plain Map keeps insertion order too, but V8 leaves each deleted entry as a hole in its
 * backing store until the next rehash, and reading the first key walks over every hole: a table
 * that drops its oldest entry on each write (a limiter under a flood of distinct clients) pays a
 * walk over up to half its capacity per call. Here the order is a linked list beside the Map, so
 * the Map is only ever used by key.
 */
interface Node<K, V> {
  readonly key: K;
  value: V;
  older: Node<K, V> | undefined;
  newer: Node<K, V> | undefined;
}

export class WriteOrderMap<K, V> {
  readonly #nodes = new Map<K, Node<K, V>>();
  #oldest: Node<K, V> | undefined;
  #newest: Node<K, V> | undefined;

  get size(): number {
    return this.#nodes.size;
  }

  get(key: K): V | undefined {
    return this.#nodes.get(key)?.value;
  }

  /** Stores `value` as the newest entry, whether or not `key` was there before. */
  set(key: K, value: V): void {
    this.delete(key);
    const node: Node<K, V> = { key, value, older: this.#newest, newer: undefined };
    if (this.#newest) this.#newest.newer = node;
    else this.#oldest = node;
    this.#newest = node;
    this.#nodes.set(key, node);
  }

  delete(key: K): boolean {
    const node = this.#nodes.get(key);
    if (!node) return false;
    this.#nodes.delete(key);
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    return true;
  }

  /** The entry written longest ago, or undefined when the map is empty. */
  oldest(): [key: K, value: V] | undefined {
    return this.#oldest ? [this.#oldest.key, this.#oldest.value] : undefined;
  }
}
