import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRoleLabel } from '../../lib/role-label';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { IssuedLink, StaffMember } from '@/contract/people';
import { DataTable } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { InviteDialog } from './invite-dialog';
import { type RoleGrant, usePeopleColumns } from './people-columns';
import { DisableDialog, LinkDialog, RenameDialog, RoleChangeDialog } from './person-dialogs';
import { localServerError } from './server-messages';
import { staffMessages } from './staff-messages';
import { useChangeStaff, useIssueLink } from './staff-mutations';
import { staffQueries } from './staff-queries';
import { filterStaff, readStaffFilters, STATUS_FILTERS, withStaffFilter } from './staff-status';
import { withinReach } from './within-reach';

const PAGE_SIZE = 100;

/**
 * `/staff`: everyone of the organisation with their role, status, ways in and last activity; filters by role
 * and status in the URL; per person change the role, disable or enable, and issue a reset link (or a new
 * invitation). "Invite a person" opens with `?invite`, so the palette's command can link to it.
 */
export function PeoplePage() {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const [search, setSearch] = useSearchParams();
  const [page] = useTablePage();
  const filters = readStaffFilters(search);
  const people = useQuery(staffQueries.people());
  const roles = useQuery(staffQueries.roles());
  const { data: session } = useQuery(sessionQuery);
  const change = useChangeStaff();
  const issueLink = useIssueLink();
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [granting, setGranting] = useState<RoleGrant | null>(null);
  const [renaming, setRenaming] = useState<StaffMember | null>(null);
  const [issued, setIssued] = useState<{ link: IssuedLink; name: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inviting = search.has('invite');
  const selfId = session?.person.id;
  const mine = session?.permissions ?? [];

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
  const columns = usePeopleColumns({
    roleList,
    selfId,
    mine,
    change,
    issueLink,
    onDone: setDone,
    onRename: setRenaming,
    onDisable: setDisabling,
    onIssued: setIssued,
    onGrantMore: setGranting,
  });

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
      {inviting && roles.data ? (
        <InviteDialog
          roles={roles.data.roles.filter((role) => withinReach(mine, role.permissions))}
          onClose={() => setInviting(false)}
        />
      ) : null}
      {roles.isError && inviting ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(localServerError(roles.error, t), app)}
        </Alert>
      ) : null}
      {granting ? (
        <RoleChangeDialog
          grant={granting}
          permissions={roles.data?.permissions ?? []}
          onClose={() => setGranting(null)}
          onChanged={() => {
            setDone(t('roleChanged', { name: granting.person.name, role: roleLabel(granting.role) }));
            setGranting(null);
          }}
        />
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
