/** The revocation feed's client: one long-lived GET /v1/revocations/stream per tenant (server-sent
 * events, secret key), kept as a small in-memory deny list so a verifier refuses a revoked
 * session, a banned or deleted user's older tokens and a retired key's tokens without a call
 * per token. Reconnects with backoff and resumes with Last-Event-ID. */

import { IdentityError, errorFromResponse } from "./errors.js";
import { readEvents } from "./sse.js";

export interface Revocation {
  kind: "session" | "user" | "signing_key";
  id: string;
  reason: string;
  revoked_at: string;
  forget_after: string;
}

export interface RevocationFeedOptions {
  baseUrl: string;
  tenantId: string;
  /** A secret key with the sessions:read scope. */
  secretKey: string;
  fetch?: typeof fetch;
  /** How long the list still counts as current after the last byte received, so after the stream
   * dropped or stalled (seconds, default 30). */
  graceSeconds?: number;
  /** Reconnect delays: the first, doubled up to the last (milliseconds, default 200 and 10000). */
  minReconnectMs?: number;
  maxReconnectMs?: number;
  /** Nothing at all (not even the 15 s keepalive) for this long means a dead connection: two
   * keepalives missed and a margin (ms, default 35000). */
  idleTimeoutMs?: number;
  /** Told about every failed connection or broken stream (the feed reconnects by itself). */
  onError?: (error: unknown) => void;
}

/** The claims the deny list looks at. */
export interface RevocableToken {
  sid?: unknown;
  sub?: unknown;
  iat?: unknown;
  kid?: string | undefined;
}

/** The server's keepalive interval (15 s) and a margin: a live connection is never silent longer. */
const KEEPALIVE_GAP_MS = 20_000;
const KINDS = new Set(["session", "user", "signing_key"]);

/** The revocation an event's data holds, or undefined when it is not one (bad JSON, a missing field). */
function parseRevocation(data: string): Revocation | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  const { kind, id, reason, revoked_at, forget_after } = entry;
  if (typeof kind !== "string" || !KINDS.has(kind) || typeof id !== "string" || id === "") return undefined;
  if (typeof revoked_at !== "string" || typeof forget_after !== "string") return undefined;
  if (!Number.isFinite(Date.parse(revoked_at)) || !Number.isFinite(Date.parse(forget_after))) return undefined;
  return { kind, id, reason: typeof reason === "string" ? reason : "", revoked_at, forget_after } as Revocation;
}

interface UserEntry {
  revokedAt: number; // seconds
  forgetAfter: number; // ms
}

export class RevocationFeed {
  private readonly options: Required<Omit<RevocationFeedOptions, "onError">> & Pick<RevocationFeedOptions, "onError">;
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, UserEntry>();
  private readonly keys = new Map<string, number>();
  private lastId: string | undefined;
  private connected = false;
  private everReady = false;
  private lastActivity = 0; // the last byte received (ms)
  private closed = false;
  private abort: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private readyWaiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private fatal: IdentityError | undefined;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private wake: (() => void) | undefined;
  private ready: Promise<void> | undefined;

  constructor(options: RevocationFeedOptions) {
    this.options = {
      fetch: globalThis.fetch.bind(globalThis),
      graceSeconds: 30,
      minReconnectMs: 200,
      maxReconnectMs: 10_000,
      idleTimeoutMs: 35_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
    };
  }

  /** Opens the stream; resolves once the server has replayed what it keeps (`ready`). Rejects
   * with the IdentityError of a refused credential (401/403), which stops the feed. */
  start(): Promise<void> {
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.everReady && this.connected) return Promise.resolve();
    // One pending promise for every caller (a verifier calls this per refused token while down).
    this.ready ??= new Promise<void>((resolve, reject) => this.readyWaiters.push({ resolve, reject })).finally(() => {
      this.ready = undefined;
    });
    const ready = this.ready;
    if (!this.loop) {
      this.closed = false;
      this.loop = this.run();
      this.pruneTimer = setInterval(() => this.prune(), 60_000);
      this.pruneTimer.unref?.();
    }
    return ready;
  }

  /** Stops the stream (no reconnect). */
  async close(): Promise<void> {
    this.closed = true;
    this.abort?.abort();
    this.wake?.();
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    const waiters = this.readyWaiters.splice(0);
    for (const w of waiters) w.reject(new Error("revocation feed closed"));
    await this.loop?.catch(() => undefined);
    this.loop = undefined;
  }

  /** The id of the last revocation received (sent back as Last-Event-ID on reconnect). */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  /** True while the deny list can be trusted: the stream has replayed once, and something (an
   * event or a keepalive) arrived less than the grace ago; a connected stream also between
   * keepalives. Counted from the last byte, a stalled connection counts like a dropped one. */
  get current(): boolean {
    if (!this.everReady || this.fatal) return false;
    const silence = Date.now() - this.lastActivity;
    return silence < this.options.graceSeconds * 1000 || (this.connected && silence < Math.min(KEEPALIVE_GAP_MS, this.options.idleTimeoutMs));
  }

  /** The deny-list rule of the feed's contract. */
  isRevoked(token: RevocableToken): boolean {
    const now = Date.now();
    if (typeof token.sid === "string") {
      const until = this.sessions.get(token.sid);
      if (until !== undefined && until > now) return true;
    }
    if (typeof token.sub === "string" && typeof token.iat === "number") {
      const user = this.users.get(token.sub);
      if (user && user.forgetAfter > now && token.iat <= user.revokedAt) return true;
    }
    if (token.kid) {
      const until = this.keys.get(token.kid);
      if (until !== undefined && until > now) return true;
    }
    return false;
  }

  /** Adds an entry as if the stream had sent it. */
  add(entry: Revocation): void {
    const forgetAfter = Date.parse(entry.forget_after);
    if (!Number.isFinite(forgetAfter) || forgetAfter <= Date.now()) return;
    if (entry.kind === "session") {
      this.sessions.set(entry.id, Math.max(forgetAfter, this.sessions.get(entry.id) ?? 0));
    } else if (entry.kind === "signing_key") {
      this.keys.set(entry.id, Math.max(forgetAfter, this.keys.get(entry.id) ?? 0));
    } else if (entry.kind === "user") {
      const revokedAt = Date.parse(entry.revoked_at) / 1000;
      const known = this.users.get(entry.id);
      if (Number.isFinite(revokedAt) && (!known || known.revokedAt < revokedAt)) {
        this.users.set(entry.id, { revokedAt, forgetAfter: Math.max(forgetAfter, known?.forgetAfter ?? 0) });
      }
    }
  }

  /** How many entries are kept. */
  get size(): number {
    return this.sessions.size + this.users.size + this.keys.size;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, until] of this.sessions) if (until <= now) this.sessions.delete(id);
    for (const [id, until] of this.keys) if (until <= now) this.keys.delete(id);
    for (const [id, user] of this.users) if (user.forgetAfter <= now) this.users.delete(id);
  }

  private async run(): Promise<void> {
    let delay = this.options.minReconnectMs;
    while (!this.closed) {
      try {
        await this.connectOnce(() => {
          delay = this.options.minReconnectMs;
        });
      } catch (error) {
        if (this.closed) break;
        if (error instanceof IdentityError && error.code === "invalid_last_event_id") {
          this.lastId = undefined; // not an id this service knows (another deployment?): replay all
        } else if (error instanceof IdentityError && (error.status === 401 || error.status === 403 || error.status === 404)) {
          this.fatal = error;
          for (const w of this.readyWaiters.splice(0)) w.reject(error);
          this.options.onError?.(error);
          break;
        }
        this.options.onError?.(error);
      }
      this.connected = false;
      if (this.closed) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay * (0.5 + Math.random() / 2));
        timer.unref?.();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      delay = Math.min(delay * 2, this.options.maxReconnectMs);
    }
  }

  private async connectOnce(onOpen: () => void): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    const headers: Record<string, string> = {
      Accept: "text/event-stream",
      Authorization: `Bearer ${this.options.secretKey}`,
      "X-Tenant-ID": this.options.tenantId,
    };
    if (this.lastId !== undefined) headers["Last-Event-ID"] = this.lastId;
    const response = await this.options.fetch(`${this.options.baseUrl}/v1/revocations/stream`, {
      headers,
      signal: abort.signal,
    });
    if (!response.ok || !response.body) {
      throw errorFromResponse(response.status, await response.text(), response.headers.get("X-Request-ID"));
    }
    this.lastActivity = Date.now();
    const watchdog = setInterval(() => {
      if (Date.now() - this.lastActivity > this.options.idleTimeoutMs) abort.abort(new Error("revocation feed idle"));
    }, Math.min(this.options.idleTimeoutMs / 2, 5_000));
    watchdog.unref?.();
    const activity = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.lastActivity = Date.now();
        controller.enqueue(chunk);
      },
    });
    try {
      for await (const event of readEvents(response.body.pipeThrough(activity))) {
        if (event.event === "revocation") {
          const entry = parseRevocation(event.data);
          // Skipped, not fatal: one entry the verifier cannot use must not stop the others.
          if (entry) this.add(entry);
          else this.options.onError?.(new Error(`revocation feed: skipped an unreadable event (id ${event.id})`));
          if (event.id !== undefined) this.lastId = event.id;
        } else if (event.event === "ready") {
          this.connected = true;
          this.everReady = true;
          onOpen();
          for (const w of this.readyWaiters.splice(0)) w.resolve();
        }
      }
    } finally {
      clearInterval(watchdog);
      abort.abort();
    }
  }
}
