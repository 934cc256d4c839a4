import { Badge, Button, NativeSelect, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import type { IssuedLink, StaffMember } from '@/contract/people';
import type { Role } from '@/contract/roles';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { useRoleLabel } from '../../lib/role-label';
import { staffMessages } from './staff-messages';
import type { useChangeStaff, useIssueLink } from './staff-mutations';
import { type StaffStatus, staffStatus } from './staff-status';
import { permissionChange, withinReach } from './within-reach';

/** A role change that grants `gained` (and takes `lost` away), waiting for the viewer's confirmation. */
export interface RoleGrant {
  person: StaffMember;
  role: Role;
  gained: string[];
  lost: string[];
}

const STATUS_COLOR: Record<StaffStatus['kind'], string> = {
  active: 'green',
  invited: 'blue',
  invitationExpired: 'orange',
  disabled: 'gray',
};

/**
 * The people table's columns: name, role (changed in place), status, ways in, last seen, and the actions on
 * each person. The changes run through the page's mutations, so that the page shows their outcome.
 */
export function usePeopleColumns({
  roleList,
  selfId,
  mine,
  change,
  issueLink,
  onDone,
  onRename,
  onDisable,
  onIssued,
  onGrantMore,
}: {
  roleList: readonly Role[];
  selfId: number | undefined;
  /** The viewer's permissions: roles and people beyond them are shown, not offered (within-reach.ts). */
  mine: readonly string[];
  change: ReturnType<typeof useChangeStaff>;
  issueLink: ReturnType<typeof useIssueLink>;
  onDone: (message: string | null) => void;
  onRename: (person: StaffMember) => void;
  onDisable: (person: StaffMember) => void;
  onIssued: (issued: { link: IssuedLink; name: string }) => void;
  /** A role that grants more than the person has: asked first (RoleChangeDialog), not changed at once. */
  onGrantMore: (change: RoleGrant) => void;
}): DataTableColumn<StaffMember>[] {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const { locale } = useLocale();
  const reachable = (role: Role) => withinReach(mine, role.permissions);
  /** Whether the viewer may act on this person's account: their own, or one whose role is within reach. */
  const mayChange = (person: StaffMember) => {
    const role = roleList.find((candidate) => candidate.id === person.role.id);
    return person.id === selfId || (role !== undefined && reachable(role));
  };
  return [
    {
      id: 'name',
      header: t('columnName'),
      enableHiding: false,
      cell: ({ row }) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={600}>
            {row.original.name}
            {row.original.id === selfId ? ` (${t('you')})` : ''}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.original.email}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'role',
      header: t('columnRole'),
      cell: ({ row }) => {
        const person = row.original;
        const known = roleList.some((role) => role.id === person.role.id);
        return (
          <NativeSelect
            aria-label={t('roleOf', { name: person.name })}
            size="xs"
            miw={140}
            value={String(person.role.id)}
            // Nobody changes their own role; nor that of someone whose role is beyond their permissions.
            disabled={
              !known ||
              person.id === selfId ||
              !mayChange(person) ||
              (change.isPending && change.variables?.id === person.id)
            }
            data={
              known
                ? roleList.map((role) => ({
                    value: String(role.id),
                    label: roleLabel(role),
                    disabled: !reachable(role),
                  }))
                : [{ value: String(person.role.id), label: roleLabel(person.role) }]
            }
            onChange={(event) => {
              const roleId = Number(event.currentTarget.value);
              const role = roleList.find((candidate) => candidate.id === roleId);
              onDone(null);
              const current = roleList.find((candidate) => candidate.id === person.role.id);
              const { gained, lost } = permissionChange(current?.permissions ?? [], role?.permissions ?? []);
              // More rights (a seller made administrator with one slip of the list): said and confirmed first.
              if (role && gained.length > 0) {
                onGrantMore({ person, role, gained, lost });
                return;
              }
              change.mutate(
                { id: person.id, roleId, self: person.id === selfId },
                { onSuccess: () => onDone(t('roleChanged', { name: person.name, role: role ? roleLabel(role) : '' })) },
              );
            }}
            data-testid="person-role"
          />
        );
      },
    },
    {
      id: 'status',
      header: t('columnStatus'),
      cell: ({ row }) => {
        const status = staffStatus(row.original);
        return (
          <Stack gap={2} data-testid="person-status" data-status={status.kind}>
            <Badge
              variant="dot"
              color={STATUS_COLOR[status.kind]}
              size="sm"
              tt="none"
              className="foyer-staff-status-badge"
            >
              {status.kind === 'active'
                ? t('statusActive')
                : status.kind === 'invited'
                  ? t('statusInvited')
                  : status.kind === 'invitationExpired'
                    ? t('statusInvitationExpired')
                    : t('statusDisabled')}
            </Badge>
            {status.kind === 'invited' ? (
              <Text size="xs" c="dimmed">
                {t('statusInvitedUntil', { date: formatDateTime(status.until, locale) })}
              </Text>
            ) : status.kind === 'invitationExpired' ? (
              <Text size="xs" c="dimmed">
                {t('statusInvitationExpiredHint')}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      id: 'methods',
      header: t('columnMethods'),
      cell: ({ row }) => {
        const person = row.original;
        const methods = [
          person.passwordSet ? t('methodPassword') : null,
          person.passkeys > 0 ? t('methodPasskeys', { count: person.passkeys }) : null,
          person.totpEnabled ? t('methodTotp') : null,
        ].filter((method): method is string => method !== null);
        return (
          <Text size="sm" c={methods.length === 0 ? 'dimmed' : undefined}>
            {methods.length === 0 ? t('methodNone') : methods.join(' · ')}
          </Text>
        );
      },
    },
    {
      id: 'lastSeen',
      header: t('columnLastSeen'),
      cell: ({ row }) =>
        row.original.lastSeenAt ? (
          <time dateTime={row.original.lastSeenAt} className="foyer-tabular">
            {formatDateTime(row.original.lastSeenAt, locale)}
          </time>
        ) : (
          <Text size="sm" c="dimmed">
            {t('neverSeen')}
          </Text>
        ),
    },
    {
      id: 'actions',
      header: t('columnActions'),
      enableHiding: false,
      cell: ({ row }) => {
        const person = row.original;
        const self = person.id === selfId;
        const everSignedIn = person.passwordSet || person.passkeys > 0;
        if (!mayChange(person)) {
          return (
            <Text size="xs" c="dimmed" data-testid="person-beyond-reach">
              {t('beyondReach')}
            </Text>
          );
        }
        return (
          <fieldset className="foyer-staff-actions" aria-label={t('actionsFor', { name: person.name })}>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onDone(null);
                onRename(person);
              }}
              data-testid="person-rename"
            >
              {t('rename')}
            </Button>
            {person.disabled ? (
              <Button
                size="xs"
                variant="default"
                loading={change.isPending && change.variables?.id === person.id}
                onClick={() => {
                  onDone(null);
                  change.mutate(
                    { id: person.id, disabled: false },
                    { onSuccess: () => onDone(t('enabled', { name: person.name })) },
                  );
                }}
              >
                {t('enable')}
              </Button>
            ) : (
              <>
                <Button
                  size="xs"
                  variant="default"
                  loading={issueLink.isPending && issueLink.variables === person.id}
                  onClick={() => {
                    onDone(null);
                    issueLink.mutate(person.id, { onSuccess: (link) => onIssued({ link, name: person.name }) });
                  }}
                >
                  {everSignedIn ? t('resetLink') : t('newInvitation')}
                </Button>
                {self ? null : (
                  <Button size="xs" variant="default" color="red" onClick={() => onDisable(person)}>
                    {t('disable')}
                  </Button>
                )}
              </>
            )}
          </fieldset>
        );
      },
    },
  ];
}
