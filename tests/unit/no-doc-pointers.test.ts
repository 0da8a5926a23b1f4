/**
 * Comments (and test titles) state the rule and why, in words a reader of this repository can
 * check: never a pointer to a document that is not here — an issue number, a section of the design
 * notes or of the functional specification. Such a pointer tells the reader nothing and goes stale
 * silently when the document it names changes.
 *
 * Every line of src/ and tests/ (.ts, .tsx) is matched against POINTER. The lines that still carry
 * one are listed in fixtures/doc-pointers-allowlist.txt (`path:trimmed line`), and that list can
 * only shrink: a line not on it fails, and so does an entry whose line is gone (delete it, so the
 * list keeps telling the truth about what is left to rewrite).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const ALLOWLIST = join(import.meta.dirname, 'fixtures', 'doc-pointers-allowlist.txt');

/** An issue number, a DESIGN section or a spec section, in any case and spacing (samples below). */
const POINTER = /\bissue\s+#?\d+\b|DESIGN\s*§|\bspec\s*§/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.split(sep).includes('node_modules'))
    .map((name) => join(dir, name).split(sep).join('/'))
    .sort();
}

/** Every line that carries a pointer, as `path:trimmed line` (path relative to the repository). */
function offenders(): string[] {
  const found = new Set<string>();
  for (const file of [...sourceFiles('src'), ...sourceFiles('tests')]) {
    const lines = readFileSync(join(root, file), 'utf8').split(/\r?\n/);
    for (const line of lines) {
      if (POINTER.test(line)) found.add(`${file}:${line.trim()}`);
    }
  }
  return [...found].sort();
}

function allowList(): string[] {
  return readFileSync(ALLOWLIST, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

describe('comments point at nothing outside the repository', () => {
  it('the pattern catches the pointer forms and leaves ordinary words alone', () => {
    // Written so that this file's own lines do not match (\u00a7 is the section sign).
    const SECTION = '\u00a7';
    const samples = [
      `// see issue ${9}`,
      `/* Issue #${12} */`,
      `* (DESIGN ${SECTION}6)`,
      `spec ${SECTION}2.1`,
      `SPEC${SECTION}4`,
      `issue  ${10}.`,
    ];
    for (const text of samples) expect(text).toMatch(POINTER);
    for (const text of [
      '// the issue of a second scan',
      '// issued 3 tokens',
      '// the design of the outbox',
      '// per the specification',
      '// tissue 5',
    ])
      expect(text).not.toMatch(POINTER);
  });

  it('no line outside the allow-list names an issue, a DESIGN section or a spec section', () => {
    const allowed = new Set(allowList());
    const fresh = offenders().filter((entry) => !allowed.has(entry));
    expect(
      fresh,
      'state the rule itself instead of pointing at a document that is not in the repository',
    ).toEqual([]);
  });

  it('the allow-list only shrinks: an entry whose line is gone is deleted from it', () => {
    const present = new Set(offenders());
    const stale = allowList().filter((entry) => !present.has(entry));
    expect(stale, `delete these lines from ${relative(root, ALLOWLIST)}`).toEqual([]);
  });
});
