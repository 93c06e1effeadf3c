import { StoreUnavailableError, type Store } from '../../src/store/port.ts';

/** Wraps a real store; while `down` is set every call fails as an unreachable store does. */
export function switchableStore(inner: Store): { store: Store; setDown(down: boolean): void; calls: string[] } {
  let down = false;
  const calls: string[] = [];
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        if (down) return Promise.reject(new StoreUnavailableError(`store down (${String(property)})`));
        return value.apply(target, args);
      };
    },
  });
  return { store, setDown: (d) => void (down = d), calls };
}
