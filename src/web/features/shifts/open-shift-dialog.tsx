import { Alert, Autocomplete, Button, Group, Select, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { openShiftBodySchema } from '@/contract/shift';
import { describeError } from '../../components/error-message';
import { MoneyInput } from '../../components/money-input';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { centsOf } from '../../lib/money';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { drawerAmount } from './drawer-amount';
import { deskTimeZone, shiftQueries, useOpenShift } from './shift-queries';
import { localShiftMessage } from './shift-request-messages';
import { shiftsMessages } from './shifts-messages';
import './shifts.css';
import { Dialog } from '../../components/dialog';

/**
 * The desk (and sales point) this computer was last opened at: a desk's computer stays at its desk. Not
 * personal data.
 */
const DESK_KEY = 'foyer.shift-desk';
const SALES_POINT_KEY = 'foyer.shift-sales-point';
/** The select's value for a shift at a desk named by hand (a select's values are never empty). */
const NO_SALES_POINT = 'none';

function remembered(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the seller names the desk next time.
  }
}

interface OpenValues {
  salesPoint: string;
  desk: string;
  openingFloat: number | string;
}

/**
 * Desk and opening float; the desk this computer was opened at last is filled in, the organisation's desks are
 * offered (most recently used first), and a new name makes a new desk.
 */
/** `onClose(opened)`: closed, with the shift opened or not. */
export function OpenShiftDialog({ onClose }: { onClose: (opened: boolean) => void }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const options = useQuery(shiftQueries.options());
  const openShift = useOpenShift();
  const salesPoints = options.data?.salesPoints ?? [];
  const atSalesPoint = (value: string) => salesPoints.some((point) => String(point.id) === value);
  const schema = z.object({
    salesPoint: z.string(),
    desk: openShiftBodySchema.shape.desk,
    openingFloat: drawerAmount(t),
  });
  const form = useForm<OpenValues>({
    resolver: localizedResolver(schema, (message) => localShiftMessage(message, t)),
    defaultValues: {
      salesPoint: remembered(SALES_POINT_KEY) || NO_SALES_POINT,
      desk: remembered(DESK_KEY),
      openingFloat: '',
    },
  });
  // The first question once the sales points are known: the dialog opened before they were, and the focus went to
  // the desk's name, under the sales point that appeared above it.
  const { setFocus } = form;
  const hasSalesPoints = salesPoints.length > 0;
  useEffect(() => {
    if (options.isSuccess) setFocus(hasSalesPoints ? 'salesPoint' : 'desk');
  }, [options.isSuccess, hasSalesPoints, setFocus]);
  const submit = form.handleSubmit((values) =>
    openShift.mutate(
      {
        // A remembered sales point that is gone (disabled since) is not sent.
        ...(atSalesPoint(values.salesPoint) ? { salesPointId: Number(values.salesPoint) } : {}),
        desk: values.desk.trim(),
        openingFloatCents: centsOf(values.openingFloat) ?? 0,
        timeZone: deskTimeZone(),
      },
      {
        onSuccess: () => {
          remember(DESK_KEY, values.desk.trim());
          remember(SALES_POINT_KEY, values.salesPoint);
          onClose(true);
        },
        onError: (error) => {
          // The desk is someone else's now: said on the field, in the reader's language.
          if (isApiError(error) && error.kind === 'conflict' && error.fieldErrors.desk) {
            form.setError('desk', { type: 'server', message: t('deskTaken', { desk: values.desk.trim() }) });
            return;
          }
          applyServerFieldErrors(error, ['desk'], form.setError, {
            openingFloatCents: 'openingFloat',
            salesPointId: 'salesPoint',
          });
        },
      },
    ),
  );
  const unplaced =
    openShift.isError && !(isApiError(openShift.error) && Object.keys(openShift.error.fieldErrors).length > 0);
  const { errors } = form.formState;

  return (
    <Dialog
      opened
      onClose={() => onClose(false)}
      title={t('openTitle')}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
        data-testid="open-shift-form"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('openIntro')}
          </Text>
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {isApiError(openShift.error) && openShift.error.kind === 'conflict'
                ? t('alreadyOpen')
                : describeError(openShift.error, app)}
            </Alert>
          ) : null}
          {salesPoints.length > 0 ? (
            <Controller
              control={form.control}
              name="salesPoint"
              render={({ field }) => (
                <Select
                  label={t('salesPoint')}
                  description={t('salesPointHint')}
                  data={[
                    { value: NO_SALES_POINT, label: t('salesPointNone') },
                    ...salesPoints.map((point) => ({
                      value: String(point.id),
                      label: point.usableHere ? point.name : t('salesPointElsewhere', { name: point.name }),
                      disabled: !point.usableHere,
                    })),
                  ]}
                  error={errors.salesPoint?.message}
                  value={atSalesPoint(field.value) ? field.value : NO_SALES_POINT}
                  onChange={(value) => {
                    field.onChange(value ?? NO_SALES_POINT);
                    const point = salesPoints.find((candidate) => String(candidate.id) === value);
                    // At a sales point the desk bears its name.
                    if (point) form.setValue('desk', point.name, { shouldValidate: true });
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  // The first question where there are sales points (a walkthrough's focus skipped it).
                  data-autofocus
                  data-testid="open-shift-sales-point"
                />
              )}
            />
          ) : null}
          <Controller
            control={form.control}
            name="desk"
            render={({ field }) => (
              <Autocomplete
                disabled={atSalesPoint(form.watch('salesPoint'))}
                label={t('desk')}
                description={t('deskHint')}
                required
                data-autofocus={salesPoints.length === 0 || undefined}
                // The last desk's name is filled in: selected, so that typing replaces it ("Kassa 1Bal" before).
                onFocus={(event) => event.currentTarget.select()}
                data={(options.data?.desks ?? []).map((desk) => desk.name)}
                error={errors.desk?.message}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                data-testid="open-shift-desk"
              />
            )}
          />
          <Controller
            control={form.control}
            name="openingFloat"
            render={({ field }) => (
              <MoneyInput
                label={t('openingFloat')}
                description={t('openingFloatHint')}
                required
                error={errors.openingFloat?.message}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                data-testid="open-shift-float"
              />
            )}
          />
          <Group gap="sm">
            <Button type="submit" loading={openShift.isPending} data-testid="open-shift-submit">
              {t('openShift')}
            </Button>
            <Button variant="default" onClick={() => onClose(false)}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
