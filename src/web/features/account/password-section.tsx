import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Account, PasswordChange } from '@/contract/account';
import { endedSessionsSchema } from '@/contract/account';
import { describeError } from '../../components/error-message';
import { PasswordField } from '../../components/password-field';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { localAuthError, NewPasswordFields, newPasswordShape, passwordsMatch, signInMessages } from '../sign-in/public';
import { accountMessages } from './account-messages';
import { accountKeys } from './account-queries';
import { AccountSection } from './account-section';

/** Change one's own password; the gateway then ends every other session of the person. */
export function PasswordSection({ account }: { account: Account }) {
  const t = useMessages(accountMessages);
  const signIn = useMessages(signInMessages);
  const app = useMessages(appMessages);
  const queryClient = useQueryClient();
  const schema = z
    .object({
      currentPassword: z.string(),
      ...newPasswordShape({ tooShort: signIn('passwordTooShort', { min: 12 }), differ: signIn('passwordsDiffer') }),
    })
    .refine(passwordsMatch, { path: ['repeat'], message: signIn('passwordsDiffer') });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', repeat: '' },
  });
  const change = useMutation({
    mutationFn: (values: Values) =>
      apiClient.put('/api/account/password', {
        schema: endedSessionsSchema,
        body: { currentPassword: values.currentPassword, newPassword: values.password } satisfies PasswordChange,
      }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: (error) =>
      applyServerFieldErrors(localAuthError(error, signIn), ['currentPassword', 'password'], form.setError, {
        newPassword: 'password',
      }),
  });
  const unplaced = change.isError && !(isApiError(change.error) && Object.keys(change.error.fieldErrors).length > 0);
  return (
    <AccountSection title={t('passwordTitle')} testId="account-password">
      <form onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate>
        <Stack gap="md" maw={420}>
          {change.isSuccess ? (
            <Alert color="green" variant="light" role="status">
              {t('passwordChanged')}
            </Alert>
          ) : null}
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(localAuthError(change.error, signIn), app)}
            </Alert>
          ) : null}
          <input type="email" name="username" autoComplete="username" value={account.person.email} readOnly hidden />
          {account.passwordSet ? (
            <PasswordField
              label={t('currentPassword')}
              autoComplete="current-password"
              error={form.formState.errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
          ) : null}
          <NewPasswordFields register={form.register} errors={form.formState.errors} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSection>
  );
}
