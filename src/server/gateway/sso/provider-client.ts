import * as oidc from 'openid-client';

/**
 * The organisations' OpenID Connect providers through `openid-client`: discovery (kept ten minutes per
 * configuration), the authorization URL with PKCE (S256), state and nonce, and the code exchange, which checks
 * the state, the ID token's signature, issuer, audience, expiry and nonce, and sends the PKCE verifier.
 */

export interface ProviderSettings {
  /** Names this configuration as saved: a changed one is discovered again. */
  cacheKey: string;
  issuer: string;
  clientId: string;
  /** Opened only to build the client (it sends it to the token endpoint); never logged, never answered. */
  openSecret(): string;
  groupClaim: string;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export type ProviderClaims = Record<string, unknown> & { sub: string };

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain HTTP only to a provider on this machine (a test's, a developer's); anything else must be HTTPS. */
const isLoopback = (issuer: string) => LOOPBACK.has(new URL(issuer).hostname);

/** How every discovery reaches `issuer`: within 10 s, over plain HTTP only on this machine. */
const discoveryOptions = (issuer: string) => ({
  execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
  timeout: 10,
});

export class ProviderClients {
  readonly #configurations = new Map<string, { configuration: Promise<oidc.Configuration>; at: number }>();

  async start(settings: ProviderSettings, redirectUri: string): Promise<AuthorizationStart> {
    const configuration = await this.#configuration(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    // The group claim often comes with a scope of its name (`groups`): asked for when the provider offers one.
    const offered = configuration.serverMetadata().scopes_supported ?? [];
    const scopes = [
      'openid',
      'email',
      'profile',
      ...(offered.includes(settings.groupClaim) ? [settings.groupClaim] : []),
    ];
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  /**
   * The person's claims for the provider's answer `callbackUrl` (the redirect URI with the answer's query): the
   * ID token's, completed from the userinfo endpoint. Throws openid-client's errors: a refusal of the provider
   * (`AuthorizationResponseError`), a code it will not exchange (used before, or another verifier), an ID token
   * whose nonce, issuer, audience or signature is wrong.
   */
  async finish(
    settings: ProviderSettings,
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ProviderClaims> {
    const configuration = await this.#configuration(settings);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: expected.state,
      pkceCodeVerifier: expected.codeVerifier,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('The provider sent no ID token');
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    return { ...userInfo, ...idToken };
  }

  /**
   * Whether an OpenID provider answers at `issuer` with a discovery document for it: asked before a provider is
   * offered on the sign-in page (saved unchecked, a mistyped issuer put a button there that failed for everyone).
   * Nothing is kept: the first sign-in discovers it again with the saved client.
   */
  async answers(issuer: string): Promise<boolean> {
    try {
      await oidc.discovery(new URL(issuer), 'foyer-check', undefined, undefined, discoveryOptions(issuer));
      return true;
    } catch {
      return false;
    }
  }

  #configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    const kept = this.#configurations.get(settings.cacheKey);
    if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.configuration;
    const configuration = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.openSecret()),
      discoveryOptions(settings.issuer),
    );
    for (const [key, entry] of this.#configurations) {
      if (Date.now() - entry.at >= DISCOVERY_TTL_MS) this.#configurations.delete(key);
    }
    this.#configurations.set(settings.cacheKey, { configuration, at: Date.now() });
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => this.#configurations.delete(settings.cacheKey));
    return configuration;
  }
}
