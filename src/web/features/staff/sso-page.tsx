import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { SSO_CALLBACK_PATH, type SsoSettings, type SsoSettingsRequest, ssoSettingsRequestSchema } from '@/contract/sso';
import { PERMISSIONS } from '@/contract/staff';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { PasswordField } from '../../components/password-field';
import { appMessages } from '../../lib/app-messages';
import { useContractMessage } from '../../lib/contract-messages';
import { useMessages } from '../../lib/i18n';
import { withLocalMessages } from '../../lib/local-server-error';
import { localizedResolver } from '../../lib/localized-resolver';
import { useRoleLabel } from '../../lib/role-label';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { sessionQuery } from '../../lib/session';
import { accessMessages, SSO_CONTRACT_MESSAGES } from './access-messages';
import { accessQueries, useSaveSso } from './access-queries';
import { staffQueries } from './staff-queries';

type SsoForm = SsoSettingsRequest;

const formValues = (settings: SsoSettings | null | undefined): SsoForm => ({
  displayName: settings?.displayName ?? '',
  issuer: settings?.issuer ?? '',
  clientId: settings?.clientId ?? '',
  clientSecret: '',
  emailClaim: settings?.emailClaim ?? 'email',
  groupClaim: settings?.groupClaim ?? 'groups',
  groupRoles: settings?.groupRoles ?? [],
  enabled: settings?.enabled ?? true,
  required: settings?.required ?? false,
});

/**
 * `/staff/sso`: the organisation's OpenID Connect provider — where it is, the client, which claims carry the
 * email and the groups, which group gives which role, and whether everyone (but administrators) must use it.
 * The client secret goes in and never comes back: the page says only whether one is set.
 */
/** The settings' fields the gateway may name in a refusal. */
const SSO_FIELDS = ['displayName', 'issuer', 'clientId', 'clientSecret', 'emailClaim', 'groupClaim'] as const;

export function SsoPage() {
  const t = useMessages(accessMessages);
  const contractMessage = useContractMessage();
  const ssoMessage = (message: string) => {
    const key = SSO_CONTRACT_MESSAGES[message as keyof typeof SSO_CONTRACT_MESSAGES];
    return key ? t(key) : contractMessage(message);
  };
  // The gateway's field messages (an issuer where no provider answers) go on their fields, in the page's words.
  const [errorsOnFields, setErrorsOnFields] = useState(false);
  const app = useMessages(appMessages);
  const roleLabel = useRoleLabel();
  const settings = useQuery(accessQueries.sso());
  // Its provider can sign in as anyone of the organisation: only someone who holds every permission sets it up
  // (the gateway refuses the others); a staff manager of fewer permissions reads it.
  const { data: session } = useQuery(sessionQuery);
  const mayConfigure = PERMISSIONS.every((permission) => session?.permissions.includes(permission));
  const roles = useQuery(staffQueries.roles());
  const save = useSaveSso();
  const form = useForm<SsoForm, unknown, SsoForm>({
    resolver: localizedResolver(ssoSettingsRequestSchema, ssoMessage),
    defaultValues: formValues(null),
  });
  const lines = useFieldArray({ control: form.control, name: 'groupRoles' });
  useEffect(() => {
    if (settings.isSuccess) form.reset(formValues(settings.data));
  }, [settings.isSuccess, settings.data, form]);
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => form.reset(formValues(saved)),
      onError: (error) =>
        setErrorsOnFields(applyServerFieldErrors(withLocalMessages(error, ssoMessage), SSO_FIELDS, form.setError)),
    }),
  );
  const errors = form.formState.errors;
  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ value: String(role.id), label: roleLabel(role) }));

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('ssoTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('ssoIntro')}
        </Text>
      </Stack>
      {settings.isPending ? <Skeleton h={320} radius="md" /> : null}
      {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.isSuccess && !mayConfigure ? (
        <Alert color="blue" variant="light" data-testid="sso-read-only">
          {t('ssoAdministratorsOnly')}
        </Alert>
      ) : null}
      {settings.isSuccess ? (
        <Paper withBorder radius="md" p="lg">
          <form
            onSubmit={(event) => {
              void submit(event);
            }}
            noValidate
          >
            <fieldset disabled={!mayConfigure} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="md">
                {/* Before anything is saved too: the provider asks for it before it gives the client id and secret. */}
                <Text size="sm">
                  {t('redirectUri')}:{' '}
                  <Code data-testid="redirect-uri">
                    {settings.data?.redirectUri ?? `${window.location.origin}${SSO_CALLBACK_PATH}`}
                  </Code>
                </Text>
                <TextInput
                  label={t('displayName')}
                  required
                  error={errors.displayName?.message}
                  {...form.register('displayName')}
                />
                <TextInput
                  label={t('issuer')}
                  description={t('issuerHint')}
                  required
                  type="url"
                  spellCheck={false}
                  error={errors.issuer?.message}
                  {...form.register('issuer')}
                />
                <TextInput
                  label={t('clientId')}
                  required
                  spellCheck={false}
                  error={errors.clientId?.message}
                  {...form.register('clientId')}
                />
                <PasswordField
                  label={t('clientSecret')}
                  description={settings.data?.secretSet ? t('clientSecretSet') : undefined}
                  required={!settings.data?.secretSet}
                  autoComplete="new-password"
                  spellCheck={false}
                  error={errors.clientSecret?.message}
                  {...form.register('clientSecret')}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label={t('emailClaim')}
                    spellCheck={false}
                    error={errors.emailClaim?.message}
                    {...form.register('emailClaim')}
                  />
                  <TextInput
                    label={t('groupClaim')}
                    spellCheck={false}
                    error={errors.groupClaim?.message}
                    {...form.register('groupClaim')}
                  />
                </Group>
                <Stack
                  gap="xs"
                  component="fieldset"
                  className="foyer-sso-mapping"
                  style={{ border: 0, padding: 0, margin: 0 }}
                >
                  <Text component="legend" fw={600}>
                    {t('mapping')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('mappingHint')}
                  </Text>
                  {lines.fields.map((line, index) => (
                    <Group key={line.id} align="flex-end" wrap="nowrap">
                      <TextInput
                        label={t('group')}
                        flex={1}
                        spellCheck={false}
                        error={errors.groupRoles?.[index]?.group?.message}
                        {...form.register(`groupRoles.${index}.group`)}
                      />
                      <Controller
                        control={form.control}
                        name={`groupRoles.${index}.roleId`}
                        render={({ field }) => (
                          <NativeSelect
                            label={t('role')}
                            flex={1}
                            data={roleOptions}
                            value={String(field.value)}
                            onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                          />
                        )}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={2}
                        aria-label={t('removeLine', { n: index + 1 })}
                        onClick={() => lines.remove(index)}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      variant="default"
                      size="xs"
                      disabled={roleOptions.length === 0}
                      onClick={() => lines.append({ group: '', roleId: Number(roleOptions[0]?.value ?? 0) })}
                    >
                      {t('addLine')}
                    </Button>
                  </Group>
                </Stack>
                <Checkbox label={t('enabled')} {...form.register('enabled')} />
                <Checkbox label={t('required')} description={t('requiredHint')} {...form.register('required')} />
                {save.isError && !errorsOnFields ? (
                  <Alert color="red" variant="light" role="alert">
                    {describeError(save.error, app)}
                  </Alert>
                ) : null}
                {save.isSuccess ? (
                  <Alert color="green" variant="light" role="status">
                    {t('saved')}
                  </Alert>
                ) : null}
                {mayConfigure ? (
                  <Group>
                    <Button type="submit" loading={save.isPending}>
                      {t('save')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </fieldset>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
