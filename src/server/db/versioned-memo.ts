interface Kept {
  version: string | number;
  value: Promise<unknown>;
}

/**
 * Promises kept per owner (a database handle: tests open many, and their ids overlap) and key, each with
 * the version it was made under: asked again under that version, the same promise — shared by concurrent
 * callers; under another version, a new one. A promise that rejects is dropped, so a failure is not kept.
 */
export class VersionedMemo {
  readonly #owners = new WeakMap<object, Map<string, Kept>>();

  get<T>(owner: object, key: string, version: string | number, make: () => Promise<T>): Promise<T> {
    let kept = this.#owners.get(owner);
    if (!kept) {
      kept = new Map();
      this.#owners.set(owner, kept);
    }
    const known = kept.get(key);
    if (known && known.version === version) return known.value as Promise<T>;
    const value = make();
    const fresh: Kept = { version, value };
    const store = kept;
    store.set(key, fresh);
    value.catch(() => {
      if (store.get(key) === fresh) store.delete(key);
    });
    return value;
  }
}
