// The reference for the client_credentials benchmark: panva's oidc-provider (the version pinned in
// ops/bench/package-lock.json, installed by run.py with `npm ci`), configured as its docs require
// for JWT access tokens: the clientCredentials and resourceIndicators features, a resource server
// whose accessTokenFormat is 'jwt', signed ES256 with a key made at start-up. Nothing is stored
// per token (the default in-memory adapter only holds what opaque tokens would need).
//
//   node ops/bench/oidc_reference.mjs PORT CLIENT_ID CLIENT_SECRET
import * as crypto from 'node:crypto';
import Provider from 'oidc-provider';

const [port, clientId, clientSecret] = process.argv.slice(2);
const key = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
const resource = 'urn:bench:api';

const provider = new Provider(`http://127.0.0.1:${port}`, {
  jwks: { keys: [{ ...key, kid: 'bench-es256', alg: 'ES256', use: 'sig' }] },
  clients: [{
    client_id: clientId,
    client_secret: clientSecret,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',  // the only key is ES256
    scope: 'reports:read',
  }],
  scopes: ['reports:read'],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: 'reports:read',
        audience: resource,
        accessTokenTTL: 3600,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
});
provider.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write(`listening ${port}\n`);
});
