/**
 * Import boundaries (DESIGN.md §1), checked by `npm run lint:deps` and inside `npm test`.
 *
 *   shared  pure TypeScript used by both sides: imports nothing from client or server, no Node
 *           built-ins, no browser or server packages.
 *   client ↛ server, server ↛ client.
 *   client  shared modules (api, local, shared-ui, state, pwa) are what features build on; they
 *           never import a feature or the shell. The shell (app = router, layout = top bar, menu)
 *           may import features. A feature (every other folder under src/client, including ones
 *           added later) imports only its own files and the shared modules: what two features
 *           share moves to shared-ui/ or local/.
 *   server  a feature may call another feature's service or repository (its API) but never its
 *           routes: only app.ts mounts routes. The ground floor (lib, db, plugins, config.ts)
 *           never imports a feature folder nor the top (app.ts, main.ts), but for the few
 *           imports listed in its rule.
 *   tests/ and scripts/ may import anything; src/ never imports them.
 *
 * dependency-cruiser cannot read TypeScript 7 itself; see .dependency-cruiser.babel.cjs for how
 * it reads our files. tests/unit/boundaries.test.ts runs this config on fixture files that break
 * each rule, so a rule that stops matching fails the test suite.
 */
'use strict';

const path = require('node:path');

/** Client folders every feature may use. */
const CLIENT_SHARED = ['api', 'local', 'shared-ui', 'state', 'pwa'];
/** The app shell (router, layout): may import features; features and shared modules never import it. */
const CLIENT_SHELL = ['app', 'layout'];

const sharedAlternation = CLIENT_SHARED.join('|');
/** The app's i18n catalogues, and the per-feature text files they combine. */
const I18N_CATALOGUES = '^src/client/app/catalogue-(?:tr|en)\\.ts$';
// A feature's texts, or those of one of its sub-features (products/import, admin/settings).
const FEATURE_TEXTS = '^src/client/[^/]+/(?:messages|[a-z-]+/messages)-(?:tr|en)\\.ts$';
const notFeature = [...CLIENT_SHARED, ...CLIENT_SHELL].join('|');

/** The server's ground floor: what every server feature builds on. */
const SERVER_GROUND = '^src/server/(?:(?:lib|db|plugins)/|config\\.ts$)';

/**
 * Packages src/shared may import. Add one only if it runs unchanged in the browser and in Node
 * (no DOM, no Node API).
 */
const PURE_PACKAGES = ['zod'];

module.exports = {
  forbidden: [
    {
      name: 'shared-not-to-client-or-server',
      comment: 'src/shared is used by both sides, so it cannot depend on either of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'src/shared also runs in the browser: no Node built-in modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-only-pure-packages',
      comment: `src/shared runs on both sides: of npm packages it may import only ${PURE_PACKAGES.join(', ')} (no DOM-only or server-only package).`,
      severity: 'error',
      from: { path: '^src/shared/' },
      to: {
        path: '(^|/)node_modules/',
        pathNot: PURE_PACKAGES.map((name) => `(^|/)node_modules/${name}/`),
      },
    },
    {
      name: 'client-not-to-server',
      comment: 'The browser bundle never imports server code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-client',
      comment: 'The server never imports browser code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'client-feature-not-to-other-feature',
      comment:
        "A client feature imports only its own files and the shared modules (api, local, shared-ui, state, pwa) — never another feature's files nor the shell (app, layout). What two features share moves to shared-ui/ or local/.",
      severity: 'error',
      from: { path: `^src/client/(?!(?:${notFeature})/)([^/]+)/` },
      to: { path: '^src/client/', pathNot: [`^src/client/($1|${sharedAlternation})/`] },
    },
    {
      name: 'client-shared-not-to-features',
      comment:
        'The shared client modules (api, local, shared-ui, state, pwa) are what features build on: they never import a feature, the shell or an entry point.',
      severity: 'error',
      from: { path: `^src/client/(${sharedAlternation})/` },
      to: { path: '^src/client/', pathNot: `^src/client/(${sharedAlternation})/` },
    },
    {
      name: 'i18n-catalogues-only-feature-texts',
      comment:
        "The i18n catalogues (app/catalogue-tr.ts, catalogue-en.ts) combine the shared texts and every feature's into one typed key set: of a feature they import only its texts (messages-tr.ts / messages-en.ts), never its code, so the catalogue chunk carries no screen.",
      severity: 'error',
      from: { path: I18N_CATALOGUES },
      to: {
        path: '^src/client/',
        pathNot: [`^src/client/(${sharedAlternation})/`, FEATURE_TEXTS, I18N_CATALOGUES],
      },
    },
    {
      name: 'feature-texts-are-leaves',
      comment:
        "A feature's texts (messages-tr.ts, messages-en.ts) are plain data the app's catalogues import: they import nothing of the client but the feature's own Turkish texts (for their key type), so no feature code rides along into the catalogues.",
      severity: 'error',
      from: { path: '^src/client/([^/]+|[^/]+/[^/]+)/messages-(?:tr|en)\\.ts$' },
      to: { path: '^src/client/', pathNot: '^src/client/$1/messages-tr\\.ts$' },
    },
    {
      name: 'server-routes-only-from-app',
      comment:
        "Only src/server/app.ts mounts routes. A server feature may call another feature's service or repository functions, never its routes; plugins/, lib/ and db/ never import routes.",
      severity: 'error',
      // $1 is the importing file's folder ('orders/'), so the routes beside it are its own; for a
      // file directly in src/server it is the file name, which allows nothing
      from: { path: '^src/server/([^/]*/?)', pathNot: '^src/server/app\\.ts$' },
      to: { path: '^src/server/.*\\.routes\\.ts$', pathNot: '^src/server/$1[^/]+\\.routes\\.ts$' },
    },
    {
      name: 'server-ground-not-to-features',
      comment:
        "The server's ground floor (lib/, db/, plugins/, config.ts) is what features build on: it never imports a feature folder, app.ts or main.ts. A plugin that needs a feature's code lives in that feature (<feature>/<name>.plugin.ts); the database's table types are in db/tables/.",
      severity: 'error',
      from: { path: SERVER_GROUND },
      to: {
        path: '^src/server/',
        pathNot: [
          SERVER_GROUND,
          // The PWA's static files and its first-visit login page filled with the tenant's
          // name and colours: serving them (before any /api plugin) reads the tenant.
          '^src/server/tenants/tenants\\.repository\\.ts$',
        ],
      },
    },
    {
      name: 'src-not-to-tests-or-scripts',
      comment: 'Production code never depends on test or tooling code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(tests|scripts)/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other (directly or through others) cannot be understood or tested alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment:
        'An import that cannot be resolved would also escape every rule above (and means the config no longer understands our imports).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^tests/unit/fixtures/' },
    moduleSystems: ['es6', 'cjs'],
    babelConfig: { fileName: path.join(__dirname, '.dependency-cruiser.babel.cjs') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
