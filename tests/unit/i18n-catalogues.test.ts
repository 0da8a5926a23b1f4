import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue is one key set made of the shared texts (shared-ui/i18n-tr.ts) and each feature's
 * own (its messages-tr.ts / messages-en.ts). Spreading objects does not complain about a key
 * defined twice — the later one silently wins — so this test does: every key is defined once,
 * and each feature's English file names exactly the keys of its Turkish one.
 */
const client = join(import.meta.dirname, '..', '..', 'src', 'client');

function textFiles(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.split(/[\\/]/).pop() === name)
    .map((file) => join(dir, file));
}

/** The keys an object literal of catalogue entries defines (`  key: 'text',` at its top level). */
function definedKeys(source: string): string[] {
  return [...source.matchAll(/^ {2}([A-Za-z_][A-Za-z0-9_]*):/gm)].map((m) => m[1] as string);
}

describe('the i18n catalogues', () => {
  const features = textFiles(client, 'messages-tr.ts');
  const shared = definedKeys(readFileSync(join(client, 'shared-ui', 'i18n-tr.ts'), 'utf8'));

  it('define every key once, across the shared texts and every feature', () => {
    expect(features.length).toBeGreaterThan(5);
    const owners = new Map<string, string[]>();
    const add = (key: string, owner: string) => owners.set(key, [...(owners.get(key) ?? []), owner]);
    for (const key of shared) add(key, 'shared-ui/i18n-tr.ts');
    for (const file of features)
      for (const key of definedKeys(readFileSync(file, 'utf8'))) add(key, relative(client, file));
    const twice = [...owners]
      .filter(([, where]) => where.length > 1)
      .map(([key, where]) => `${key}: ${where}`);
    expect(twice).toEqual([]);
  });

  it("give each feature's English file exactly its Turkish keys", () => {
    for (const file of features) {
      const english = file.replace(/messages-tr\.ts$/, 'messages-en.ts');
      const tr = definedKeys(readFileSync(file, 'utf8')).sort();
      const en = definedKeys(readFileSync(english, 'utf8')).sort();
      expect(en, relative(client, english)).toEqual(tr);
    }
  });
});
