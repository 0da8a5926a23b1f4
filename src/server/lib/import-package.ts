/**
 * `import()` of an ES-module package left outside the server's bundle (nodemailer,
 * write-excel-file), loaded on first use.
 *
 * `npm start` runs the bundle through V8's code cache (a vm.Script with cached data), and a
 * function restored from that cache has lost vm's dynamic-import callback: its own `import()`
 * throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING (every spreadsheet export and e-mail failed with
 * a 500). So the launcher, an ordinary ES module, lends its `import()` through a global; where
 * there is none (development and tests run the TypeScript sources) this module's own is used.
 */
const IMPORT_PACKAGE = Symbol.for('sys.importPackage');

type Importer = (id: string) => Promise<unknown>;

export function importPackage<T>(id: string): Promise<T> {
  const lent = (globalThis as { [IMPORT_PACKAGE]?: Importer })[IMPORT_PACKAGE];
  return (lent ? lent(id) : import(id)) as Promise<T>;
}
