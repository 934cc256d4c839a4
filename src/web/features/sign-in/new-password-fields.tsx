import { Stack } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/contract/staff';
import { PasswordField } from '../../components/password-field';
import { useMessages } from '../../lib/i18n';
import { signInMessages } from './sign-in-messages';

export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/** The rules the browser can check before asking the gateway (which also refuses common passwords). */
export function newPasswordShape(messages: { tooShort: string; differ: string }) {
  return {
    password: z.string().min(PASSWORD_MIN_LENGTH, messages.tooShort).max(256),
    repeat: z.string(),
  };
}

export const passwordsMatch = (values: NewPasswordValues) => values.password === values.repeat;

/** "New password" and "repeat it", for invitations, resets, setup and the account page. */
export function NewPasswordFields<Values extends NewPasswordValues>({
  register,
  errors,
  label,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<NewPasswordValues>;
  label?: string;
}) {
  const t = useMessages(signInMessages);
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  return (
    <Stack gap="md">
      <PasswordField
        label={label ?? t('newPassword')}
        description={t('newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        size="md"
        error={errors.password?.message}
        {...reg('password')}
      />
      <PasswordField
        label={t('repeatPassword')}
        autoComplete="new-password"
        required
        size="md"
        error={errors.repeat?.message}
        {...reg('repeat')}
      />
    </Stack>
  );
}
