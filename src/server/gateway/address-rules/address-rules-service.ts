import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database';
import type { GatewayEnv, RequestGate } from '../access';
import { type AuditEntry, type RequestAuditEntry, recordRequestAudit } from '../audit';
import { ForbiddenError, GatewayError, NotFoundError, OUTSIDE_NETWORKS, ValidationError } from '../errors';
import { findRole, staffActionRefusal } from '../permissions';
import type { Principal } from '../principal';
import { countRefusal, networksOfRole, replaceNetworksOfRole } from './address-rules-store';
import { isWithin, parseNetwork } from './networks';

/** One audit entry per person, address and period; every refusal is counted in between (address_refusals). */
export const REFUSAL_AUDIT_PERIOD_SECONDS = 60 * 60;

export interface AddressRulesDeps {
  db: Database;
  log: Logger;
  /** The client's address as TRUST_PROXY reads it (client-address.ts). */
  clientAddressOf(c: Context): string;
}

/** The message a refused person reads: what the rule is, where they are, what to do. */
export function outsideNetworksMessage(roleName: string, address: string): string {
  return `Your role (${roleName}) may be used only from your organisation's own networks, and this connection comes from ${address}. Connect from the venue's network (or its VPN), or ask an administrator.`;
}

/**
 * The address rules at every signed-in request (and at sign-in, auth's answerSignIn): a role with networks is
 * used only from inside them. The networks come with the session (no query per request); a refusal is
 * counted every time and audited once per person, address and hour, and logged with it.
 */
export class AddressGate implements RequestGate {
  constructor(private readonly deps: AddressRulesDeps) {}

  admits(c: Context, principal: Principal): boolean {
    const { networks } = principal.role;
    return networks.length === 0 || isWithin(this.deps.clientAddressOf(c), networks);
  }

  async refusalOf(c: Context<GatewayEnv>, principal: Principal): Promise<Error> {
    const address = this.deps.clientAddressOf(c);
    const counted = await countRefusal(this.deps.db, principal.accountId, address, REFUSAL_AUDIT_PERIOD_SECONDS);
    if (counted.firstInPeriod) {
      const details = { address, refusals: counted.total, networks: [...principal.role.networks] };
      await recordRequestAudit(this.deps.db, c, { action: 'address-refused', status: 403, details }, principal);
      this.deps.log.warn(
        { accountId: principal.accountId, address, refusals: counted.total },
        "request refused: outside the role's networks",
      );
    }
    const message = outsideNetworksMessage(principal.role.name, address);
    return new GatewayError(403, message, { extra: { refusal: OUTSIDE_NETWORKS, address } });
  }
}

export interface RoleNetworksCaller {
  principal: Principal;
  /** Where the caller's request comes from: nobody shuts their own role out of the network they are on. */
  address: string;
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<AuditEntry>;
}

/** Reading and setting a role's networks: staff:manage, within the actor's reach (as editing the role). */
export class RoleNetworksService {
  constructor(private readonly db: Database) {}

  async networks(organisationId: number, roleId: number): Promise<string[]> {
    if (!(await findRole(this.db, organisationId, roleId))) throw new NotFoundError('No such role');
    return networksOfRole(this.db, roleId);
  }

  async replace(caller: RoleNetworksCaller, roleId: number, networks: readonly string[]): Promise<string[]> {
    const { principal } = caller;
    const wrong = networks.map((text, index) => (parseNetwork(text) ? null : index)).filter((index) => index !== null);
    if (wrong.length > 0) {
      const errors = Object.fromEntries(wrong.map((index) => [`networks.${index}`, ['Not a network (CIDR)']]));
      throw new ValidationError('Some networks are not valid', errors);
    }
    return this.db.transaction(async (tx) => {
      const role = await findRole(tx, principal.organisationId, roleId);
      if (!role) throw new NotFoundError('No such role');
      const refused = staffActionRefusal(principal, {
        kind: 'edit role',
        role: role.permissions,
        permissions: role.permissions,
      });
      if (refused) throw new ForbiddenError(refused);
      if (role.id === principal.role.id && networks.length > 0 && !isWithin(caller.address, networks)) {
        throw new ValidationError(
          `Your own role would shut you out: this connection comes from ${caller.address}, outside these networks.`,
          { networks: [`Add a network holding ${caller.address}`] },
        );
      }
      const before = await networksOfRole(tx, roleId);
      await replaceNetworksOfRole(tx, roleId, networks);
      const after = await networksOfRole(tx, roleId);
      await caller.audit(tx, { action: 'role-networks', status: 200, details: { role: role.key, before, after } });
      return after;
    });
  }
}
