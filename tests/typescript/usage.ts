// Uses the generated types as a client would; tsc must accept it (and api.d.ts itself).
import type { components, operations, paths } from "./api";

type SignUp = paths["/v1/auth/sign-up"]["post"]["requestBody"]["content"]["application/json"];
type SignUpResult = paths["/v1/auth/sign-up"]["post"]["responses"]["201"]["content"]["application/json"];
type Me = paths["/v1/auth/me"]["get"]["responses"]["200"]["content"]["application/json"];
type ApiError = components["schemas"]["Error"];
type Stats = operations["get_v1_admin_stats"]["responses"]["200"]["content"]["application/json"];

export const body: SignUp = { email: "ada@example.com", password: "correct-horse-battery-9" };

export function accessToken(result: SignUpResult): string {
  return result.session.access_token;
}

export function email(me: Me): string {
  return me.email;
}

export function code(error: ApiError): string {
  return error.error.code;
}

export function mfa(stats: Stats): components["schemas"]["AdminMfaStats"] {
  return stats.mfa;
}
