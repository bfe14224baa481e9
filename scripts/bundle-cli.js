// The command line in one file (issue 17: every verb that does not serve within 2× `node -e 0`): after tsc,
// `npm run build` runs this to make, in dist/src/cli beside tsc's output:
// - referee.cjs: program.js and everything it imports of ours, which main.cjs runs through V8's code cache
//   (src/node/code-cache.ts). Resolving and compiling ~300 modules was most of what a verb cost; one file,
//   compiled once, costs a few ms.
// - main.cjs: main.js and the code cache's module as one CommonJS file, the executable (package.json's bin):
//   Node starts an ES module entry several ms slower than a CommonJS one.
//
// How referee.cjs is made, and why:
// - CommonJS, not ES modules: Node 20 caches compiled code only for what it compiles itself, and a script
//   (vm.Script) can carry a code cache where a module cannot (vm.SourceTextModule is experimental).
// - One file, no chunks: every `import()` of ours becomes a function the bundler calls when the import
//   runs, so a verb still initialises only the modules it imports (the server, the mail code and the
//   rulesets a game does not use are in the file but never run). The build fails if an `import()` is left.
// - zod, commander, luxon, @noble/hashes (ESM only) and better-sqlite3's JavaScript are inside: they are on
//   the path of every verb (better-sqlite3's compiled part is found by src/store/sqlite/driver.ts).
//   fastify-type-provider-zod too, so that the server converts the same zod's schemas it was handed.
// - @noble/curves (issue 26's beacon checks, imported by the kernel) is neither: it stays outside, and what
//   the kernel imports of it is a stand-in whose `bls12_381` requires the package when a round is first
//   verified (Node 20 requires its ES modules). Inside, its 200 kB made every verb read and load a bundle 14%
//   larger (+5% start-up); outside and required with its importer, every verb loaded its ES modules uncached
//   (~50 ms). Only a command that verifies a new round pays that load now (issue 28's side by side in
//   docs/benchmarks.md).
// - Every other package, and Node's own modules, stay outside, required where their importer is initialised,
//   not when the file loads (a plain external is required at the top of the file: the server's packages,
//   node:http, node:worker_threads… on every verb, ~6 ms). commander, which every verb runs, requires
//   node:child_process for what it never does here (running a verb as a program of its own): that require
//   is made on first use too (~2 ms).
// - No comments (less to read and check), and ASCII only: a one-byte string, read without decoding UTF-8.
// - The same folder as main.js and program.js, so that what our modules find beside themselves through
//   import.meta.url (package.json, the web page, the verifying worker) is found from the bundle too.
import { build } from 'vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = 'dist/src/cli';
const INSIDE = /^(zod|commander|luxon|@noble\/hashes|fastify-type-provider-zod|better-sqlite3)(\/|$)/;
const LAZY = '\0outside:';

/** Packages outside the bundle, each required when the module importing it is initialised. */
const lazyPackages = {
  name: 'lazy-packages',
  enforce: 'pre',
  resolveId(id, importer) {
    const ours = id.startsWith('.') || id.startsWith('/') || id.startsWith('\0');
    if (ours || INSIDE.test(id)) return null;
    // The stand-in below requires the real package: that one stays a plain require().
    if (importer?.startsWith(LAZY)) return { id, external: true };
    return LAZY + id;
  },
  load(id) {
    if (!id.startsWith(LAZY)) return null;
    // A CommonJS stand-in: the bundler wraps it in a function called on first use, unlike an external.
    return { code: `module.exports = require(${JSON.stringify(id.slice(LAZY.length))});`, moduleType: 'js' };
  },
};

/** BLS12-381, required when the kernel first verifies a beacon round (see the head of this file). */
const CURVES = '@noble/curves/bls12-381.js';
const lazyCurves = {
  name: 'lazy-curves',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id !== CURVES) return null;
    // The stand-in below requires the real package: that one stays a plain require().
    if (importer === '\0lazy-curves') return { id, external: true };
    return '\0lazy-curves';
  },
  load(id) {
    if (id !== '\0lazy-curves') return null;
    return {
      code: `module.exports = { get bls12_381() { return require(${JSON.stringify(CURVES)}).bls12_381; } };`,
      moduleType: 'js',
    };
  },
};

/** commander's one require that no verb needs, made when it is used (it is only ever used for spawn). */
const lazyChildProcess = {
  name: 'lazy-child-process',
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
    const eager = "const childProcess = require('node:child_process');";
    if (
      !code.includes(eager) ||
      (code.match(/childProcess\./g) ?? []).length !== (code.match(/childProcess\.spawn\(/g) ?? []).length
    )
      throw new Error('commander no longer requires node:child_process as scripts/bundle-cli.js expects');
    return code.replace(
      eager,
      "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };",
    );
  },
};

/** The executable's own code and the code cache's module inside, everything else (program.js too) outside. */
const entryOnly = {
  name: 'entry-only',
  enforce: 'pre',
  resolveId(id, importer) {
    if (!importer || id === '../node/code-cache.js') return null;
    return { id, external: true };
  },
};

/** Bundles `input` into `fileName` (CommonJS, one file); the chunk written. */
async function bundle(input, fileName, plugins) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: input,
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: {
        output: {
          format: 'cjs',
          codeSplitting: false,
          entryFileNames: fileName,
          comments: false,
          minify: { compress: false, mangle: false, codegen: { removeWhitespace: false, asciiOnly: true } },
        },
      },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = output?.output.find((o) => o.type === 'chunk' && o.fileName === fileName);
  if (!chunk) throw new Error(`vite wrote no ${fileName}`);
  const code = readFileSync(new URL(`../${outDir}/${fileName}`, import.meta.url));
  if (code.some((byte) => byte > 0x7f)) throw new Error(`${fileName} is not ASCII`);
  return chunk;
}

const program = await bundle('dist/src/cli/program.js', 'referee.cjs', [
  lazyCurves,
  lazyPackages,
  lazyChildProcess,
]);
// A script run by vm.Script cannot import(): everything dynamic must have become a call.
// (An import() of our own code, inlined, is listed as an import of the file itself.)
const dynamic = program.dynamicImports.filter((f) => f !== 'referee.cjs');
if (dynamic.length > 0) throw new Error(`referee.cjs imports ${dynamic.join(', ')} dynamically`);

const main = await bundle('dist/src/cli/main.js', 'main.cjs', [entryOnly]);
// Its one dynamic import: program.js as modules, when there is no bundle to run (main.ts).
if (main.dynamicImports.join() !== './program.js')
  throw new Error(`main.cjs imports ${main.dynamicImports.join(', ')} dynamically, not program.js alone`);
if (!main.code.startsWith('#!/usr/bin/env node')) throw new Error('main.cjs lost its #! line');
