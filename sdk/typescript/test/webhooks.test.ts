// A real delivery from the service (the test delivery is made within the request) to a receiver
// here, verified with both signatures; tampered, stale and foreign deliveries are refused.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";

import { WebhookVerificationError, standardKey, verifyServiceSignature, verifyWebhook } from "@identity/sdk";

import { backend } from "./env.js";

interface Received {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

function refusedWith(code: string) {
  return (error: unknown) => {
    assert.ok(error instanceof WebhookVerificationError, String(error));
    assert.equal(error.code, code);
    return true;
  };
}

describe("webhook verification", () => {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  let secret = "";
  let delivery: Received;

  before(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    const webhook = await backend.post("/v1/webhooks", {
      body: { url: `http://127.0.0.1:${port}/hooks`, events: ["user.created"] },
    });
    secret = webhook.signing_secret;
    const sent = await backend.post("/v1/webhooks/{id}/test", { path: { id: webhook.id }, body: { event: "user.created" } });
    assert.equal(sent.status, "delivered", JSON.stringify(sent));
    assert.equal(received.length, 1);
    delivery = received[0]!;
  });

  after(() => receiver.close());

  it("accepts the service's delivery: Standard Webhooks and the service's own header", async () => {
    const event = await verifyWebhook(secret, delivery.body, delivery.headers);
    assert.equal(event.type, "user.created");
    assert.equal(event.id, delivery.headers["webhook-id"]);
    assert.equal(event.test, true);
    await verifyServiceSignature(secret, delivery.body, delivery.headers);
    // The same with a Fetch API Headers object and the body as text.
    const headers = new Headers(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
    assert.equal((await verifyWebhook(secret, delivery.body.toString("utf8"), headers)).id, event.id);
    assert.equal(standardKey(secret).length, 24);
  });

  it("refuses a tampered body with either signature", async () => {
    const tampered = Buffer.from(delivery.body.toString("utf8").replace("user.created", "user.deleted"));
    assert.notDeepEqual(tampered, delivery.body);
    await assert.rejects(verifyWebhook(secret, tampered, delivery.headers), refusedWith("webhook_signature_invalid"));
    await assert.rejects(verifyServiceSignature(secret, tampered, delivery.headers), refusedWith("webhook_signature_invalid"));
    const otherId = { ...delivery.headers, "webhook-id": "evt_other" };
    await assert.rejects(verifyWebhook(secret, delivery.body, otherId), refusedWith("webhook_signature_invalid"));
  });

  it("refuses another secret, a stale or future timestamp, and missing headers", async () => {
    const other = "whsec_" + Buffer.alloc(24, 7).toString("base64");
    await assert.rejects(verifyWebhook(other, delivery.body, delivery.headers), refusedWith("webhook_signature_invalid"));
    await assert.rejects(verifyServiceSignature(other, delivery.body, delivery.headers), refusedWith("webhook_signature_invalid"));
    const sentAt = Number(delivery.headers["webhook-timestamp"]);
    await assert.rejects(verifyWebhook(secret, delivery.body, delivery.headers, { now: sentAt + 301 }), refusedWith("webhook_timestamp_stale"));
    await assert.rejects(verifyWebhook(secret, delivery.body, delivery.headers, { now: sentAt - 301 }), refusedWith("webhook_timestamp_stale"));
    await verifyWebhook(secret, delivery.body, delivery.headers, { now: sentAt + 299 });
    const { ["webhook-signature"]: _, ...unsigned } = delivery.headers;
    await assert.rejects(verifyWebhook(secret, delivery.body, unsigned), refusedWith("webhook_headers_missing"));
    await assert.rejects(verifyServiceSignature(secret, delivery.body, {}), refusedWith("webhook_headers_missing"));
  });
});
