/**
 * The README's configuration table lists every environment variable the code reads, so that an
 * operator never has to search the source for a setting. Read here: `process.env.<NAME>` (and
 * `process.env['<NAME>']`) anywhere in src/, scripts/, tests/ and the build configs, Vite's
 * `import.meta.env.<NAME>` in the client (its built-in flags excepted), and the keys of the server's
 * environment schema (src/server/config.ts reads the whole environment through zod).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Set by Vite itself, not by whoever runs the product. */
const VITE_BUILT_IN = new Set(['PROD', 'DEV', 'MODE', 'BASE_URL', 'SSR']);

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mjs|cjs|js)$/.test(name))
    .map((name) => join(dir, name).split(sep).join('/'));
}

function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const sources = [
    ...files('src'),
    ...files('scripts'),
    ...files('tests'),
    'vite.config.ts',
    'vitest.config.ts',
  ];
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g))
      found.set((m[1] ?? m[2]) as string, file);
    for (const m of text.matchAll(/import\.meta\.env\??\.([A-Z][A-Z0-9_]*)/g))
      if (!VITE_BUILT_IN.has(m[1] as string)) found.set(m[1] as string, file);
  }
  const config = readFileSync(join(root, 'src/server/config.ts'), 'utf8');
  const schema = config.slice(config.indexOf('const envSchema = z.object({'));
  for (const m of schema.slice(0, schema.indexOf('\n});')).matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm))
    found.set(m[1] as string, 'src/server/config.ts');
  return found;
}

describe('README configuration table', () => {
  it('finds the variables (the scan itself works)', () => {
    const read = variablesRead();
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'VITE_API_BASE', 'TEST_DATABASE_URL'])
      expect(read.has(name), name).toBe(true);
  });

  it('names every environment variable the code reads', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    const missing = [...variablesRead()]
      .filter(([name]) => !table.includes(`\`${name}\``))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add these to the table under "## Configuration" in README.md').toEqual([]);
  });
});
