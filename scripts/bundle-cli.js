// The command line in one file (issue 17: every verb that does not serve within 2× `node -e 0`): after tsc,
// `npm run build` runs this to put dist/src/cli/program.js and everything it imports of ours into
// dist/src/cli/referee.cjs, which main.js runs through V8's code cache (src/node/code-cache.ts). Resolving and
// compiling ~300 modules was most of what a verb cost; one file, compiled once per build, costs a few ms.
//
// How the file is made, and why:
// - CommonJS, not ES modules: Node 20 caches compiled code only for what it compiles itself, and a script
//   (vm.Script) can carry a code cache where a module cannot (vm.SourceTextModule is experimental).
// - One file, no chunks: every `import()` of ours becomes a function the bundler calls when the import
//   runs, so a verb still initialises only the modules it imports (the server, the mail code and the
//   rulesets a game does not use are in the file but never run). The build fails if an `import()` is left.
// - zod, commander, luxon and @noble/hashes (ESM only) are inside: they are on the path of every verb.
//   fastify-type-provider-zod too, so that the server converts the same zod's schemas it was handed.
// - Every other package stays outside, required where its importer is initialised, not when the file
//   loads (a plain external would be required at the top of the file: the server's packages on every verb).
// - No comments (less to read and hash), and ASCII only: a one-byte string, read without decoding UTF-8.
// - The same folder as main.js and program.js, so that what our modules find beside themselves through
//   import.meta.url (package.json, the web page, the verifying worker) is found from the bundle too.
import { build } from 'vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const input = 'dist/src/cli/program.js';
const outDir = 'dist/src/cli';
const fileName = 'referee.cjs';
const INSIDE = /^(zod|commander|luxon|@noble\/hashes|fastify-type-provider-zod)(\/|$)/;
const LAZY = '\0outside:';

/** Packages outside the bundle, each required when the module importing it is initialised. */
const lazyPackages = {
  name: 'lazy-packages',
  enforce: 'pre',
  resolveId(id, importer) {
    const ours = id.startsWith('.') || id.startsWith('/') || id.startsWith('\0');
    if (ours || id.startsWith('node:') || INSIDE.test(id)) return null;
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

const result = await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [lazyPackages],
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
// A script run by vm.Script cannot import(): everything dynamic must have become a call.
// (An import() of our own code, inlined, is listed as an import of the file itself.)
const dynamic = chunk.dynamicImports.filter((f) => f !== fileName);
if (dynamic.length > 0) throw new Error(`${fileName} imports ${dynamic.join(', ')} dynamically`);
const code = readFileSync(new URL(`../${outDir}/${fileName}`, import.meta.url));
if (code.some((byte) => byte > 0x7f)) throw new Error(`${fileName} is not ASCII`);
