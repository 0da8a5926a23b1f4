/**
 * How dependency-cruiser reads our TypeScript.
 *
 * Why this file exists: dependency-cruiser 17 parses TypeScript with the `typescript` package
 * (versions 2–6), and this project compiles with TypeScript 7 (the native compiler, no JS API),
 * so dependency-cruiser would silently skip every .ts/.tsx file and every rule would pass on an
 * empty graph. Instead it hands each file to Babel (its supported `babelConfig` route); Babel's
 * own parser understands TypeScript and JSX, and the plugin below reduces each file to the list
 * of its imports as plain JavaScript (`import 'x';`, `import('x');`), which is all
 * dependency-cruiser needs. Type-only imports count like any other: a type borrowed from a
 * forbidden place couples the code just the same.
 *
 * tests/unit/boundaries.test.ts runs the real config on fixture files, so if this route ever
 * stopped seeing imports the test would fail instead of every rule passing vacuously.
 */
'use strict';

// Fail loudly (rather than cruise an empty graph) when Babel is missing.
require.resolve('@babel/core');

function stringValue(node) {
  if (!node) return undefined;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

function importsOnly({ types: t }) {
  return {
    name: 'imports-only',
    manipulateOptions(options, parserOptions) {
      // what @babel/plugin-syntax-typescript does; JSX only in .tsx (in .ts `<T>x` is a cast)
      const tsx = /\.tsx$/.test(options.filename ?? '');
      parserOptions.plugins.push(['typescript', { isTSX: tsx }]);
      if (tsx) parserOptions.plugins.push('jsx');
    },
    visitor: {
      Program(program) {
        const statics = new Set();
        const dynamics = new Set();
        program.traverse({
          'ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration'(path) {
            const source = stringValue(path.node.source);
            if (source !== undefined) statics.add(source);
          },
          TSImportEqualsDeclaration(path) {
            const reference = path.node.moduleReference;
            if (reference.type === 'TSExternalModuleReference') statics.add(reference.expression.value);
          },
          TSImportType(path) {
            const source = stringValue(path.node.argument?.argument ?? path.node.argument);
            if (source !== undefined) statics.add(source);
          },
          ImportExpression(path) {
            const source = stringValue(path.node.source);
            if (source !== undefined) dynamics.add(source);
          },
          CallExpression(path) {
            const { callee, arguments: args } = path.node;
            const source = stringValue(args[0]);
            if (source === undefined) return;
            if (callee.type === 'Import') dynamics.add(source);
            else if (t.isIdentifier(callee, { name: 'require' })) statics.add(source);
          },
        });
        program.node.body = [
          ...[...statics].map((source) => t.importDeclaration([], t.stringLiteral(source))),
          ...[...dynamics].map((source) =>
            t.expressionStatement(t.callExpression(t.import(), [t.stringLiteral(source)])),
          ),
        ];
        program.node.directives = [];
        program.skip();
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  comments: false,
  sourceType: 'module',
  plugins: [importsOnly],
};
