import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useCallback } from 'react';
import { CUSTOM_FIELDS } from '@/contract/custom-fields';
import { KNOWN_PREF_KEYS } from '@/contract/customer-prefs';
import {
  SEGMENT_CONDITION_KINDS,
  SEGMENT_MAX_DEPTH,
  type SegmentChoices,
  type SegmentCondition,
  type SegmentConditionKind,
  type SegmentGroup,
  type SegmentNode,
  type SegmentPeriod,
} from '@/contract/segments';
import { MoneyInput } from '../../components/money-input';
import { addDays, isoLocalDate } from '../../lib/format';
import { type Translate, useMessages } from '../../lib/i18n';
import { useCustomFieldLabels } from '../custom-fields/public';
import { segmentsMessages } from './segments-messages';

type T = Translate<keyof (typeof segmentsMessages)['nl']>;

/** A new condition of a kind, with the settings most people start from. */
export function newCondition(kind: SegmentConditionKind): SegmentCondition {
  const yearAgo = isoLocalDate(addDays(new Date(), -365));
  switch (kind) {
    case 'tags':
      return { kind, match: 'any', tags: [] };
    case 'city':
      return { kind, cities: [] };
    case 'zip':
      return { kind, match: 'prefix', values: [] };
    case 'zipRange':
      return { kind, from: '', to: '' };
    case 'country':
      return { kind, countries: ['NL'] };
    case 'custom':
      return { kind, field: 1, match: 'filled' };
    case 'pref':
      return { kind, key: 'user_prefs_optin', on: true };
    case 'orderCount':
      return { kind, period: {}, count: { min: 1 } };
    case 'orderAmount':
      return { kind, period: {}, euros: { min: 100 } };
    case 'production':
      return { kind, productionIds: [] };
    case 'eventType':
      return { kind, eventTypes: [] };
    case 'priceType':
      return { kind, priceNames: [] };
    case 'lastPurchase':
      return { kind, when: 'before', date: yearAgo };
    case 'waitingList':
      return { kind };
    case 'recordDate':
      return { kind, field: 'changed', period: { lastDays: 30 } };
  }
}

interface BuilderProps {
  group: SegmentGroup;
  onChange: (group: SegmentGroup) => void;
  choices: SegmentChoices | undefined;
}

/** The rule as AND/OR groups of conditions, every control a labelled form field (keyboard all the way). */
export function RuleBuilder({ group, onChange, choices }: BuilderProps) {
  return <GroupEditor group={group} onChange={onChange} choices={choices} depth={1} />;
}

function GroupEditor({
  group,
  onChange,
  choices,
  depth,
  onRemove,
}: BuilderProps & { depth: number; onRemove?: () => void }) {
  const t = useMessages(segmentsMessages);
  const setRule = (index: number, rule: SegmentNode) =>
    onChange({ ...group, rules: group.rules.map((current, i) => (i === index ? rule : current)) });
  const removeRule = (index: number) => onChange({ ...group, rules: group.rules.filter((_, i) => i !== index) });
  return (
    <Paper withBorder={depth > 1} p={depth > 1 ? 'sm' : 0} role="group" aria-label={t('groupLabel')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            value={group.match}
            onChange={(match) => onChange({ ...group, match: match as SegmentGroup['match'] })}
            data={[
              { value: 'all', label: t('matchAll') },
              { value: 'any', label: t('matchAny') },
            ]}
            aria-label={t('groupLabel')}
          />
          {onRemove ? (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
              {t('removeGroup')}
            </Button>
          ) : null}
        </Group>
        {group.rules.length === 0 && depth === 1 ? (
          <Text size="sm" c="dimmed">
            {t('everyone')}
          </Text>
        ) : null}
        {group.rules.map((rule, index) =>
          rule.kind === 'group' ? (
            <GroupEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own; their place is it.
              key={index}
              group={rule}
              onChange={(next) => setRule(index, next)}
              choices={choices}
              depth={depth + 1}
              onRemove={() => removeRule(index)}
            />
          ) : (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              key={index}
              condition={rule}
              onChange={(next) => setRule(index, next)}
              onRemove={() => removeRule(index)}
              choices={choices}
            />
          ),
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange({ ...group, rules: [...group.rules, newCondition('tags')] })}
          >
            {t('addCondition')}
          </Button>
          {depth < SEGMENT_MAX_DEPTH ? (
            <Button
              size="xs"
              variant="subtle"
              onClick={() =>
                onChange({
                  ...group,
                  rules: [
                    ...group.rules,
                    { kind: 'group', match: group.match === 'all' ? 'any' : 'all', rules: [newCondition('city')] },
                  ],
                })
              }
            >
              {t('addGroup')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

interface ConditionProps {
  condition: SegmentCondition;
  onChange: (condition: SegmentCondition) => void;
  choices: SegmentChoices | undefined;
}

function ConditionRow({ condition, onChange, onRemove, choices }: ConditionProps & { onRemove: () => void }) {
  const t = useMessages(segmentsMessages);
  return (
    <Paper withBorder p="sm" className="foyer-segment-condition">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('kind')}
          value={condition.kind}
          onChange={(event) => onChange(newCondition(event.currentTarget.value as SegmentConditionKind))}
          data={SEGMENT_CONDITION_KINDS.map((kind) => ({ value: kind, label: t(`kind:${kind}`) }))}
          w={220}
        />
        <ConditionFields condition={condition} onChange={onChange} choices={choices} />
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={t('removeCondition')}>
          ×
        </ActionIcon>
      </Group>
    </Paper>
  );
}

const options = <V extends string>(t: T, prefix: string, values: readonly V[]) =>
  values.map((value) => ({ value, label: t(`${prefix}:${value}` as Parameters<T>[0]) }));

/** A number input's value as a number, or undefined when empty. */
const numberOrUndefined = (value: string | number) => (value === '' ? undefined : Number(value));

function ConditionFields({ condition, onChange, choices }: ConditionProps) {
  const t = useMessages(segmentsMessages);
  // The custom fields by the names the organisation gave them.
  const customLabels = useCustomFieldLabels(useCallback((n: number) => t('customFieldN', { n }), [t]));
  switch (condition.kind) {
    case 'tags':
      return (
        <>
          <NativeSelect
            label={t('tagsMatch')}
            value={condition.match}
            onChange={(e) => onChange({ ...condition, match: e.currentTarget.value as typeof condition.match })}
            data={options(t, 'tags', ['any', 'all', 'none'] as const)}
          />
          <MultiSelect
            label={t('tags')}
            data={choices?.tags ?? []}
            value={condition.tags}
            onChange={(tags) => onChange({ ...condition, tags })}
            searchable
            miw={240}
          />
        </>
      );
    case 'city':
      return (
        <TagsInput
          label={t('cities')}
          description={t('citiesHint')}
          value={condition.cities}
          onChange={(cities) => onChange({ ...condition, cities })}
          miw={260}
        />
      );
    case 'zip':
      return (
        <>
          <NativeSelect
            label={t('zipMatch')}
            value={condition.match}
            onChange={(e) => onChange({ ...condition, match: e.currentTarget.value as typeof condition.match })}
            data={options(t, 'zip', ['equals', 'prefix'] as const)}
          />
          <TagsInput
            label={t('zipValues')}
            value={condition.values}
            onChange={(values) => onChange({ ...condition, values })}
            miw={200}
          />
        </>
      );
    case 'zipRange':
      return (
        <>
          <TextInput
            label={t('zipFrom')}
            value={condition.from}
            maxLength={4}
            inputMode="numeric"
            onChange={(e) => onChange({ ...condition, from: e.currentTarget.value.trim() })}
            w={100}
          />
          <TextInput
            label={t('zipTo')}
            value={condition.to}
            maxLength={4}
            inputMode="numeric"
            onChange={(e) => onChange({ ...condition, to: e.currentTarget.value.trim() })}
            w={100}
          />
        </>
      );
    case 'country':
      return (
        <TagsInput
          label={t('countries')}
          description={t('countriesHint')}
          value={condition.countries}
          onChange={(countries) => onChange({ ...condition, countries })}
          miw={200}
        />
      );
    case 'custom':
      return (
        <>
          <NativeSelect
            label={t('customField')}
            value={String(condition.field)}
            onChange={(e) => onChange({ ...condition, field: Number(e.currentTarget.value) as typeof condition.field })}
            data={CUSTOM_FIELDS.map((field, index) => ({ value: String(index + 1), label: customLabels[field] }))}
          />
          <NativeSelect
            label={t('customMatch')}
            value={condition.match}
            onChange={(e) => onChange({ ...condition, match: e.currentTarget.value as typeof condition.match })}
            data={options(t, 'custom', ['equals', 'contains', 'empty', 'filled'] as const)}
          />
          {condition.match === 'equals' || condition.match === 'contains' ? (
            <TextInput
              label={t('value')}
              value={condition.value ?? ''}
              onChange={(e) => onChange({ ...condition, value: e.currentTarget.value })}
            />
          ) : null}
        </>
      );
    case 'pref':
      return (
        <>
          <NativeSelect
            label={t('prefKey')}
            value={condition.key}
            onChange={(e) => onChange({ ...condition, key: e.currentTarget.value as typeof condition.key })}
            data={options(t, 'pref', KNOWN_PREF_KEYS)}
          />
          <NativeSelect
            label={t('prefState')}
            value={condition.on ? 'on' : 'off'}
            onChange={(e) => onChange({ ...condition, on: e.currentTarget.value === 'on' })}
            data={[
              { value: 'on', label: t('prefOn') },
              { value: 'off', label: t('prefOff') },
            ]}
          />
        </>
      );
    case 'orderCount':
      return (
        <>
          <PeriodFields period={condition.period} onChange={(period) => onChange({ ...condition, period })} />
          <NumberInput
            label={t('min')}
            min={0}
            allowDecimal={false}
            value={condition.count.min ?? ''}
            onChange={(v) => onChange({ ...condition, count: { ...condition.count, min: numberOrUndefined(v) } })}
            w={110}
          />
          <NumberInput
            label={t('max')}
            min={0}
            allowDecimal={false}
            value={condition.count.max ?? ''}
            onChange={(v) => onChange({ ...condition, count: { ...condition.count, max: numberOrUndefined(v) } })}
            w={110}
          />
        </>
      );
    case 'orderAmount':
      return (
        <>
          <PeriodFields period={condition.period} onChange={(period) => onChange({ ...condition, period })} />
          <MoneyInput
            label={t('minEuros')}
            thousands
            allowNegative={false}
            value={condition.euros.min ?? ''}
            onChange={(v) => onChange({ ...condition, euros: { ...condition.euros, min: numberOrUndefined(v) } })}
            w={130}
          />
          <MoneyInput
            label={t('maxEuros')}
            thousands
            allowNegative={false}
            value={condition.euros.max ?? ''}
            onChange={(v) => onChange({ ...condition, euros: { ...condition.euros, max: numberOrUndefined(v) } })}
            w={130}
          />
        </>
      );
    case 'production':
      return (
        <>
          <MultiSelect
            label={t('productions')}
            data={(choices?.productions ?? []).map((p) => ({ value: String(p.productionId), label: p.title }))}
            value={condition.productionIds.map(String)}
            onChange={(ids) => onChange({ ...condition, productionIds: ids.map(Number) })}
            searchable
            miw={280}
          />
          <PeriodFields period={condition.period ?? {}} onChange={(period) => onChange({ ...condition, period })} />
        </>
      );
    case 'eventType':
      return (
        <>
          <MultiSelect
            label={t('eventTypes')}
            data={choices?.eventTypes ?? []}
            value={condition.eventTypes}
            onChange={(eventTypes) => onChange({ ...condition, eventTypes })}
            miw={220}
          />
          <PeriodFields period={condition.period ?? {}} onChange={(period) => onChange({ ...condition, period })} />
        </>
      );
    case 'priceType':
      return (
        <>
          <TagsInput
            label={t('priceNames')}
            data={choices?.priceNames ?? []}
            value={condition.priceNames}
            onChange={(priceNames) => onChange({ ...condition, priceNames })}
            miw={240}
          />
          <PeriodFields period={condition.period ?? {}} onChange={(period) => onChange({ ...condition, period })} />
        </>
      );
    case 'lastPurchase':
      return (
        <>
          <NativeSelect
            label={t('lastPurchaseWhen')}
            value={condition.when}
            onChange={(e) => onChange({ ...condition, when: e.currentTarget.value as typeof condition.when })}
            data={options(t, 'lastPurchase', ['before', 'onOrAfter'] as const)}
          />
          <TextInput
            type="date"
            label={t('date')}
            value={condition.date}
            onChange={(e) => onChange({ ...condition, date: e.currentTarget.value })}
          />
        </>
      );
    case 'waitingList':
      return (
        <>
          <MultiSelect
            label={t('waitingProductions')}
            data={(choices?.productions ?? []).map((p) => ({ value: String(p.productionId), label: p.title }))}
            value={(condition.productionIds ?? []).map(String)}
            onChange={(ids) =>
              onChange({
                kind: 'waitingList',
                stillWaiting: condition.stillWaiting,
                ...(ids.length ? { productionIds: ids.map(Number) } : {}),
              })
            }
            searchable
            miw={260}
          />
          <Checkbox
            label={t('stillWaiting')}
            checked={condition.stillWaiting ?? false}
            onChange={(e) => onChange({ ...condition, stillWaiting: e.currentTarget.checked })}
            mb={8}
          />
        </>
      );
    case 'recordDate':
      return (
        <>
          <NativeSelect
            label={t('recordField')}
            value={condition.field}
            onChange={(e) => onChange({ ...condition, field: e.currentTarget.value as typeof condition.field })}
            data={options(t, 'record', ['created', 'changed'] as const)}
          />
          <PeriodFields period={condition.period} onChange={(period) => onChange({ ...condition, period })} />
        </>
      );
  }
}

type PeriodKind = 'all' | 'range' | 'last';

const periodKindOf = (period: SegmentPeriod): PeriodKind =>
  period.lastDays !== undefined ? 'last' : period.from || period.to ? 'range' : 'all';

/** A period: all time, between two dates, or the last N days. */
function PeriodFields({ period, onChange }: { period: SegmentPeriod; onChange: (period: SegmentPeriod) => void }) {
  const t = useMessages(segmentsMessages);
  const kind = periodKindOf(period);
  const year = new Date().getFullYear();
  return (
    <>
      <NativeSelect
        label={t('period')}
        value={kind}
        onChange={(e) => {
          const next = e.currentTarget.value as PeriodKind;
          onChange(
            next === 'all' ? {} : next === 'last' ? { lastDays: 365 } : { from: `${year}-01-01`, to: `${year}-12-31` },
          );
        }}
        data={options(t, 'period', ['all', 'range', 'last'] as const)}
      />
      {kind === 'range' ? (
        <>
          <TextInput
            type="date"
            label={t('from')}
            value={period.from ?? ''}
            onChange={(e) => onChange({ ...period, from: e.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t('to')}
            value={period.to ?? ''}
            onChange={(e) => onChange({ ...period, to: e.currentTarget.value || undefined })}
          />
        </>
      ) : null}
      {kind === 'last' ? (
        <NumberInput
          label={t('lastDays')}
          min={1}
          allowDecimal={false}
          value={period.lastDays ?? ''}
          onChange={(v) => onChange({ lastDays: numberOrUndefined(v) ?? 1 })}
          w={120}
        />
      ) : null}
    </>
  );
}
