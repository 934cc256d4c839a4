import { Alert, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { appMessages } from '../../app/messages';
import {
  rememberClientName,
  rememberedClientName,
  type Session,
  safeNextPath,
  sessionKey,
  signIn,
} from '../../app/session';
import { IconAlert } from '../../components/icons';
import { LanguageMenu } from '../../components/language-menu';
import { isApiError } from '../../lib/api-error';
import { type Translate, useMessages } from '../../lib/i18n';

type AppKey = keyof typeof appMessages.nl;

function signInFailure(error: unknown, t: Translate<AppKey>): string {
  if (!isApiError(error)) return t('signInUnavailable', { message: t('errorUnexpected') });
  if (error.kind === 'unauthorized') return t('signInWrongKey');
  if (error.kind === 'rateLimited') {
    return error.retryAfterSeconds !== undefined
      ? t('signInRateLimited', { seconds: error.retryAfterSeconds })
      : t('signInRateLimitedNoTime');
  }
  if (error.kind === 'network') return t('signInUnavailable', { message: t('errorNetwork') });
  return t('signInUnavailable', { message: error.message });
}

export function SignInPage() {
  const t = useMessages(appMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [clientName, setClientName] = useState(rememberedClientName);
  const [apiKey, setApiKey] = useState('');
  const errorId = useId();

  const mutation = useMutation({
    mutationFn: (input: { clientName: string; apiKey: string }) => signIn(input.clientName, input.apiKey),
    onSuccess: (session: Session) => {
      rememberClientName(session.clientName);
      setApiKey('');
      queryClient.setQueryData(sessionKey, session);
      void navigate(safeNextPath(searchParams.get('next')), { replace: true });
    },
  });

  const fieldErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {};
  const showFailure = mutation.isError && Object.keys(fieldErrors).length === 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate({ clientName: clientName.trim(), apiKey: apiKey.trim() });
  };

  return (
    <Box component="main" mih="100dvh" className="foyer-sign-in-background">
      <Group justify="flex-end" p="md">
        <LanguageMenu />
      </Group>
      <Center px="md" pb="xl" pt={{ base: 'md', sm: 48 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <form onSubmit={submit} noValidate aria-describedby={showFailure ? errorId : undefined}>
            <Stack gap="md">
              <Stack gap={4}>
                <Text fw={700} size="sm" tt="uppercase" lts={1} className="foyer-brand">
                  {t('appName')}
                </Text>
                <Title order={1} size="h2">
                  {t('signInTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('signInIntro')}
                </Text>
              </Stack>
              {showFailure ? (
                <Alert id={errorId} color="red" variant="light" icon={<IconAlert />} role="alert">
                  {signInFailure(mutation.error, t)}
                </Alert>
              ) : null}
              <TextInput
                label={t('clientName')}
                description={t('clientNameHint')}
                name="clientName"
                autoComplete="organization"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={clientName}
                onChange={(event) => setClientName(event.currentTarget.value)}
                error={fieldErrors.clientName?.join(' ')}
                autoFocus={clientName === ''}
                size="md"
              />
              <PasswordInput
                label={t('apiKey')}
                description={t('apiKeyHint')}
                name="apiKey"
                // Not offered to the browser's password manager: the key belongs to the organisation, not a person.
                autoComplete="off"
                required
                value={apiKey}
                onChange={(event) => setApiKey(event.currentTarget.value)}
                error={fieldErrors.apiKey?.join(' ')}
                autoFocus={clientName !== ''}
                size="md"
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={mutation.isPending}
                disabled={mutation.isPending || clientName.trim() === '' || apiKey.trim() === ''}
              >
                {mutation.isPending ? t('signingIn') : t('signIn')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
