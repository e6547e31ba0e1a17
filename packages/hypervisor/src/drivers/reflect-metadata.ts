/**
 * The part of the Reflect metadata API that @peculiar/x509's dependency tsyringe requires to be
 * present at import (`getMetadata`, `getOwnMetadata`, `defineMetadata`), installed only when no
 * polyfill is there yet. Import it before `@peculiar/x509`.
 */
type MetadataReflect = typeof Reflect & {
  getMetadata?: (key: unknown, target: object) => unknown;
  getOwnMetadata?: (key: unknown, target: object) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object) => void;
};

const reflect = Reflect as MetadataReflect;
if (typeof reflect.getMetadata !== 'function') {
  const store = new WeakMap<object, Map<unknown, unknown>>();
  reflect.defineMetadata = (key, value, target) => {
    const own = store.get(target) ?? new Map<unknown, unknown>();
    own.set(key, value);
    store.set(target, own);
  };
  reflect.getOwnMetadata = (key, target) => store.get(target)?.get(key);
  reflect.getMetadata = (key, target) => {
    for (let at: object | null = target; at !== null; at = Object.getPrototypeOf(at) as object | null) {
      const own = store.get(at);
      if (own?.has(key) === true) return own.get(key);
    }
    return undefined;
  };
}
