/**
 * The import-boundary rules (.dependency-cruiser.cjs) are themselves tested: the real config is
 * run on tiny fixture files laid out like src/ (tests/unit/fixtures/boundaries), where each
 * `breaks-*` file breaks one rule and every other import is allowed. If a rule stopped matching —
 * a regex typo, or dependency-cruiser no longer reading TypeScript (the graph would be empty and
 * every rule would pass) — `npm run lint:deps` would keep passing silently; this test fails.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(import.meta.dirname, 'fixtures', 'boundaries');

type Violation = { rule: string; from: string; to: string };

let violations: Violation[] = [];
let ruleNames: string[] = [];
let modulesCruised: string[] = [];

beforeAll(async () => {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const babelFile = options.babelConfig?.fileName;
  if (!babelFile) throw new Error('the config no longer names its Babel config');
  const babelConfig = await extractBabelConfig(babelFile);
  ruleNames = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name ?? '');
  const result = await cruise(
    ['src/**/*.{ts,tsx}', 'tests/**/*.ts'],
    { ...options, baseDir: fixtures },
    undefined,
    { babelConfig },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result object');
  modulesCruised = result.output.modules.map((module) => module.source);
  violations = result.output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    // packages resolve to wherever node_modules really is: keep only the part after it
    to: v.to.replace(/^.*node_modules\//, 'node_modules/'),
  }));
});

/** Each allowed import in the fixtures, and each violation, exactly. */
const expected: Violation[] = [
  {
    rule: 'shared-not-to-client-or-server',
    from: 'src/shared/breaks-shared-to-client.ts',
    to: 'src/client/sales/cart.ts',
  },
  { rule: 'shared-no-node-builtins', from: 'src/shared/breaks-shared-node-builtin.ts', to: 'path' },
  {
    rule: 'shared-only-pure-packages',
    from: 'src/shared/breaks-shared-dom-package.ts',
    to: 'node_modules/react/index.js',
  },
  {
    rule: 'client-not-to-server',
    from: 'src/client/sales/breaks-client-to-server.ts',
    to: 'src/server/orders/orders.service.ts',
  },
  {
    rule: 'server-not-to-client',
    from: 'src/server/lib/breaks-server-to-client.ts',
    to: 'src/client/local/db.ts',
  },
  {
    rule: 'client-feature-not-to-other-feature',
    from: 'src/client/orders/breaks-feature-to-feature.ts',
    to: 'src/client/sales/cart.ts',
  },
  {
    // a type-only import couples the features just the same
    rule: 'client-feature-not-to-other-feature',
    from: 'src/client/orders/breaks-feature-to-feature-type-only.tsx',
    to: 'src/client/sales/cart.ts',
  },
  {
    rule: 'client-feature-not-to-other-feature',
    from: 'src/client/orders/breaks-feature-to-feature-lazy.ts',
    to: 'src/client/sales/cart.ts',
  },
  {
    // a folder the rule has never heard of is a feature too; features do not import the shell
    rule: 'client-feature-not-to-other-feature',
    from: 'src/client/future-feature/breaks-feature-to-shell.ts',
    to: 'src/client/layout/shell.ts',
  },
  {
    rule: 'client-shared-not-to-features',
    from: 'src/client/state/breaks-shared-to-feature.ts',
    to: 'src/client/orders/page.ts',
  },
  {
    // the app's catalogues combine features' texts (allowed) but never a feature's code; these
    // files must carry the catalogue's own names for the rule to apply, hence no `breaks-` prefix
    rule: 'i18n-catalogues-only-feature-texts',
    from: 'src/client/app/catalogue-en.ts',
    to: 'src/client/orders/page.ts',
  },
  {
    rule: 'feature-texts-are-leaves',
    from: 'src/client/sales/messages-tr.ts',
    to: 'src/client/sales/cart.ts',
  },
  {
    rule: 'server-routes-only-from-app',
    from: 'src/server/sync/breaks-feature-to-other-routes.ts',
    to: 'src/server/orders/orders.routes.ts',
  },
  {
    rule: 'server-routes-only-from-app',
    from: 'src/server/plugins/breaks-plugin-to-routes.ts',
    to: 'src/server/orders/orders.routes.ts',
  },
  {
    rule: 'server-routes-only-from-app',
    from: 'src/server/breaks-root-file-to-routes.ts',
    to: 'src/server/orders/orders.routes.ts',
  },
  {
    rule: 'server-ground-not-to-features',
    from: 'src/server/db/breaks-ground-to-feature.ts',
    to: 'src/server/orders/orders.service.ts',
  },
  {
    // the top (app.ts, main.ts) is out of the ground's reach too
    rule: 'server-ground-not-to-features',
    from: 'src/server/lib/breaks-ground-to-top.ts',
    to: 'src/server/app.ts',
  },
  {
    // a plugin importing routes breaks both rules
    rule: 'server-ground-not-to-features',
    from: 'src/server/plugins/breaks-plugin-to-routes.ts',
    to: 'src/server/orders/orders.routes.ts',
  },
  {
    rule: 'src-not-to-tests-or-scripts',
    from: 'src/server/lib/breaks-src-to-tests.ts',
    to: 'tests/helper.ts',
  },
  // one report per cycle
  { rule: 'no-circular', from: 'src/server/lib/breaks-cycle-a.ts', to: 'src/server/lib/breaks-cycle-b.ts' },
  { rule: 'no-unresolvable', from: 'src/server/lib/breaks-unresolvable.ts', to: './does-not-exist' },
];

const key = (v: Violation) => `${v.rule}: ${v.from} → ${v.to}`;

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('reads every fixture file, TypeScript and TSX included', () => {
    const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => file.split('\\').join('/'));
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => !modulesCruised.includes(file))).toEqual([]);
  });

  it('reports each import that breaks a rule, and nothing that is allowed', () => {
    expect(violations.map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('has a fixture proving every rule of the config fires', () => {
    const proven = new Set(expected.map((v) => v.rule));
    expect(ruleNames.filter((name) => !proven.has(name))).toEqual([]);
  });
});
