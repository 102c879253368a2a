// The README's quick start, as written (tools/build.mjs compiles its ```ts blocks into one
// module), against the real service.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import { promisify } from "node:util";

const quickstart = fileURLToPath(new URL("../readme-test/quickstart.js", import.meta.url));

describe("README quick start", () => {
  it("runs as written", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [quickstart], {
      env: { ...process.env, PORT: "0" },
      timeout: 60_000,
    });
    assert.match(stdout, /^signed in usr_/m);
    assert.match(stdout, /^protected route 200 \{\s+userId: 'usr_/m);
    assert.match(stdout, /^without a token 401 \{\s+error: \{\s+code: 'unauthenticated'/m);
    assert.match(stdout, /^route handler 200$/m);
    assert.match(stdout, /^user \S+@example\.com of \d+$/m);
    assert.match(stdout, /^webhook user\.created evt_/m);
    assert.match(stdout, /^test delivery delivered$/m);
  });
});
