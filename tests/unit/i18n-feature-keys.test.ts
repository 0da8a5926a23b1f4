import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues combine every feature's texts by spreading them into one object
 * (shared-ui/i18n-tr.ts, i18n-en.ts): a key two features both define is not an error there, the
 * later spread silently wins and the other screen shows the wrong text. So no key may be defined
 * by two features' text files.
 */
const clientDir = join(import.meta.dirname, '..', '..', 'src', 'client');

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return entry.name === 'messages-tr.ts' ? [path] : [];
  });
}

describe("features' texts", () => {
  it('no key is defined by two features', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of textFiles(clientDir)) {
      const name = relative(clientDir, file);
      for (const match of readFileSync(file, 'utf8').matchAll(/^ {2}([A-Za-z_][A-Za-z0-9_]*):/gm)) {
        const key = match[1] as string;
        const first = owner.get(key);
        if (first && first !== name) clashes.push(`${key}: ${first} and ${name}`);
        else owner.set(key, name);
      }
    }
    expect(owner.size).toBeGreaterThan(100);
    expect(clashes).toEqual([]);
  });
});
