import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CUSTOM_FIELDS, type CustomField } from '@/contract/custom-fields';
import type { BuyerSummary } from '@/contract/customer-search';
import { describeError } from '../../components/error-message';
import { IconAlert } from '../../components/icons/status-icons';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { type Customer, customerName } from '../../lib/schemas/customer';
import { useCustomFieldLabels } from '../custom-fields/public';
import {
  type CustomerFormField,
  type CustomerFormValues,
  createBody,
  customerFormSchema,
  customerFormValues,
  emptyCustomerForm,
  FIELD_MAX,
  isRequired,
  updateBody,
} from './customer-form-schema';
import { createCustomer, customerKeys, findCustomerByEmail, updateCustomer } from './customer-queries';
import { customersMessages } from './customers-messages';
import { LikelyDuplicatesNotice } from './likely-duplicates-notice';
import { useLikelyDuplicates } from './use-likely-duplicates';

export interface CustomerFormProps {
  /** The customer to edit; absent to create one. */
  customer?: Customer;
  /** Quick create (the picker): the fields needed at a desk only. */
  compact?: boolean;
  /** Values to start a new customer with (what was typed in the picker). */
  defaults?: Partial<CustomerFormValues>;
  onSaved: (customer: Customer) => void;
  onCancel?: () => void;
  /** When given, a duplicate (the email taken, or a likely one) offers to choose that customer instead of a link. */
  onUseExisting?: (customer: BuyerSummary) => void;
  /** Told whenever the form gains or loses unsaved changes. */
  onDirtyChange?: (dirty: boolean) => void;
  autoFocus?: boolean;
}

type Translate = ReturnType<typeof useMessages<keyof typeof customersMessages.nl>>;

function fieldLabels(t: Translate, custom: Record<CustomField, string>): Record<CustomerFormField, string> {
  return {
    email: t('email'),
    customerSalutation: t('salutation'),
    customerFirstName: t('firstName'),
    customerPreposition: t('preposition'),
    customerLastName: t('lastName'),
    customerAddress: t('street'),
    customerHouseNr: t('houseNr'),
    customerZip: t('zip'),
    customerCity: t('city'),
    customerCountry: t('country'),
    customerPhone: t('phone'),
    customerCredit: t('credit'),
    customerExternalId: t('externalId'),
    ...custom,
  };
}

const isFormField = (field: string): field is CustomerFormField => field in FIELD_MAX || field === 'customerCredit';

/**
 * Create or edit a customer. The zod schema checks the 2.7 constraints as the person types (after the first
 * submit); the service's 422 lands on the same fields; a duplicate email names the customer who has it.
 * The typed input is never lost on an error, and a save cannot be sent twice.
 */
export function CustomerForm({
  customer,
  compact = false,
  defaults,
  onSaved,
  onCancel,
  onUseExisting,
  onDirtyChange,
  autoFocus = false,
}: CustomerFormProps) {
  const t = useMessages(customersMessages);
  const tApp = useMessages(appMessages);
  const queryClient = useQueryClient();
  // The custom fields by the names the organisation gave them.
  const customLabels = useCustomFieldLabels(useCallback((n: number) => t('custom', { n }), [t]));
  const labels = fieldLabels(t, customLabels);
  // The starting point is fixed when the form opens (a refetch must not overwrite what is being typed) and
  // moves to the saved values after each save.
  const [initial, setInitial] = useState<CustomerFormValues>(() =>
    customer ? customerFormValues(customer) : { ...emptyCustomerForm(), ...defaults },
  );
  const schema = useMemo(
    () =>
      customerFormSchema(
        {
          required: t('ruleRequired'),
          tooLong: (max) => t('ruleTooLong', { max }),
          singleCharacter: t('ruleSingleCharacter'),
          email: t('ruleEmail'),
          phone: t('rulePhone'),
          credit: t('ruleCredit'),
          creditRange: t('ruleCreditRange'),
        },
        customer ? initial : undefined,
      ),
    [t, customer, initial],
  );
  const form = useForm<CustomerFormValues>({
    defaultValues: initial,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setError } = form;
  const [duplicate, setDuplicate] = useState<Customer | null>(null);
  // Creating only: an edited customer is one already, and the review queue pairs them after the save.
  const likelyDuplicates = useLikelyDuplicates(form.control, !customer);
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async (values: CustomerFormValues): Promise<Customer | null> => {
      if (!customer) return createCustomer(createBody(values));
      const body = updateBody(initial, values);
      if (Object.keys(body).length === 0) return null;
      return updateCustomer(customer.customerId, body);
    },
    onSuccess: (saved, values) => {
      if (!saved) {
        setNotice(t('noChanges'));
        return;
      }
      queryClient.setQueryData(customerKeys.detail(saved.customerId), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.byEmails() });
      // The gateway wrote the saved customer into its copy before it answered: searches find it as it is now.
      void queryClient.invalidateQueries({ queryKey: customerKeys.searches() });
      const next = customer ? customerFormValues(saved) : values;
      setInitial(next);
      form.reset(next);
      onDirtyChange?.(false);
      onSaved(saved);
    },
    onError: async (error, values) => {
      if (!isApiError(error) || error.kind !== 'validation') return;
      let first = true;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        if (!isFormField(field)) continue;
        setError(
          field as FieldPath<CustomerFormValues>,
          { type: 'server', message: messages.join(' ') },
          {
            shouldFocus: first,
          },
        );
        first = false;
      }
      if (error.fieldErrors.email) {
        // The service says only that the email is taken; find out by whom, so the person can go there.
        const owner = await findCustomerByEmail(values.email).catch(() => null);
        if (owner && owner.customerId !== customer?.customerId) {
          setDuplicate(owner);
          setError('email', { type: 'server', message: t('duplicateEmail', { name: customerName(owner) }) });
        }
      }
    },
  });

  const submit = handleSubmit((values) => {
    if (mutation.isPending) return;
    setDuplicate(null);
    setNotice(null);
    mutation.mutate(values);
  });

  const dirty = formState.isDirty;
  // biome-ignore lint/correctness/useExhaustiveDependencies: tell the parent only when dirtiness changes
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty]);

  const fieldError = (field: CustomerFormField) => formState.errors[field]?.message;
  // With autoFocus the typing starts in the first name field, or in the email when the name came along
  // (the box office creates a customer from the name typed into its search).
  const focusField: CustomerFormField | null = !autoFocus
    ? null
    : initial.customerFirstName.trim() && initial.customerLastName.trim() && !initial.email.trim()
      ? 'email'
      : 'customerFirstName';
  const input = (
    field: CustomerFormField,
    extra: {
      description?: string;
      required?: boolean;
      autoComplete?: string;
      inputMode?: 'tel' | 'decimal' | 'email';
      type?: string;
      autoFocus?: boolean;
    } = {},
  ) => (
    <TextInput
      key={field}
      label={labels[field]}
      {...register(field)}
      error={fieldError(field)}
      description={extra.description}
      withAsterisk={extra.required ?? isRequired(field, customer ? initial : undefined)}
      autoComplete={extra.autoComplete ?? 'off'}
      inputMode={extra.inputMode}
      type={extra.type ?? 'text'}
      autoFocus={extra.autoFocus}
      // In a modal (the box office's new customer) Mantine's focus trap would start on the close button.
      data-autofocus={extra.autoFocus || undefined}
      data-testid={`field-${field}`}
    />
  );

  const unmatchedServerErrors =
    isApiError(mutation.error) && mutation.error.kind === 'validation'
      ? Object.entries(mutation.error.fieldErrors).filter(([field]) => !isFormField(field))
      : [];
  const failure =
    mutation.isError && (!isApiError(mutation.error) || mutation.error.kind !== 'validation')
      ? describeError(mutation.error, tApp)
      : null;
  const hasErrors = Object.keys(formState.errors).length > 0;

  return (
    <form
      // The picker shows this form in a modal, possibly inside another form (checkout): the submit event
      // would travel on to that form through React's tree, so it stops here.
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.stopPropagation();
        // Any attempt ends an earlier notice ("nothing changed"), also one that stops at the validation:
        // it would stand next to "check the marked fields" and say the opposite.
        setNotice(null);
        void submit(event);
      }}
      // Typing makes "nothing changed" untrue as well (change events of the fields bubble up to here).
      onChange={() => setNotice(null)}
      noValidate
      aria-label={customer ? t('editTitle', { name: customerName(customer) }) : t('createTitle')}
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {t('saveFailed', { message: failure })}
          </Alert>
        ) : null}
        {hasErrors && formState.submitCount > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="form-errors">
            {t('fixFields')}
            {unmatchedServerErrors.map(([field, messages]) => (
              <Text key={field} size="sm">
                {messages.join(' ')}
              </Text>
            ))}
          </Alert>
        ) : null}
        {notice ? (
          <Alert color="blue" variant="light" role="status">
            {notice}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: compact ? 2 : 3 }} spacing="sm">
          {compact ? null : input('customerSalutation', { description: t('salutationHint') })}
          {input('customerFirstName', { autoComplete: 'off', autoFocus: focusField === 'customerFirstName' })}
          {input('customerPreposition')}
          {input('customerLastName')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            {input('email', { type: 'email', inputMode: 'email', autoFocus: focusField === 'email' })}
            {duplicate ? (
              <Group gap="xs" data-testid="duplicate-email">
                {onUseExisting ? (
                  <Button size="xs" variant="light" onClick={() => onUseExisting(duplicate)}>
                    {t('useExisting', { name: customerName(duplicate) })}
                  </Button>
                ) : (
                  <Anchor component={Link} to={`/customers/${duplicate.customerId}`} size="sm">
                    {t('openExisting', { name: customerName(duplicate) })}
                  </Anchor>
                )}
              </Group>
            ) : null}
          </Stack>
          {input('customerPhone', { type: 'tel', inputMode: 'tel', description: t('phoneHint') })}
        </SimpleGrid>
        {/* Under the email and phone, which most often find one, in view as they are typed. */}
        {customer ? null : (
          <LikelyDuplicatesNotice
            // The one whose email the service refused is named under the email already.
            matches={likelyDuplicates.matches.filter((match) => match.customerId !== duplicate?.customerId)}
            draft={likelyDuplicates.draft}
            onUseExisting={onUseExisting}
          />
        )}
        {compact ? null : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {input('customerAddress')}
              {input('customerHouseNr')}
              {input('customerZip')}
              {input('customerCity')}
              {input('customerCountry')}
              {input('customerCredit', { inputMode: 'decimal', description: t('creditHint') })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {input('customerExternalId')}
              {CUSTOM_FIELDS.map((field) => input(field))}
            </SimpleGrid>
          </>
        )}
        <Group gap="sm">
          <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending}>
            {customer ? t('save') : t('create')}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
