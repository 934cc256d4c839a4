import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type IssuedLink, invitationRequestSchema } from '@/contract/people';
import type { Role } from '@/contract/roles';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { useRoleLabel } from '../../lib/role-label';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { IssuedLinkView } from './issued-link';
import { localServerError, localServerMessage } from './server-messages';
import { staffMessages } from './staff-messages';
import { useInvite } from './staff-mutations';

interface InviteValues {
  name: string;
  email: string;
  roleId: string;
}

/** The least a newcomer needs: the box office preset when it exists, else the first role. */
export function defaultRoleId(roles: readonly Role[]): string {
  const role = roles.find((candidate) => candidate.key === 'box-office') ?? roles[0];
  return role ? String(role.id) : '';
}

/**
 * Name, email and role; then the one-time link to hand over (72 hours). The gateway's 422 messages land on
 * the fields, the input stays.
 */
export function InviteDialog({ roles, onClose }: { roles: readonly Role[]; onClose: () => void }) {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const invite = useInvite();
  const [issued, setIssued] = useState<{ link: IssuedLink; name: string } | null>(null);
  // The gateway's rules, but as the form holds them: the email trimmed as it is sent, the role as the select's text.
  const schema = invitationRequestSchema.pick({ name: true }).extend({
    email: z
      .string()
      .trim()
      .max(320, t('tooLong', { max: 320 }))
      .pipe(invitationRequestSchema.shape.email),
    roleId: z.string().regex(/^\d+$/, t('roleRequired')),
  });
  const form = useForm<InviteValues>({
    resolver: localizedResolver(schema, (message) => localServerMessage(message, t)),
    defaultValues: { name: '', email: '', roleId: defaultRoleId(roles) },
  });
  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { name: values.name.trim(), email: values.email.trim(), roleId: Number(values.roleId) },
      {
        onSuccess: (answer) => setIssued({ link: answer, name: values.name.trim() }),
        onError: (error) =>
          applyServerFieldErrors(localServerError(error, t), ['name', 'email', 'roleId'], form.setError),
      },
    ),
  );
  const unplaced = invite.isError && !(isApiError(invite.error) && Object.keys(invite.error.fieldErrors).length > 0);
  const { errors } = form.formState;

  return (
    <Dialog
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={issued ? t('linkInviteTitle', { name: issued.name }) : t('inviteTitle')}
    >
      {issued ? (
        <IssuedLinkView link={issued.link} name={issued.name} onClose={onClose} replacesEarlier={false} />
      ) : (
        <form
          onSubmit={(event) => {
            void submit(event);
          }}
          noValidate
          data-testid="invite-form"
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('inviteIntro')}
            </Text>
            {unplaced ? (
              <Alert color="red" variant="light" role="alert">
                {describeError(localServerError(invite.error, t), app)}
              </Alert>
            ) : null}
            <TextInput
              label={t('name')}
              autoComplete="off"
              required
              data-autofocus
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={t('email')}
              type="email"
              autoComplete="off"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
            <NativeSelect
              label={t('role')}
              description={t('roleHint')}
              required
              data={roles.map((role) => ({ value: String(role.id), label: roleLabel(role) }))}
              error={errors.roleId?.message}
              {...form.register('roleId')}
            />
            <Group gap="sm">
              <Button type="submit" loading={invite.isPending}>
                {t('inviteSubmit')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
