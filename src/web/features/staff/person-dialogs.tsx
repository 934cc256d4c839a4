import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useForm } from 'react-hook-form';
import { type IssuedLink, type StaffMember, staffChangeSchema } from '@/contract/people';
import type { PermissionInfo } from '@/contract/roles';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { useRoleLabel } from '../../lib/role-label';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { IssuedLinkView } from './issued-link';
import type { RoleGrant } from './people-columns';
import { usePermissionTexts } from './permission-texts';
import { localServerError, localServerMessage } from './server-messages';
import { staffMessages } from './staff-messages';
import { useChangeStaff } from './staff-mutations';

/** Disabling ends every session of the person at once: said before it happens, confirmed with a red button. */
export function DisableDialog({
  person,
  onClose,
  onDisabled,
}: {
  person: StaffMember;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const t = useMessages(staffMessages);
  const change = useChangeStaff();
  return (
    <Dialog
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={t('disableTitle', { name: person.name })}
    >
      <Stack gap="md" data-testid="disable-dialog">
        <Text size="sm">{t('disableText', { name: person.name })}</Text>
        <ChangeFailure change={change} />
        <Group gap="sm">
          <Button
            color="red"
            loading={change.isPending}
            onClick={() => change.mutate({ id: person.id, disabled: true }, { onSuccess: onDisabled })}
          >
            {t('disableConfirm')}
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/**
 * A role that grants the person more than they have: what they may do after it, and what they may no longer do,
 * said before it happens. A slip of the role list made a seller administrator at once, with only a notice after it.
 */
export function RoleChangeDialog({
  grant,
  permissions,
  onClose,
  onChanged,
}: {
  grant: RoleGrant;
  permissions: readonly PermissionInfo[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useMessages(staffMessages);
  const roleLabel = useRoleLabel();
  const { describe } = usePermissionTexts();
  const change = useChangeStaff();
  const { person, role, gained, lost } = grant;
  const described = (keys: readonly string[]) =>
    keys.map((key) => {
      const info = permissions.find((permission) => permission.key === key);
      return info ? describe(info) : key;
    });
  return (
    <Dialog
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={t('grantTitle', { name: person.name, role: roleLabel(role) })}
    >
      <Stack gap="md" data-testid="role-grant-dialog">
        <Text size="sm">{t('grantText', { name: person.name })}</Text>
        <List size="sm" spacing={4} data-testid="role-grant-list">
          {described(gained).map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
        {/* A swap of roles takes rights away too: a cashier made marketer no longer sells. */}
        {lost.length > 0 && (
          <>
            <Text size="sm">{t('grantLostText', { name: person.name })}</Text>
            <List size="sm" spacing={4} data-testid="role-lost-list">
              {described(lost).map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
          </>
        )}
        <ChangeFailure change={change} />
        <Group gap="sm">
          <Button
            loading={change.isPending}
            onClick={() => change.mutate({ id: person.id, roleId: role.id, self: false }, { onSuccess: onChanged })}
          >
            {t('grantConfirm', { role: roleLabel(role) })}
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** A reset link or a renewed invitation, just issued. */
export function LinkDialog({ issued, onClose }: { issued: { link: IssuedLink; name: string }; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const title =
    issued.link.kind === 'reset'
      ? t('linkResetTitle', { name: issued.name })
      : t('linkInviteTitle', { name: issued.name });
  return (
    <Dialog opened closeButtonProps={{ 'aria-label': t('close') }} onClose={onClose} title={title}>
      <IssuedLinkView link={issued.link} name={issued.name} onClose={onClose} />
    </Dialog>
  );
}

/**
 * The name a person is shown by (header, "sold by", the audit trail's readers); the email stays their sign-in.
 * The gateway records the change with the old and the new name.
 */
export function RenameDialog({
  person,
  self,
  onClose,
  onRenamed,
}: {
  person: StaffMember;
  /** The signed-in person renames themselves: the header shows the new name at once. */
  self: boolean;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const change = useChangeStaff();
  const form = useForm<{ name: string }>({
    resolver: localizedResolver(staffChangeSchema.pick({ name: true }).required(), (message) =>
      localServerMessage(message, t),
    ),
    defaultValues: { name: person.name },
  });
  const submit = form.handleSubmit(({ name }) => {
    const trimmed = name.trim();
    if (trimmed === person.name) return onClose();
    change.mutate(
      { id: person.id, name: trimmed, self },
      {
        onSuccess: () => onRenamed(trimmed),
        onError: (error) => applyServerFieldErrors(localServerError(error, t), ['name'], form.setError),
      },
    );
  });
  const unplaced = change.isError && !(isApiError(change.error) && Object.keys(change.error.fieldErrors).length > 0);
  return (
    <Dialog
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={t('renameTitle', { name: person.name })}
    >
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
        data-testid="rename-form"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('renameIntro', { email: person.email })}
          </Text>
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(localServerError(change.error, t), app)}
            </Alert>
          ) : null}
          <TextInput
            label={t('name')}
            autoComplete="off"
            required
            data-autofocus
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <Group gap="sm">
            <Button type="submit" loading={change.isPending}>
              {t('renameSubmit')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Why a change of the person was refused, in the reader's language; nothing while none was. */
function ChangeFailure({ change }: { change: ReturnType<typeof useChangeStaff> }) {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  if (!change.isError) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {describeError(localServerError(change.error, t), app)}
    </Alert>
  );
}
