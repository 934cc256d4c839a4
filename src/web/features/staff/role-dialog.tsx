import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRoleLabel } from '../../lib/role-label';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useMediaQuery } from '@mantine/hooks';
import { Controller, useForm } from 'react-hook-form';
import type { PermissionInfo, Role } from '@/contract/roles';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { groupPermissions } from './permission-groups';
import { usePermissionTexts } from './permission-texts';
import {
  ABSOLUTE_MINUTES,
  IDLE_MINUTES,
  type RoleFormValues,
  roleFormSchema,
  roleFormValues,
  roleInput,
} from './role-form-model';
import { RoleNetworksSection } from './role-networks-section';
import { RoleScopeSection } from './role-scope-section';
import { localServerError, localServerMessage } from './server-messages';
import { staffMessages } from './staff-messages';
import { useSaveRole } from './staff-mutations';

/**
 * A new custom role, or an existing role's settings. A preset keeps its name and permissions (shown, not
 * editable); its sign-in rules (two-step, session limits) are the organisation's to set.
 */
export function RoleDialog({
  role,
  available,
  mine,
  onClose,
  onSaved,
}: {
  role: Role | null;
  available: readonly PermissionInfo[];
  /** The viewer's permissions: only these can be given to a role. */
  mine: readonly string[];
  onClose: () => void;
  onSaved: (role: Role) => void;
}) {
  const roleLabel = useRoleLabel();
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const { groupLabel, describe } = usePermissionTexts();
  const save = useSaveRole();
  const fixed = role?.preset ?? false;
  // A phone gets the whole screen: twelve permissions with their descriptions are a long form.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const form = useForm<RoleFormValues>({
    resolver: localizedResolver(
      roleFormSchema({
        idleRange: t('minutesRange', IDLE_MINUTES),
        absoluteRange: t('minutesRange', ABSOLUTE_MINUTES),
      }),
      (message) => localServerMessage(message, t),
    ),
    defaultValues: roleFormValues(role),
  });
  const { errors } = form.formState;
  const groups = groupPermissions(available);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        id: role?.id ?? null,
        input: roleInput(
          values,
          available.map((info) => info.key),
        ),
      },
      {
        onSuccess: onSaved,
        onError: (error) =>
          applyServerFieldErrors(
            localServerError(error, t),
            ['name', 'permissions', 'requireTotp', 'idleMinutes', 'absoluteMinutes'],
            form.setError,
          ),
      },
    ),
  );
  const unplaced = save.isError && !(isApiError(save.error) && Object.keys(save.error.fieldErrors).length > 0);

  return (
    <Dialog
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={role ? t('roleDialogEdit', { name: roleLabel(role) }) : t('roleDialogNew')}
      size="xl"
      fullScreen={narrow}
    >
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
        data-testid="role-form"
      >
        <Stack gap="lg">
          {fixed ? (
            <Alert color="blue" variant="light">
              {t('presetFixed')}
            </Alert>
          ) : null}
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(localServerError(save.error, t), app)}
            </Alert>
          ) : null}
          <TextInput
            label={t('roleName')}
            required={!fixed}
            readOnly={fixed}
            maw={420}
            data-autofocus={fixed ? undefined : true}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <Stack gap="sm">
                <Text fw={600} component="h3" size="md">
                  {t('permissions')}
                </Text>
                {errors.permissions?.message ? (
                  <Text c="var(--mantine-color-error)" size="sm" role="alert">
                    {errors.permissions.message}
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {groups.map((group) => (
                    <Fieldset key={group.id} legend={groupLabel(group.id)} variant="filled" p="sm">
                      <Stack gap="xs">
                        {group.permissions.map((info) => (
                          <Checkbox
                            key={info.key}
                            label={describe(info)}
                            description={info.key}
                            checked={field.value.includes(info.key)}
                            disabled={fixed || !mine.includes(info.key)}
                            onChange={(event) =>
                              field.onChange(
                                event.currentTarget.checked
                                  ? [...field.value, info.key]
                                  : field.value.filter((key) => key !== info.key),
                              )
                            }
                            data-testid={`permission-${info.key}`}
                          />
                        ))}
                      </Stack>
                    </Fieldset>
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          />
          <Stack gap="sm">
            <Text fw={600} component="h3" size="md">
              {t('signInRules')}
            </Text>
            <Checkbox
              label={t('requireTotp')}
              description={t('requireTotpHint')}
              error={errors.requireTotp?.message}
              {...form.register('requireTotp')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('idleMinutes')}
                description={t('idleMinutesHint')}
                inputMode="numeric"
                autoComplete="off"
                error={errors.idleMinutes?.message}
                {...form.register('idleMinutes')}
              />
              <TextInput
                label={t('absoluteMinutes')}
                description={t('absoluteMinutesHint')}
                inputMode="numeric"
                autoComplete="off"
                error={errors.absoluteMinutes?.message}
                {...form.register('absoluteMinutes')}
              />
            </SimpleGrid>
          </Stack>
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {role ? t('save') : t('create')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      {role ? <RoleNetworksSection roleId={role.id} /> : null}
      {role && !role.permissions.includes('staff:manage') && !role.permissions.includes('connection:manage') ? (
        <RoleScopeSection roleId={role.id} />
      ) : null}
    </Dialog>
  );
}
