/**
 * A value made on first use, then kept. For Intl formatters: constructing one (above all with a
 * time zone) loads locale data and costs milliseconds — at module load, on a phone, that was part
 * of the main-thread time before /login could respond, for formatters the login never
 * uses.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
