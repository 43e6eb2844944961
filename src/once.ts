/**
 * `make`'s value, made at the first call and kept: a value built on first use (a schema a call may
 * never need), held by the returned function rather than by a module-level variable.
 */
export function once<T>(make: () => T): () => T {
  const cell: { made: boolean; value: T | undefined } = { made: false, value: undefined };
  return () => {
    if (!cell.made) {
      cell.value = make();
      cell.made = true;
    }
    return cell.value as T;
  };
}
