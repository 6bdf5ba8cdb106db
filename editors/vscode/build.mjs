// Builds the extension for packaging: the extension (src/extension.ts) and rr's language server (from
// rr's build in ../../dist, `npm run build` at the repository root) bundled with esbuild, rr's schemas
// beside them. The server's modules load some packages through createRequire; in the bundle they are
// ordinary requires, so esbuild takes them in and the .vsix needs no node_modules.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../..');
const dist = join(repo, 'dist/tools');
if (!existsSync(join(dist, 'lsp/lsp-main.js')))
  throw new Error('build rr first: npm run build at the repository root');

/** Makes `createRequire(import.meta.url)` plain `require`, so esbuild bundles what it loads. */
const plainRequire = {
  name: 'plain-require',
  setup(b) {
    b.onLoad({ filter: /dist[\\/]tools[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
        .replace(/const require = createRequire\(import\.meta\.url\);/g, '')
        .replace(/createRequire\(import\.meta\.url\)/g, 'require')
        // The precompiled validators are not bundled: the server compiles the schemas at start.
        .replace(
          /require\(`\.\/\$\{precompiledValidatorFile\(name\)\}`\)/g,
          "(() => { throw new Error('not bundled'); })()",
        );
      return { contents: text, loader: 'js' };
    });
  },
};

const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };

// The extension is CommonJS, as VS Code loads it.
await build({
  ...common,
  format: 'cjs',
  entryPoints: [join(here, 'src/extension.ts')],
  outfile: join(here, 'dist/extension.js'),
  external: ['vscode'],
});
// The server is ES modules like rr (server/package.json says so); the CommonJS packages it bundles
// require Node's own modules through a real require.
await build({
  ...common,
  format: 'esm',
  // Packages with an ES module build (jsonc-parser's main is a UMD file esbuild cannot follow) use it.
  mainFields: ['module', 'main'],
  entryPoints: {
    'rr-lsp': join(dist, 'lsp/lsp-main.js'),
    'junit-worker': join(dist, 'evidence/junit-worker.js'),
  },
  outdir: join(here, 'server'),
  plugins: [plainRequire],
  banner: {
    js: "import { createRequire as __rrCreateRequire } from 'node:module'; const require = __rrCreateRequire(import.meta.url);",
  },
});
writeFileSync(join(here, 'server/package.json'), '{ "type": "module" }\n');
// The schemas the server reads: the model's and the evidence records'.
mkdirSync(join(here, 'schemas'), { recursive: true });
for (const name of ['model.schema.json', 'record.schema.json'])
  cpSync(join(repo, 'schemas', name), join(here, 'schemas', name));
