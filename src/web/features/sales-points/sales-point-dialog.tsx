import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BAUD_RATES, type SalesPoint } from '@/contract/sales-points';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { bodyOf, type SalesPointValues, salesPointFormSchema, valuesOf } from './sales-point-form-model';
import { salesPointQueries, useSaveSalesPoint } from './sales-point-queries';
import { salesPointsMessages } from './sales-points-messages';

type Role = 'receipt' | 'ticket';

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/**
 * A USB printer is chosen with the browser's device picker (WebUSB), here on the administrator's machine: its
 * vendor and product ids are stored, and the seller's browser finds the same model by them.
 */
function UsbPrinterChoice({ role, form }: { role: Role; form: ReturnType<typeof useForm<SalesPointValues>> }) {
  const t = useMessages(salesPointsMessages);
  const [failure, setFailure] = useState<string | null>(null);
  const vendorId = form.watch(`${role}VendorId`);
  const productId = form.watch(`${role}ProductId`);
  const error = form.formState.errors[`${role}VendorId`]?.message ?? failure;
  const choose = async () => {
    setFailure(null);
    try {
      const { pickUsbPrinter } = await import('../printing/public-device');
      const chosen = await pickUsbPrinter();
      form.setValue(`${role}VendorId`, chosen.vendorId, { shouldValidate: form.formState.isSubmitted });
      form.setValue(`${role}ProductId`, chosen.productId, { shouldValidate: form.formState.isSubmitted });
    } catch (cause) {
      setFailure((cause as Error).message);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button variant="default" onClick={() => void choose()} data-testid={`${role}-usb-choose`}>
          {t('usbChoose')}
        </Button>
        <Text size="sm" data-testid={`${role}-usb-chosen`}>
          {vendorId !== null && productId !== null
            ? t('usbChosen', { id: `${hex4(vendorId)}:${hex4(productId)}` })
            : t('usbNone')}
        </Text>
      </Group>
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One printer's fields, shown when the sales point has that printer. */
function PrinterFields({ printer: role, form }: { printer: Role; form: ReturnType<typeof useForm<SalesPointValues>> }) {
  const t = useMessages(salesPointsMessages);
  const { errors } = form.formState;
  const on = form.watch(`${role}Printer`);
  const connection = form.watch(`${role}Connection`);
  const legend = role === 'receipt' ? t('receiptPrinter') : t('ticketPrinter');
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name={`${role}Printer`}
          render={({ field }) => (
            <Switch
              label={t('printerOn', { printer: legend.toLowerCase() })}
              description={role === 'ticket' ? t('ticketHint') : undefined}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              data-testid={`${role}-printer-on`}
            />
          )}
        />
        {on ? (
          <>
            <Controller
              control={form.control}
              name={`${role}Connection`}
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`${role}-connection-label`}>
                    {t('connection')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`${role}-connection-label`}
                    data={[
                      { value: 'network', label: t('connectionNetwork') },
                      { value: 'usb', label: t('connectionUsb') },
                      { value: 'serial', label: t('connectionSerial') },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                    data-testid={`${role}-connection`}
                  />
                  {field.value !== 'network' ? (
                    <Text size="xs" c="dimmed">
                      {t('deviceHint')}
                    </Text>
                  ) : null}
                </Stack>
              )}
            />
            {connection === 'network' ? (
              <Group grow align="flex-start">
                <TextInput
                  label={t('host')}
                  description={t('hostHint')}
                  required
                  {...form.register(`${role}Host`)}
                  error={errors[`${role}Host`]?.message}
                  data-testid={`${role}-host`}
                />
                <Controller
                  control={form.control}
                  name={`${role}Port`}
                  render={({ field }) => (
                    <NumberInput
                      label={t('port')}
                      required
                      min={1}
                      max={65535}
                      // A number out of range stays as typed and the form says why; clamped, 99999 was saved as 65535.
                      clampBehavior="none"
                      allowDecimal={false}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors[`${role}Port`]?.message}
                      data-testid={`${role}-port`}
                    />
                  )}
                />
              </Group>
            ) : connection === 'usb' ? (
              <UsbPrinterChoice role={role} form={form} />
            ) : (
              <Controller
                control={form.control}
                name={`${role}BaudRate`}
                render={({ field }) => (
                  <Select
                    label={t('baudRate')}
                    data={BAUD_RATES.map(String)}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '9600')}
                    error={errors[`${role}BaudRate`]?.message}
                    data-testid={`${role}-baud-rate`}
                  />
                )}
              />
            )}
            <Group grow align="flex-start">
              <Controller
                control={form.control}
                name={`${role}Paper`}
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id={`${role}-paper-label`}>
                      {t('paper')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby={`${role}-paper-label`}
                      data={[
                        { value: '80', label: '80 mm' },
                        { value: '58', label: '58 mm' },
                      ]}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                    />
                  </Stack>
                )}
              />
              <Controller
                control={form.control}
                name={`${role}Language`}
                render={({ field }) => (
                  <Select
                    label={t('language')}
                    data={[
                      { value: 'esc-pos', label: t('languageEscPos') },
                      { value: 'star-prnt', label: t('languageStar') },
                    ]}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'esc-pos')}
                  />
                )}
              />
            </Group>
          </>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** Makes or changes a sales point (`point` null: a new one). */
export function SalesPointDialog({ point, onClose }: { point: SalesPoint | null; onClose: () => void }) {
  const t = useMessages(salesPointsMessages);
  const app = useMessages(appMessages);
  const save = useSaveSalesPoint();
  const methods = useQuery(salesPointQueries.paymentMethods());
  const local = (message: string) => {
    const key = `server:${message}` as Parameters<typeof t>[0];
    return key in salesPointsMessages.en ? t(key) : message;
  };
  const form = useForm<SalesPointValues>({
    resolver: localizedResolver(salesPointFormSchema, local),
    defaultValues: valuesOf(point),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: point?.id ?? null, body: bodyOf(values) },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isApiError(error) && error.kind === 'conflict' && error.fieldErrors.name) {
            form.setError('name', { type: 'server', message: error.fieldErrors.name.join(' ') });
            return;
          }
          applyServerFieldErrors(error, ['name', 'allowedRange', 'cashDrawer'], form.setError);
        },
      },
    ),
  );
  const unplaced = save.isError && !(isApiError(save.error) && Object.keys(save.error.fieldErrors).length > 0);

  return (
    <Dialog
      opened
      onClose={onClose}
      size="lg"
      title={point ? t('editTitle', { name: point.name }) : t('newTitle')}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
        data-testid="sales-point-form"
      >
        <Stack gap="md">
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(save.error, app)}
            </Alert>
          ) : null}
          <TextInput
            label={t('name')}
            description={t('nameHint')}
            required
            data-autofocus
            {...form.register('name')}
            error={errors.name?.message}
            data-testid="sales-point-name"
          />
          <PrinterFields printer="receipt" form={form} />
          <PrinterFields printer="ticket" form={form} />
          <Controller
            control={form.control}
            name="cashDrawer"
            render={({ field }) => (
              <Checkbox
                label={t('cashDrawer')}
                description={t('cashDrawerHint')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={errors.cashDrawer?.message}
                data-testid="sales-point-drawer"
              />
            )}
          />
          <Controller
            control={form.control}
            name="paymentMethodIds"
            render={({ field }) => (
              <MultiSelect
                label={t('paymentMethods')}
                description={methods.isError ? t('paymentMethodsUnavailable') : t('paymentMethodsHint')}
                data={(methods.data ?? []).map((method) => ({
                  value: String(method.paymentMethodId),
                  label: method.name,
                }))}
                value={field.value}
                onChange={field.onChange}
                disabled={!methods.data}
                clearable
              />
            )}
          />
          <TextInput
            label={t('allowedRange')}
            description={t('allowedRangeHint')}
            {...form.register('allowedRange')}
            error={errors.allowedRange?.message}
            data-testid="sales-point-range"
          />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} data-testid="sales-point-save">
              {t('save')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
