/** The service's key set, fetched through the given fetch and kept in memory: refetched when a
 * token names a kid the set does not hold (at most once per cooldown, so a flood of made-up kids
 * cannot turn into a flood of fetches), and when its Cache-Control max-age has passed, then in
 * the background while the set held keeps answering. A failed fetch starts a cooldown during
 * which nothing is fetched, so a key set that is down is not asked again by every verification. */

import { createLocalJWKSet, type JSONWebKeySet, type JWTHeaderParameters, type FlattenedJWSInput, type KeyLike } from "jose";

export interface JwksOptions {
  url: string;
  fetch: typeof fetch;
  /** Used when the answer has no max-age (seconds, default 300). */
  defaultMaxAgeSeconds?: number;
  /** Least time between two refetches for an unknown kid (seconds, default 5). */
  cooldownSeconds?: number;
}

type Resolver = ReturnType<typeof createLocalJWKSet>;

export class RemoteKeySet {
  private resolver: Resolver | undefined;
  private kids = new Set<string>();
  private expiresAt = 0;
  private fetchedAt = 0;
  private failedAt = Number.NEGATIVE_INFINITY;
  private lastError: unknown;
  private pending: Promise<void> | undefined;

  constructor(private readonly options: JwksOptions) {}

  /** The key for a token's protected header (jose's key-resolver signature). */
  readonly getKey = async (header: JWTHeaderParameters, token: FlattenedJWSInput): Promise<KeyLike | Uint8Array> => {
    const now = Date.now();
    const cooldown = (this.options.cooldownSeconds ?? 5) * 1000;
    const cooling = now - this.failedAt < cooldown;
    if (!this.resolver) {
      if (cooling) throw this.lastError; // failed a moment ago: answer at once, do not ask again
      await this.refresh();
    } else if (now >= this.expiresAt && !cooling && !this.pending) {
      // Past max-age: refresh in the background and answer with the set held meanwhile.
      void this.refresh().catch(() => undefined);
    }
    const kid = header.kid;
    if (kid && !this.kids.has(kid) && !cooling && now - this.fetchedAt >= cooldown) {
      await this.refresh().catch(() => undefined);
    }
    return this.resolver!(header, token);
  };

  /** Fetches the set now (one fetch for concurrent callers). */
  refresh(): Promise<void> {
    this.pending ??= this.load().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async load(): Promise<void> {
    this.fetchedAt = Date.now();
    try {
      await this.fetchSet();
      this.failedAt = Number.NEGATIVE_INFINITY;
    } catch (error) {
      this.failedAt = Date.now();
      this.lastError = error;
      throw error;
    }
  }

  private async fetchSet(): Promise<void> {
    const response = await this.options.fetch(this.options.url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`JWKS ${this.options.url}: HTTP ${response.status}`);
    const set = (await response.json()) as JSONWebKeySet;
    if (!set || !Array.isArray(set.keys)) throw new Error(`JWKS ${this.options.url}: not a key set`);
    const maxAge = /max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1];
    const seconds = maxAge !== undefined ? Number(maxAge) : this.options.defaultMaxAgeSeconds ?? 300;
    this.resolver = createLocalJWKSet(set);
    this.kids = new Set(set.keys.map((k) => k.kid).filter((kid): kid is string => typeof kid === "string"));
    this.expiresAt = Date.now() + seconds * 1000;
  }
}
