/** Verifying the service's webhook deliveries (docs/webhooks.md): Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of "id.timestamp.body"),
 * whose timestamp must be within the tolerance of now, and the service's own header
 * (`Service-Signature` / `X-Service-Signature`: "sha256=" + hex HMAC-SHA256 of the body, keyed
 * with the whole secret string). Works on the raw body bytes, before any JSON parsing, and
 * compares in constant time (WebCrypto's HMAC verify). */

import { WebhookVerificationError } from "./errors.js";

const PREFIX = "whsec_";
const encoder = new TextEncoder();

type Bytes = Uint8Array<ArrayBuffer>;
type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() === lower) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function bytesOf(body: string | Uint8Array | ArrayBuffer): Bytes {
  if (typeof body === "string") return encoder.encode(body);
  return body instanceof Uint8Array ? new Uint8Array(body) : new Uint8Array(body);
}

function base64Decode(text: string): Bytes | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length === 0) return undefined;
  const padded = text + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The Standard Webhooks key of a secret: the bytes after `whsec_` for a `whsec_<base64>`
 * secret, otherwise the secret's UTF-8 bytes (the service's rule). */
export function standardKey(secret: string): Bytes {
  if (secret.startsWith(PREFIX)) {
    const key = base64Decode(secret.slice(PREFIX.length));
    if (key && key.length > 0) return key;
  }
  return encoder.encode(secret);
}

async function hmacKey(raw: Bytes): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function hexDecode(text: string): Bytes | undefined {
  if (!/^[0-9a-f]{64}$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
}

export interface WebhookOptions {
  /** Largest distance between webhook-timestamp and now (seconds, default 300). */
  toleranceSeconds?: number;
  /** Now, in seconds (tests). */
  now?: number;
}

export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  tenant_id?: string;
  created_at: string;
  data: T;
  test?: boolean;
}

/** Verifies a delivery with Standard Webhooks headers and returns its parsed event. Throws
 * WebhookVerificationError for missing headers, a stale or future timestamp, or no matching
 * signature (a tampered body or another secret). */
export async function verifyWebhook<T = Record<string, unknown>>(
  secret: string,
  body: string | Uint8Array | ArrayBuffer,
  headers: HeaderSource,
  options: WebhookOptions = {},
): Promise<WebhookEvent<T>> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("webhook_headers_missing", "webhook-id, webhook-timestamp and webhook-signature are required.");
  }
  const sent = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isFinite(sent) || Math.abs(now - sent) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("webhook_timestamp_stale", "The webhook timestamp is too old or in the future.");
  }
  const raw = bytesOf(body);
  const key = await hmacKey(standardKey(secret));
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), raw);
  let valid = false;
  for (const candidate of signatures.split(" ")) {
    const [version, value] = candidate.split(",", 2);
    if (version !== "v1" || !value) continue;
    const mac = base64Decode(value);
    if (mac && mac.length === 32 && (await globalThis.crypto.subtle.verify("HMAC", key, mac, signed))) valid = true;
  }
  if (!valid) throw new WebhookVerificationError("webhook_signature_invalid", "No webhook signature matches.");
  return JSON.parse(new TextDecoder().decode(raw)) as WebhookEvent<T>;
}

/** Checks the service's own header (`Service-Signature`, or `X-Service-Signature` for version 2
 * webhooks) over the raw body. It carries no timestamp, so pair it with `verifyWebhook` (whose
 * timestamp is signed) where replays matter. */
export async function verifyServiceSignature(
  secret: string,
  body: string | Uint8Array | ArrayBuffer,
  headers: HeaderSource,
): Promise<void> {
  const value = header(headers, "Service-Signature") ?? header(headers, "X-Service-Signature");
  if (!value) throw new WebhookVerificationError("webhook_headers_missing", "Service-Signature is required.");
  const mac = value.startsWith("sha256=") ? hexDecode(value.slice(7)) : undefined;
  const key = await hmacKey(encoder.encode(secret));
  if (!mac || !(await globalThis.crypto.subtle.verify("HMAC", key, mac, bytesOf(body)))) {
    throw new WebhookVerificationError("webhook_signature_invalid", "The Service-Signature does not match.");
  }
}
