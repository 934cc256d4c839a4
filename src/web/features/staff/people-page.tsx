import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRoleLabel } from '../../lib/role-label';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { InviteDialog } from './invite-dialog';
import { DisableDialog, LinkDialog, RenameDialog } from './person-dialogs';
import { localServerError } from './server-messages';
import { staffMessages } from './staff-messages';
import { useChangeStaff, useIssueLink } from './staff-mutations';
import { type IssuedLink, type StaffMember, staffQueries } from './staff-queries';
import {
  filterStaff,
  readStaffFilters,
  STATUS_FILTERS,
  type StaffStatus,
  staffStatus,
  withStaffFilter,
} from './staff-status';

const PAGE_SIZE = 100;

const STATUS_COLOR: Record<StaffStatus['kind'], string> = {
  active: 'green',
  invited: 'blue',
  invitationExpired: 'orange',
  disabled: 'gray',
};

/**
 * `/staff`: everyone of the organisation with their role, status, ways in and last activity; filters by role
 * and status in the URL; per person change the role, disable or enable, and issue a reset link (or a new
 * invitation). "Invite a person" opens with `?invite`, so the palette's command can link to it.
 */
export function PeoplePage() {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const [page] = useTablePage();
  const filters = readStaffFilters(search);
  const people = useQuery(staffQueries.people());
  const roles = useQuery(staffQueries.roles());
  const { data: session } = useQuery(sessionQuery);
  const change = useChangeStaff();
  const issueLink = useIssueLink();
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [renaming, setRenaming] = useState<StaffMember | null>(null);
  const [issued, setIssued] = useState<{ link: IssuedLink; name: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inviting = search.has('invite');
  const selfId = session?.person.id;

  const setInviting = (open: boolean) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set('invite', '');
        else next.delete('invite');
        return next;
      },
      { replace: !open },
    );

  const filtered = useMemo(() => (people.data ? filterStaff(people.data, filters) : undefined), [people.data, filters]);
  const rows = useMemo(() => filtered?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), [filtered, page]);
  const roleList = roles.data?.roles ?? [];

  const columns: DataTableColumn<StaffMember>[] = [
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
            disabled={!known || (change.isPending && change.variables?.id === person.id)}
            data={
              known
                ? roleList.map((role) => ({ value: String(role.id), label: roleLabel(role) }))
                : [{ value: String(person.role.id), label: roleLabel(person.role) }]
            }
            onChange={(event) => {
              const roleId = Number(event.currentTarget.value);
              const role = roleList.find((candidate) => candidate.id === roleId);
              setDone(null);
              change.mutate(
                { id: person.id, roleId, self: person.id === selfId },
                { onSuccess: () => setDone(t('roleChanged', { name: person.name, role: role?.name ?? '' })) },
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
        return (
          <fieldset className="foyer-staff-actions" aria-label={t('actionsFor', { name: person.name })}>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setDone(null);
                setRenaming(person);
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
                  setDone(null);
                  change.mutate(
                    { id: person.id, disabled: false },
                    { onSuccess: () => setDone(t('enabled', { name: person.name })) },
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
                    setDone(null);
                    issueLink.mutate(person.id, { onSuccess: (link) => setIssued({ link, name: person.name }) });
                  }}
                >
                  {everSignedIn ? t('resetLink') : t('newInvitation')}
                </Button>
                {self ? null : (
                  <Button size="xs" variant="default" color="red" onClick={() => setDisabling(person)}>
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

  const failure = change.error ?? issueLink.error;
  const filtering = filters.roleId !== null || filters.status !== null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1}>{t('peopleTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('peopleIntro')}
          </Text>
        </Stack>
        <Button onClick={() => setInviting(true)} disabled={!roles.data}>
          {t('invite')}
        </Button>
      </Group>
      {failure && (change.isError || issueLink.isError) ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => {
            change.reset();
            issueLink.reset();
          }}
        >
          {describeError(localServerError(failure, t), app)}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <DataTable
        label={t('peopleLabel')}
        columns={columns}
        data={rows}
        rowCount={filtered?.length}
        pageSize={PAGE_SIZE}
        query={people}
        onRetry={() => void people.refetch()}
        getRowId={(row) => String(row.id)}
        emptyTitle={filtering ? t('noMatches') : t('noPeople')}
        emptyText={filtering ? t('noMatchesHint') : t('noPeopleHint')}
        // On a phone each person is a card (name, role, status, ways in, last seen, actions): nothing scrolls sideways.
        stackOnPhone
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('filterRole')}
              size="xs"
              value={filters.roleId === null ? '' : String(filters.roleId)}
              data={[
                { value: '', label: t('filterAll') },
                ...roleList.map((role) => ({ value: String(role.id), label: roleLabel(role) })),
              ]}
              onChange={(event) => setSearch(withStaffFilter(search, 'role', event.currentTarget.value))}
              data-testid="filter-role"
            />
            <NativeSelect
              label={t('filterStatus')}
              size="xs"
              value={filters.status ?? ''}
              data={[
                { value: '', label: t('filterAll') },
                ...STATUS_FILTERS.map((status) => ({
                  value: status,
                  label:
                    status === 'active'
                      ? t('statusActive')
                      : status === 'invited'
                        ? t('statusInvited')
                        : t('statusDisabled'),
                })),
              ]}
              onChange={(event) => setSearch(withStaffFilter(search, 'status', event.currentTarget.value))}
              data-testid="filter-status"
            />
            {filtering ? (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setSearch(withStaffFilter(withStaffFilter(search, 'role', ''), 'status', ''))}
              >
                {t('clearFilters')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {inviting && roles.data ? <InviteDialog roles={roles.data.roles} onClose={() => setInviting(false)} /> : null}
      {roles.isError && inviting ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(localServerError(roles.error, t), app)}
        </Alert>
      ) : null}
      {disabling ? (
        <DisableDialog
          person={disabling}
          onClose={() => setDisabling(null)}
          onDisabled={() => {
            setDone(t('disabledDone', { name: disabling.name }));
            setDisabling(null);
          }}
        />
      ) : null}
      {renaming ? (
        <RenameDialog
          person={renaming}
          self={renaming.id === selfId}
          onClose={() => setRenaming(null)}
          onRenamed={(name) => {
            setDone(t('renamed', { old: renaming.name, name }));
            setRenaming(null);
          }}
        />
      ) : null}
      {issued ? <LinkDialog issued={issued} onClose={() => setIssued(null)} /> : null}
    </Stack>
  );
}
