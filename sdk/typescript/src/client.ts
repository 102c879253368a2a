/** A typed client for the whole REST API: paths, parameters, bodies and answers come from the
 * types generated from the service's /openapi.json (src/generated/openapi.ts), calls go through
 * the platform's fetch. */

import type { paths } from "./generated/openapi.js";
import { ConnectionError, IdentityError, errorFromResponse } from "./errors.js";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The paths that have an operation for `M`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: [paths[P][M & keyof paths[P]]] extends [undefined] ? never : P;
}[keyof paths];

/** The operation of `M` on `P`. */
export type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M & keyof paths[P]]>;

type Parameters_<O, K extends string> = O extends { parameters: infer Ps }
  ? K extends keyof Ps
    ? Exclude<Ps[K], undefined>
    : never
  : never;

type JsonBody<O> = O extends { requestBody?: infer B }
  ? B extends { content: { "application/json": infer J } }
    ? J
    : never
  : never;

type Success = 200 | 201 | 202 | 204;

/** The body of the operation's success answer (undefined for 204). */
export type ResponseOf<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends Success
        ? R[S] extends { content: { "application/json": infer J } }
          ? J
          : undefined
        : never;
    }[keyof R]
  : never;

/** What a call takes besides method and path. `path` is required when the path has parameters. */
export type RequestOptions<O> = ([Parameters_<O, "path">] extends [never]
  ? { path?: undefined }
  : { path: Parameters_<O, "path"> }) &
  ([JsonBody<O>] extends [never] ? { body?: undefined } : { body?: JsonBody<O> }) & {
    query?: [Parameters_<O, "query">] extends [never] ? undefined : Parameters_<O, "query">;
    /** Sent on POST (a fresh one is made when absent) and kept across retries. */
    idempotencyKey?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type Args<O> = {} extends RequestOptions<O> ? [options?: RequestOptions<O>] : [options: RequestOptions<O>];

export interface ClientOptions {
  /** The service's address, e.g. `https://id.example.com`. */
  baseUrl: string;
  /** `tnt_...`: sent as X-Tenant-ID (not needed for control-plane calls). */
  tenantId?: string;
  /** The bearer credential: a secret key (backend), a publishable key (frontend), an access token
   * or the master key (control plane). */
  key?: string;
  /** Retries after a connection failure, 429, 502, 503 or 504 (default 2). */
  maxRetries?: number;
  /** Per attempt, in milliseconds (default 30000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

/** A page of a list: `{data, pagination: {has_more, next_cursor}}` or (audit log) `{data, next_cursor}`. */
interface PageShape<T> {
  data: T[];
  pagination?: { has_more?: boolean; next_cursor?: string | null };
  next_cursor?: string | null;
}

/** The item type of a list operation's answer. */
export type ItemOf<O> = ResponseOf<O> extends { data: (infer T)[] } ? T : never;

/** A list path: a GET whose answer has `data: [...]`. */
export type ListPaths = {
  [P in PathsWith<"get">]: ItemOf<Operation<P, "get">> extends never ? never : P;
}[PathsWith<"get">];

function newIdempotencyKey(): string {
  return `sdk_${globalThis.crypto.randomUUID()}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class IdentityClient {
  readonly baseUrl: string;
  readonly tenantId: string | undefined;
  private readonly key: string | undefined;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.tenantId = options.tenantId;
    this.key = options.key;
    this.maxRetries = options.maxRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The same client with another credential (e.g. a user's access token). */
  withKey(key: string): IdentityClient {
    return new IdentityClient({
      baseUrl: this.baseUrl, tenantId: this.tenantId, key, maxRetries: this.maxRetries,
      timeoutMs: this.timeoutMs, fetch: this.fetchImpl,
    });
  }

  get<P extends PathsWith<"get">>(path: P, ...args: Args<Operation<P, "get">>): Promise<ResponseOf<Operation<P, "get">>> {
    return this.request("get", path, args[0] as RequestOptions<unknown> | undefined) as never;
  }

  post<P extends PathsWith<"post">>(path: P, ...args: Args<Operation<P, "post">>): Promise<ResponseOf<Operation<P, "post">>> {
    return this.request("post", path, args[0] as RequestOptions<unknown> | undefined) as never;
  }

  put<P extends PathsWith<"put">>(path: P, ...args: Args<Operation<P, "put">>): Promise<ResponseOf<Operation<P, "put">>> {
    return this.request("put", path, args[0] as RequestOptions<unknown> | undefined) as never;
  }

  patch<P extends PathsWith<"patch">>(path: P, ...args: Args<Operation<P, "patch">>): Promise<ResponseOf<Operation<P, "patch">>> {
    return this.request("patch", path, args[0] as RequestOptions<unknown> | undefined) as never;
  }

  delete<P extends PathsWith<"delete">>(path: P, ...args: Args<Operation<P, "delete">>): Promise<ResponseOf<Operation<P, "delete">>> {
    return this.request("delete", path, args[0] as RequestOptions<unknown> | undefined) as never;
  }

  /** Every item of a list, page after page (`cursor` = the previous page's `next_cursor`). */
  async *paginate<P extends ListPaths>(path: P, ...args: Args<Operation<P, "get">>): AsyncGenerator<ItemOf<Operation<P, "get">>> {
    const options = (args[0] ?? {}) as RequestOptions<unknown> & { query?: Record<string, unknown> };
    let cursor: string | undefined;
    for (;;) {
      const query = { ...(options.query ?? {}), ...(cursor ? { cursor } : {}) };
      const page = (await this.request("get", path, { ...options, query } as never)) as PageShape<ItemOf<Operation<P, "get">>>;
      yield* page.data;
      const next = page.pagination ? (page.pagination.has_more ? page.pagination.next_cursor : null) : page.next_cursor;
      if (!next) return;
      cursor = next;
    }
  }

  /** One call, untyped: what the typed methods use. Throws IdentityError on any error answer. */
  async request(method: HttpMethod, path: string, options: RequestOptions<unknown> & {
    path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown;
  } = {}): Promise<unknown> {
    const url = new URL(this.baseUrl + this.fill(path, options.path));
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
    }
    const headers: Record<string, string> = { Accept: "application/json" };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    if (this.tenantId) headers["X-Tenant-ID"] = this.tenantId;
    // The service honours Idempotency-Key on POST; the other methods are idempotent already.
    if (method === "post") headers["Idempotency-Key"] = options.idempotencyKey ?? newIdempotencyKey();
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    Object.assign(headers, options.headers ?? {});

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.maxRetries;
      let response: Response;
      try {
        const signal = options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(this.timeoutMs)])
          : AbortSignal.timeout(this.timeoutMs);
        response = await this.fetchImpl(url, { method: method.toUpperCase(), headers, body, signal });
      } catch (cause) {
        if (options.signal?.aborted || last) {
          const err = new ConnectionError(0, "connection_failed", `${method.toUpperCase()} ${path}: ${String(cause)}`);
          (err as { cause?: unknown }).cause = cause;
          throw err;
        }
        await sleep(this.backoff(attempt));
        continue;
      }
      if (response.ok) {
        if (response.status === 204) return undefined;
        const text = await response.text();
        return text ? JSON.parse(text) : undefined;
      }
      const text = await response.text();
      if (!last && RETRYABLE.has(response.status)) {
        await sleep(this.retryAfter(response) ?? this.backoff(attempt));
        continue;
      }
      throw errorFromResponse(response.status, text, response.headers.get("X-Request-ID"));
    }
  }

  private fill(path: string, params: Record<string, unknown> | undefined): string {
    return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined || value === null) {
        throw new IdentityError(0, "missing_path_parameter", `${path}: the path parameter ${name} is missing`);
      }
      return encodeURIComponent(String(value));
    });
  }

  private backoff(attempt: number): number {
    return Math.min(250 * 2 ** attempt, 4_000) * (0.5 + Math.random() / 2);
  }

  private retryAfter(response: Response): number | undefined {
    const value = Number(response.headers.get("Retry-After"));
    return Number.isFinite(value) && value > 0 ? Math.min(value, 10) * 1000 : undefined;
  }
}
