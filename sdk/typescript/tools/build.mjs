// Builds dist/esm (ES modules), dist/cjs (CommonJS) and dist/types (declarations) with tsc;
// with --tests also the tests into dist-test (they import the package by its own name).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const run = (project) => execFileSync(process.execPath, [tsc, "-p", project], { cwd: root, stdio: "inherit" });

rmSync(join(root, "dist"), { recursive: true, force: true });
run("tsconfig.json");
run("tsconfig.cjs.json");
mkdirSync(join(root, "dist/cjs"), { recursive: true });
// dist/cjs holds CommonJS although the package says "type": "module".
writeFileSync(join(root, "dist/cjs/package.json"), '{"type": "commonjs"}\n');
if (process.argv.includes("--tests")) {
  rmSync(join(root, "dist-test"), { recursive: true, force: true });
  run("tsconfig.test.json");
}
