import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { SetupRequest } from '@/contract/links';
import { describeError } from '../../components/error-message';
import { IconAlert } from '../../components/icons/status-icons';
import { PasswordField } from '../../components/password-field';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { sessionKey, sessionSchema, startSession } from '../../lib/session';
import { AuthCard } from './auth-card';
import { localAuthError } from './auth-server-messages';
import { NewPasswordFields, newPasswordShape, passwordsMatch } from './new-password-fields';
import { signInMessages } from './sign-in-messages';

const FIELDS = ['name', 'email', 'password', 'clientName', 'apiKey'] as const;

/**
 * `/setup/<token>`: the link a fresh install prints at start. Creates the first administrator and connects
 * the organisation (client name + API key, checked with the service before anything is saved).
 */
export function SetupPage() {
  const { token = '' } = useParams();
  const t = useMessages(signInMessages);
  const app = useMessages(appMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['setup', token],
    queryFn: ({ signal }) =>
      apiClient.get(`/api/setup/${encodeURIComponent(token)}`, { schema: ignoredAnswer, signal }),
    retry: false,
  });

  const schema = z
    .object({
      name: z.string().trim().min(1, t('yourName')),
      email: z.email(t('email')),
      clientName: z.string().trim().min(1, t('clientName')).max(64),
      apiKey: z.string().trim().min(1, t('apiKey')).max(1024),
      ...newPasswordShape({ tooShort: t('passwordTooShort', { min: 12 }), differ: t('passwordsDiffer') }),
    })
    .refine(passwordsMatch, { path: ['repeat'], message: t('passwordsDiffer') });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', clientName: '', apiKey: '', password: '', repeat: '' },
  });
  const { register, formState } = form;

  const setup = useMutation({
    mutationFn: ({ repeat: _repeat, ...values }: Values) =>
      apiClient.post(`/api/setup/${encodeURIComponent(token)}`, {
        schema: sessionSchema,
        body: values satisfies SetupRequest,
      }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, startSession(session));
      void navigate('/', { replace: true });
    },
    onError: (error) => applyServerFieldErrors(localAuthError(error, t), FIELDS, form.setError),
  });

  if (link.isPending) {
    return (
      <AuthCard title={t('setupTitle')}>
        <Loader size="sm" aria-label={t('linkLoading')} />
      </AuthCard>
    );
  }
  if (link.isError) {
    return (
      <AuthCard title={t('setupTitle')}>
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {isApiError(link.error) && link.error.kind === 'notFound' ? t('setupUsed') : describeError(link.error, app)}
        </Alert>
        <Button component={Link} to="/sign-in" variant="default">
          {t('toSignIn')}
        </Button>
      </AuthCard>
    );
  }

  const unplaced =
    setup.isError &&
    !(
      isApiError(setup.error) &&
      Object.keys(setup.error.fieldErrors).some((field) => (FIELDS as readonly string[]).includes(field))
    );
  return (
    <AuthCard title={t('setupTitle')} intro={t('setupIntro')}>
      <form onSubmit={form.handleSubmit((values) => setup.mutate(values))} noValidate>
        <Stack gap="md">
          {unplaced ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {describeError(localAuthError(setup.error, t), app)}
            </Alert>
          ) : null}
          <TextInput
            label={t('yourName')}
            autoComplete="name"
            required
            size="md"
            error={formState.errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            required
            size="md"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <NewPasswordFields register={register} errors={formState.errors} label={t('password')} />
          <TextInput
            label={t('clientName')}
            description={t('clientNameHint')}
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
            required
            size="md"
            error={formState.errors.clientName?.message}
            {...register('clientName')}
          />
          <PasswordField
            label={t('apiKey')}
            description={t('apiKeyHint')}
            autoComplete="off"
            required
            size="md"
            error={formState.errors.apiKey?.message}
            {...register('apiKey')}
          />
          <Button type="submit" size="md" fullWidth loading={setup.isPending}>
            {t('setupSubmit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
