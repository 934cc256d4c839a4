import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests (oidc-provider), on 127.0.0.1 at a free port: one confidential
 * client (Foyer), PKCE, people the test adds, changes and removes, and a plain sign-in page of its own (a user
 * name, no password) that refuses a person it does not know — as a real provider refuses a removed account.
 * Consent is given at once (a first-party client). Claims come from the userinfo endpoint (`email`, `name`,
 * `groups` by scope), as most providers send them.
 */

export interface ProviderPerson {
  email: string;
  name: string;
  groups: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by user name (their subject). */
  people: Map<string, ProviderPerson>;
  close(): Promise<void>;
}

const readForm = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
};

const loginPage = (uid: string, refused: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main><h1>Test provider</h1>${refused ? '<p role="alert">Unknown user</p>' : ''}
<form method="post" action="/interaction/${uid}">
<label for="login">User name</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Continue</button></form></main></body></html>`;

export async function startTestOidcProvider(options: {
  redirectUris: string[];
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = 'foyer';
  const clientSecret = options.clientSecret ?? 'test-provider-client-secret-3f9a1c77';
  const people = new Map<string, ProviderPerson>();
  let provider: Provider | undefined;

  const server: Server = createServer(async (request, response) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(request.url ?? '');
    if (!provider) return void response.writeHead(503).end();
    if (!match) return void provider.callback()(request, response);
    const uid = match[1] ?? '';
    if (request.method === 'GET') {
      await provider.interactionDetails(request, response);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid, false));
      return;
    }
    const login = (await readForm(request)).get('login') ?? '';
    const result = people.has(login)
      ? { login: { accountId: login } }
      : { error: 'access_denied', error_description: 'No such account' };
    await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: true, name: person.name, groups: person.groups }),
      };
    },
    // A first-party client: consent to what it asks at once, so the test signs in without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  };
  provider = new Provider(issuer, configuration);
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
