// Builds dist/esm (ES modules), dist/cjs (CommonJS) and dist/types (declarations) with tsc;
// with --tests also the tests and the README's quick start (its ```ts blocks, in order, as one
// module) into dist-test. Both import the package by its own name.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const run = (project) => execFileSync(process.execPath, [tsc, "-p", project], { cwd: root, stdio: "inherit" });

/** The ```ts blocks of the README's "Quick start" section. */
export function quickStart(readme) {
  const start = readme.indexOf("\n## Quick start\n");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).join("\n");
}

rmSync(join(root, "dist"), { recursive: true, force: true });
run("tsconfig.json");
// The CommonJS build is the same code, transpiled file by file: the ESM build has type-checked it.
const ts = require("typescript");
for (const file of readdirSync(join(root, "src"), { recursive: true })) {
  if (!file.endsWith(".ts")) continue;
  const { outputText } = ts.transpileModule(readFileSync(join(root, "src", file), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: file,
  });
  const target = join(root, "dist/cjs", file.replace(/\.ts$/, ".js"));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, outputText);
}
// dist/cjs holds CommonJS although the package says "type": "module".
writeFileSync(join(root, "dist/cjs/package.json"), '{"type": "commonjs"}\n');
if (process.argv.includes("--tests")) {
  rmSync(join(root, "dist-test"), { recursive: true, force: true });
  mkdirSync(join(root, "readme-test"), { recursive: true });
  const code = quickStart(readFileSync(join(root, "README.md"), "utf8"));
  writeFileSync(join(root, "readme-test/quickstart.ts"), "// Generated from README.md by tools/build.mjs.\n" + code);
  run("tsconfig.test.json");
}
