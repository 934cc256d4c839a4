import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useRoleLabel } from '../../lib/role-label';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PermissionInfo, Role } from '@/contract/roles';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { EmptyState, ErrorState } from '../../components/page-states';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { grantedPerGroup, groupPermissions } from './permission-groups';
import { usePermissionTexts } from './permission-texts';
import { RoleDialog } from './role-dialog';
import { localServerError } from './server-messages';
import { staffMessages } from './staff-messages';
import { useDeleteRole } from './staff-mutations';
import { staffQueries } from './staff-queries';
import { withinReach } from './within-reach';

/** People per role who are disabled: they still hold the role, so it cannot be deleted yet. */
function disabledPerRole(people: readonly { role: { id: number }; disabled: boolean }[] | undefined) {
  const counts = new Map<number, number>();
  for (const person of people ?? []) {
    if (person.disabled) counts.set(person.role.id, (counts.get(person.role.id) ?? 0) + 1);
  }
  return counts;
}

/**
 * `/staff/roles`: the presets and the organisation's own roles, with their members, what they allow and
 * their sign-in rules; make a role, change one, delete a custom role nobody holds.
 */
export function RolesPage() {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const roles = useQuery(staffQueries.roles());
  const people = useQuery(staffQueries.people());
  const remove = useDeleteRole();
  const mine = useQuery(sessionQuery).data?.permissions ?? [];
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const disabled = useMemo(() => disabledPerRole(people.data), [people.data]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1}>{t('rolesTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('rolesIntro')}
          </Text>
        </Stack>
        <Button
          onClick={() => {
            setDone(null);
            setEditing('new');
          }}
          disabled={!roles.data}
        >
          {t('newRole')}
        </Button>
      </Group>
      {done ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {roles.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
      {roles.isError ? <ErrorState error={roles.error} onRetry={() => void roles.refetch()} /> : null}
      {roles.data && roles.data.roles.length === 0 ? <EmptyState title={t('noRoles')} /> : null}
      {roles.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {roles.data.roles.map((role) => (
            <RoleCard
              key={role.id}
              role={role}
              available={roles.data.permissions}
              disabledMembers={disabled.get(role.id) ?? 0}
              reachable={withinReach(mine, role.permissions)}
              onEdit={() => {
                setDone(null);
                setEditing(role);
              }}
              onDelete={() => {
                setDone(null);
                remove.reset();
                setDeleting(role);
              }}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {editing && roles.data ? (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          available={roles.data.permissions}
          mine={mine}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setDone(t('saved', { name: saved.name }));
          }}
        />
      ) : null}
      {deleting ? (
        <Dialog
          opened
          closeButtonProps={{ 'aria-label': t('close') }}
          onClose={() => setDeleting(null)}
          title={t('deleteTitle', { name: deleting.name })}
        >
          <Stack gap="md">
            <Text size="sm">{t('deleteText')}</Text>
            {remove.isError ? (
              <Alert color="red" variant="light" role="alert">
                {describeError(localServerError(remove.error, t), app)}
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      setDone(t('deleted', { name: deleting.name }));
                      setDeleting(null);
                    },
                  })
                }
              >
                {t('deleteConfirm')}
              </Button>
              <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </Dialog>
      ) : null}
    </Stack>
  );
}

function RoleCard({
  role,
  available,
  disabledMembers,
  reachable,
  onEdit,
  onDelete,
}: {
  role: Role;
  available: readonly PermissionInfo[];
  disabledMembers: number;
  /** All its permissions are the viewer's: only then may they change or delete it. */
  reachable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const { groupLabel } = usePermissionTexts();
  const groups = groupPermissions(available);
  const perGroup = grantedPerGroup(groups, role.permissions);
  const held = role.members + disabledMembers > 0;
  const headingId = `role-${role.id}-name`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="role-card"
      data-role={role.name}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {roleLabel(role)}
            </Title>
            <Text size="sm" c="dimmed" data-testid="role-members">
              {t('members', { count: role.members })}
              {disabledMembers > 0 ? ` · ${t('membersDisabled', { count: disabledMembers })}` : ''}
            </Text>
          </Stack>
          <Badge variant="dot" color={role.preset ? 'indigo' : 'teal'} tt="none">
            {role.preset ? t('preset') : t('custom')}
          </Badge>
        </Group>
        <Text size="sm">{t('permissionsCount', { count: role.permissions.length, total: available.length })}</Text>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {perGroup.map((group) => (
            <Text key={group.id} component="li" size="sm" c={group.granted === 0 ? 'dimmed' : undefined}>
              {groupLabel(group.id)}: {group.granted}/{group.total}
            </Text>
          ))}
        </Stack>
        {role.requireTotp || role.idleMinutes !== null || role.absoluteMinutes !== null ? (
          <Group gap="xs">
            {role.requireTotp ? (
              <Badge variant="default" tt="none">
                {t('requiresTotp')}
              </Badge>
            ) : null}
            {role.idleMinutes !== null ? (
              <Badge variant="default" tt="none">
                {t('idleLimit', { minutes: role.idleMinutes })}
              </Badge>
            ) : null}
            {role.absoluteMinutes !== null ? (
              <Badge variant="default" tt="none">
                {t('absoluteLimit', { minutes: role.absoluteMinutes })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Group gap="xs" mt="auto">
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            disabled={!reachable}
            aria-label={t('editRole', { name: roleLabel(role) })}
          >
            {t('edit')}
          </Button>
          {role.preset ? null : (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={onDelete}
              disabled={held || !reachable}
              aria-label={t('deleteRole', { name: roleLabel(role) })}
            >
              {t('delete')}
            </Button>
          )}
        </Group>
        {reachable ? null : (
          <Text size="xs" c="dimmed">
            {t('beyondReach')}
          </Text>
        )}
        {!role.preset && held ? (
          <Text size="xs" c="dimmed">
            {t('deleteBlocked')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
