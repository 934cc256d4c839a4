import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { SsoSettings, SsoSettingsRequest } from '@/contract/sso';
import type { SsoFailure } from '@/contract/sso-failures';
import type { Database, Queryable } from '../../db/database';
import type { GatewayEnv } from '../access';
import type { AuditEntryInput } from '../audit';
import {
  acceptAccount,
  createAccount,
  endSessionsNotThrough,
  findAccountByEmail,
  findStaffAccount,
  type SessionStore,
  type SignInCheck,
  updateAccount,
} from '../auth';
import type { KeyVault } from '../connection';
import { ForbiddenError, ValidationError } from '../errors';
import { findRole, listRoles, staffActionRefusal } from '../permissions';
import type { Principal } from '../principal';
import type { ProviderClaims, ProviderClients, ProviderSettings } from './provider-client';
import {
  enabledProviders,
  findSsoConfig,
  findSsoConfigByClient,
  findSsoPerson,
  insertFlow,
  type StoredSsoConfig,
  saveSsoConfig,
  saveSsoPerson,
  ssoRequired,
  takeFlow,
} from './sso-store';

/** A sign-in through the provider must come back within this long. */
const FLOW_SECONDS = 10 * 60;
/** The role that stays able to sign in with a password or passkey when SSO is required (break glass). */
export const BREAK_GLASS_ROLE = 'administrator';
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export interface SsoDeps {
  db: Database;
  vault: KeyVault;
  sessions: SessionStore;
  log: Logger;
  providers: ProviderClients;
}

/** A single sign-on refused: what the sign-in page says (`kind`), what the trail records (`reason`). */
export class SsoRefusal extends Error {
  constructor(
    readonly kind: SsoFailure,
    readonly reason: string,
    /** The account it named, once known. */
    readonly actor: { accountId: number; organisationId: number; email: string; roleKey: string } | null = null,
  ) {
    super(reason);
  }
}

const sealContext = (organisationId: number) => `sso-client-secret:${organisationId}`;
const hashState = (state: string) => createHash('sha256').update(state).digest();

/** The claim's value as a list of group names (a list, or one string). */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** What happened to a person at a sign-in, for the trail (written in the sign-in's transaction). */
export type PersonAudit = (tx: Queryable, entry: AuditEntryInput) => Promise<unknown>;

/**
 * Single sign-on with OpenID Connect, one provider per organisation: its settings (the client secret sealed like
 * the API key, bound to the organisation), the authorization code flow (PKCE, state and nonce, kept server-side
 * and used once), and the people it brings, created or updated just in time with the role their groups map to.
 */
export class SsoService {
  constructor(private readonly deps: SsoDeps) {}

  providers(): Promise<{ clientName: string; name: string }[]> {
    return enabledProviders(this.deps.db);
  }

  async settings(organisationId: number, redirectUri: string): Promise<SsoSettings | null> {
    const config = await findSsoConfig(this.deps.db, organisationId);
    return config ? settingsView(config, redirectUri) : null;
  }

  async saveSettings(
    principal: Principal,
    input: SsoSettingsRequest & { clientSecret?: string | undefined },
    redirectUri: string,
    audit: (tx: Queryable, details: Record<string, string | boolean | number | string[]>) => Promise<unknown>,
  ): Promise<SsoSettings | null> {
    const { db, vault } = this.deps;
    const { organisationId } = principal;
    const secret = input.clientSecret?.trim() ?? '';
    const issuer = input.issuer.trim().replace(/\/$/, '');
    const refused = staffActionRefusal(principal, { kind: 'configure single sign-on' });
    if (refused) throw new ForbiddenError(refused);
    // Offered on the sign-in page only once its provider answers: a mistyped issuer was saved, and its button
    // failed for everyone who tried it.
    if (input.enabled && !(await this.deps.providers.answers(issuer))) {
      throw ValidationError.field('issuer', 'No OpenID provider answers at this issuer URL');
    }
    await db.transaction(async (tx) => {
      const before = await findSsoConfig(tx, organisationId);
      if (!before && secret === '') throw ValidationError.field('clientSecret', 'Enter the client secret');
      for (const [index, line] of (input.groupRoles ?? []).entries()) {
        const role = await findRole(tx, organisationId, line.roleId);
        if (!role) throw ValidationError.field(`groupRoles.${index}.roleId`, 'No such role');
        // Mapping a group to a role hands the role out, as an invitation does: only within one's own reach.
        const refused = staffActionRefusal(principal, { kind: 'invite', role: role.permissions });
        if (refused) throw new ForbiddenError(refused);
      }
      await saveSsoConfig(
        tx,
        organisationId,
        {
          displayName: input.displayName.trim(),
          issuer,
          clientId: input.clientId.trim(),
          clientSecretSealed: secret === '' ? null : vault.seal(secret, sealContext(organisationId)),
          emailClaim: input.emailClaim.trim(),
          groupClaim: input.groupClaim.trim(),
          groupRoles: input.groupRoles ?? [],
          enabled: input.enabled,
          required: input.required,
        },
        principal.accountId,
      );
      // Required: whoever is in without the provider (password, passkey, a link) is out now and comes back
      // through it — but the break-glass administrators (the one saving this among them), who still may sign
      // in otherwise, keep their sessions. Ended in the same transaction as the switch.
      const sessionsEnded =
        input.enabled && input.required
          ? await endSessionsNotThrough(tx, organisationId, 'sso', BREAK_GLASS_ROLE)
          : null;
      // The trail says what changed, and that the secret did — never the secret.
      await audit(tx, {
        issuer: input.issuer.trim(),
        clientId: input.clientId.trim(),
        secretChanged: secret !== '',
        enabled: input.enabled,
        required: input.required,
        groups: (input.groupRoles ?? []).map((line) => `${line.group} → ${line.roleId}`),
        ...(sessionsEnded === null ? {} : { sessionsEnded }),
      });
    });
    return this.settings(organisationId, redirectUri);
  }

  /** Starts a sign-in through the organisation's provider: where to send the browser, and the flow's state. */
  async start(clientName: string, redirectUri: string, nextPath: string | null): Promise<{ url: URL; state: string }> {
    const config = await findSsoConfigByClient(this.deps.db, clientName);
    if (!config) throw new SsoRefusal('expired', 'no provider for this organisation');
    const started = await this.deps.providers.start(this.#providerSettings(config), redirectUri);
    await insertFlow(
      this.deps.db,
      hashState(started.state),
      {
        organisationId: config.organisationId,
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        nextPath,
      },
      FLOW_SECONDS,
    );
    return { url: started.url, state: started.state };
  }

  /**
   * Completes a sign-in: the answer's state must be this browser's (its cookie) and a flow not used before; the
   * code is exchanged with that flow's verifier and nonce; the person is created or updated from the claims.
   * The account to start a session for, and where the person was going.
   */
  async finish(
    callbackUrl: URL,
    browserState: string | undefined,
    audit: PersonAudit,
  ): Promise<{ accountId: number; nextPath: string | null }> {
    const state = callbackUrl.searchParams.get('state');
    if (!state || !browserState || state !== browserState) {
      throw new SsoRefusal('expired', 'state does not match this browser');
    }
    const flow = await takeFlow(this.deps.db, hashState(state));
    if (!flow) throw new SsoRefusal('expired', 'unknown, used or lapsed state');
    const config = await findSsoConfig(this.deps.db, flow.organisationId);
    if (!config?.enabled) throw new SsoRefusal('expired', 'single sign-on is off');
    const error = callbackUrl.searchParams.get('error');
    if (error) throw new SsoRefusal('provider-refused', `provider answered ${error.slice(0, 60)}`);
    let claims: ProviderClaims;
    try {
      claims = await this.deps.providers.finish(this.#providerSettings(config), callbackUrl, { state, ...flow });
    } catch (failure) {
      // openid-client's message names what failed (nonce, code, signature…); it holds no secret.
      const reason = failure instanceof Error ? failure.message.slice(0, 200) : 'token exchange failed';
      this.deps.log.warn({ organisationId: config.organisationId, reason }, 'single sign-on refused');
      throw new SsoRefusal('provider-error', reason);
    }
    const accountId = await this.#provision(config, claims, audit);
    return { accountId, nextPath: flow.nextPath };
  }

  /** The sign-in check of an organisation that requires SSO: other ways in only for the break-glass role. */
  requirement(): SignInCheck {
    return async (_c: Context<GatewayEnv>, principal: Principal) => {
      if (principal.signInMethod === 'sso' || principal.role.key === BREAK_GLASS_ROLE) return null;
      const required = await ssoRequired(this.deps.db, principal.organisationId);
      return required
        ? new ForbiddenError(
            `Your organisation signs in through ${required.name}: use "Sign in with ${required.name}" on the sign-in page.`,
          )
        : null;
    };
  }

  /**
   * Creates or updates the person of the claims, with the role of the first mapping line whose group they are
   * in. No mapped group: the provider no longer gives them Foyer — their account is disabled (and enabled again
   * when a later sign-in maps a group); an account an administrator disabled stays disabled.
   */
  async #provision(config: StoredSsoConfig, claims: ProviderClaims, audit: PersonAudit): Promise<number> {
    const { db, sessions } = this.deps;
    const organisationId = config.organisationId;
    const emailClaim = claims[config.emailClaim];
    const email = typeof emailClaim === 'string' ? emailClaim.trim() : '';
    if (!EMAIL_SHAPE.test(email) || claims.email_verified === false) {
      throw new SsoRefusal('no-email', `no verified email in claim ${config.emailClaim}`);
    }
    const groups = groupsOf(claims[config.groupClaim]);
    const line = config.groupRoles.find((mapping) => groups.includes(mapping.group));
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email);
    const roles = new Map((await listRoles(db, organisationId)).map((role) => [role.id, role]));
    const role = line ? roles.get(line.roleId) : undefined;
    const outcome = await db.transaction(async (tx) => {
      const byEmail = await findAccountByEmail(tx, email);
      if (byEmail && byEmail.organisationId !== organisationId) {
        return new SsoRefusal('other-organisation', 'email belongs to another organisation');
      }
      const linked = await findSsoPerson(tx, organisationId, claims.sub, byEmail?.id ?? null);
      if (linked && linked.subject !== claims.sub) {
        return new SsoRefusal('provider-error', 'account is linked to another subject at the provider');
      }
      const accountId = linked?.accountId ?? byEmail?.id ?? null;
      const current = accountId === null ? null : await findStaffAccount(tx, organisationId, accountId, { lock: true });
      const actorOf = (roleKey: string) =>
        current ? { accountId: current.accountId, organisationId, email, roleKey } : null;
      const entry = (details: Record<string, string | string[]>) => ({
        organisationId,
        accountId: current?.accountId ?? null,
        person: email,
        role: role?.key ?? null,
        action: 'sso-person' as const,
        status: 200,
        details: { ...details, groups },
      });
      if (current?.disabled && !linked?.disabledByProvider) {
        return new SsoRefusal(
          'disabled',
          'account disabled by an administrator',
          actorOf(roles.get(current.roleId)?.key ?? ''),
        );
      }
      if (!role) {
        if (current && !current.disabled) {
          await updateAccount(tx, current.accountId, { disabled: true });
          await saveSsoPerson(tx, organisationId, {
            accountId: current.accountId,
            subject: claims.sub,
            disabledByProvider: true,
            groups,
          });
          await audit(tx, entry({ change: 'disabled', reason: 'no mapped group' }));
        }
        return new SsoRefusal(
          'no-role',
          'no group of the person maps to a role',
          actorOf(roles.get(current?.roleId ?? 0)?.key ?? ''),
        );
      }
      if (!current) {
        const created = await createAccount(tx, { organisationId, email, displayName: name, roleId: role.id });
        await acceptAccount(tx, created);
        await saveSsoPerson(tx, organisationId, {
          accountId: created,
          subject: claims.sub,
          disabledByProvider: false,
          groups,
        });
        await audit(tx, { ...entry({ change: 'created' }), accountId: created });
        return created;
      }
      const before = roles.get(current.roleId)?.key ?? '';
      if (current.roleId !== role.id || current.disabled) {
        await updateAccount(tx, current.accountId, { roleId: role.id, disabled: false });
        await audit(tx, entry({ change: current.disabled ? 'enabled' : 'role', before, after: role.key }));
      }
      await acceptAccount(tx, current.accountId);
      await saveSsoPerson(tx, organisationId, {
        accountId: current.accountId,
        subject: claims.sub,
        disabledByProvider: false,
        groups,
      });
      return current.accountId;
    });
    if (outcome instanceof SsoRefusal) {
      // Disabled by the provider's answer (or before): no session of theirs goes on.
      if (outcome.kind === 'no-role' && outcome.actor) await sessions.endAll(outcome.actor.accountId);
      throw outcome;
    }
    return outcome;
  }

  #providerSettings(config: StoredSsoConfig): ProviderSettings {
    return {
      cacheKey: `${config.organisationId}:${config.updatedAt.getTime()}`,
      issuer: config.issuer,
      clientId: config.clientId,
      openSecret: () => this.deps.vault.open(config.clientSecretSealed, sealContext(config.organisationId)),
      groupClaim: config.groupClaim,
    };
  }
}

function settingsView(config: StoredSsoConfig, redirectUri: string): SsoSettings {
  return {
    displayName: config.displayName,
    issuer: config.issuer,
    clientId: config.clientId,
    secretSet: config.clientSecretSealed.length > 0,
    emailClaim: config.emailClaim,
    groupClaim: config.groupClaim,
    groupRoles: config.groupRoles,
    enabled: config.enabled,
    required: config.required,
    redirectUri,
    updatedAt: config.updatedAt.toISOString(),
  };
}
