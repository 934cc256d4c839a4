import { Anchor, Paper, Skeleton, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LeaveGuard } from '../../components/leave-guard';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { customerName } from '../../lib/schemas/customer';
import { CustomerForm } from './customer-form';
import { customerQueries } from './customer-queries';
import { customersMessages } from './customers-messages';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through a dialog, closing or reloading
 * the tab through the browser's own prompt.
 */
function useUnsavedChanges() {
  const [dirty, setDirtyState] = useState(false);
  // The blocker reads a ref: after a save the page navigates at once, before a re-render could tell it.
  const dirtyRef = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  return { dirty, dirtyRef, setDirty };
}

function UnsavedChangesGuard({ dirty, dirtyRef }: { dirty: boolean; dirtyRef: RefObject<boolean> }) {
  const t = useMessages(customersMessages);
  return (
    <LeaveGuard
      active={dirty}
      activeRef={dirtyRef}
      texts={{ title: t('unsavedTitle'), text: t('unsavedText'), leave: t('unsavedLeave'), stay: t('unsavedStay') }}
    />
  );
}

export function NewCustomerPage() {
  const t = useMessages(customersMessages);
  const navigate = useNavigate();
  const { dirty, dirtyRef, setDirty } = useUnsavedChanges();
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('backToList')}
      </Anchor>
      <Title order={1}>{t('createTitle')}</Title>
      <Paper withBorder radius="md" p="md">
        <CustomerForm
          autoFocus
          onDirtyChange={setDirty}
          onSaved={(customer) => {
            setDirty(false);
            void notify({ color: 'teal', message: t('created') });
            void navigate(`/customers/${customer.customerId}`);
          }}
          onCancel={() => void navigate('/customers')}
        />
      </Paper>
      <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
    </Stack>
  );
}

export function EditCustomerPage() {
  const t = useMessages(customersMessages);
  const navigate = useNavigate();
  const { customerId: param } = useParams();
  const customerId = Number(param);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const query = useQuery({ ...customerQueries.detail(customerId), enabled: valid });
  const { dirty, dirtyRef, setDirty } = useUnsavedChanges();

  if (!valid || (isApiError(query.error) && query.error.kind === 'notFound')) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title={t('customerNotFound', { id: param ?? '' })} />
      </Paper>
    );
  }
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton h={400} />;
  const customer = query.data;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={`/customers/${customer.customerId}`} size="sm">
        {customerName(customer) || customer.email}
      </Anchor>
      <Title order={1}>{t('editTitle', { name: customerName(customer) || customer.email })}</Title>
      <Paper withBorder radius="md" p="md">
        <CustomerForm
          customer={customer}
          onDirtyChange={setDirty}
          onSaved={(saved) => {
            setDirty(false);
            void notify({ color: 'teal', message: t('saved') });
            void navigate(`/customers/${saved.customerId}`);
          }}
          onCancel={() => void navigate(`/customers/${customer.customerId}`)}
        />
      </Paper>
      <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
    </Stack>
  );
}
