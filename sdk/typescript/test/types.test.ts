// The client's types: tsc compiles this file, so each @ts-expect-error below must be an error
// (a misspelt path, a missing path parameter, a wrong body field, a method the path lacks).
import assert from "node:assert/strict";
import { it } from "node:test";

import type { IdentityClient, components } from "@identity/sdk";

export async function misuse(client: IdentityClient): Promise<void> {
  // @ts-expect-error: no such path
  await client.get("/v1/usres");
  // @ts-expect-error: {id} is required
  await client.get("/v1/users/{id}");
  // @ts-expect-error: sign-up takes email and password, not mail
  await client.post("/v1/auth/sign-up", { body: { mail: "a@example.com", password: "x" } });
  // @ts-expect-error: the JWKS is GET only
  await client.post("/.well-known/jwks.json");
  // @ts-expect-error: limit is a number
  await client.get("/v1/users", { query: { limit: "10" } });
  const user: components["schemas"]["User"] = await client.get("/v1/users/{id}", { path: { id: "usr_1" } });
  // @ts-expect-error: a User has no password field
  void user.password;
  for await (const session of client.paginate("/v1/sessions")) {
    const id: string = session.id;
    void id;
  }
}

it("compiles (the checks are tsc's)", () => {
  assert.equal(typeof misuse, "function");
});
