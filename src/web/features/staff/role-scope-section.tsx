import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { promoterProductionsSchema } from '@/contract/promoter';
import { type RoleScope, type RoleScopeAnswer, roleScopeAnswerSchema } from '@/contract/role-scopes';
import { describeError } from '../../components/error-message';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { staffMessages } from './staff-messages';
import { staffKeys } from './staff-queries';

const scopeKey = (roleId: number) => [...staffKeys.roles(), roleId, 'scope'] as const;

/**
 * A role's scope (issue 33 item 3): the productions its people see, or every event. Saved on its own, apart
 * from the role's form: a promoter's role is an ordinary role with a scope added.
 */
export function RoleScopeSection({ roleId }: { roleId: number }) {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const queryClient = useQueryClient();
  const scope = useQuery({
    queryKey: scopeKey(roleId),
    queryFn: ({ signal }) => apiClient.get(`/api/roles/${roleId}/scope`, { schema: roleScopeAnswerSchema, signal }),
  });
  const productions = useQuery({
    queryKey: [...staffKeys.all, 'productions'] as const,
    queryFn: ({ signal }) => apiClient.get('/api/promoter/productions', { schema: promoterProductionsSchema, signal }),
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const saved = scope.data?.scope?.productionIds.map(String) ?? [];
  const value = chosen ?? saved;
  const save = useMutation({
    mutationFn: (next: RoleScope | null): Promise<RoleScopeAnswer> =>
      next
        ? apiClient.put(`/api/roles/${roleId}/scope`, { schema: roleScopeAnswerSchema, body: next })
        : apiClient.delete(`/api/roles/${roleId}/scope`, { schema: ignoredAnswer }).then(() => ({ scope: null })),
    onSuccess: () => {
      setChosen(null);
      return queryClient.invalidateQueries({ queryKey: scopeKey(roleId) });
    },
  });
  const keptEvents = scope.data?.scope?.eventIds ?? [];
  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby={`role-scope-${roleId}`} data-testid="role-scope">
      <Text fw={600} component="h3" size="md" id={`role-scope-${roleId}`}>
        {t('scopeTitle')}
      </Text>
      <MultiSelect
        label={t('scopeProductions')}
        description={t('scopeHint')}
        placeholder={value.length === 0 ? t('scopeEverything') : undefined}
        data={(productions.data?.productions ?? []).map((production) => ({
          value: String(production.productionId),
          label: production.title,
        }))}
        value={value}
        onChange={setChosen}
        searchable
        clearable
        disabled={scope.isPending || productions.isError}
        maw={560}
      />
      {productions.isError || save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(productions.error ?? save.error, app)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button
          variant="default"
          loading={save.isPending}
          disabled={chosen === null}
          onClick={() =>
            save.mutate(
              value.length > 0 || keptEvents.length > 0
                ? { productionIds: value.map(Number), eventIds: keptEvents }
                : null,
            )
          }
        >
          {t('scopeSave')}
        </Button>
        {/* Said once saved, with what it means for the role's people: the button only went grey. */}
        {save.isSuccess && chosen === null ? (
          <Text size="sm" className="foyer-success-text" role="status" data-testid="role-scope-saved">
            {save.data?.scope
              ? t('scopeSavedSome', { count: save.data.scope.productionIds.length })
              : t('scopeSavedAll')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
