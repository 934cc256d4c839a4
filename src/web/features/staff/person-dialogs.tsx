import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { appMessages } from '../../app/messages';
import { describeError } from '../../components/error-message';
import { useMessages } from '../../lib/i18n';
import { IssuedLinkView } from './issued-link';
import { localServerError } from './server-messages';
import { staffMessages } from './staff-messages';
import { useChangeStaff } from './staff-mutations';
import type { IssuedLink, StaffMember } from './staff-queries';

/** Disabling ends every session of the person at once: said before it happens, confirmed with a red button. */
export function DisableDialog({
  person,
  onClose,
  onDisabled,
}: {
  person: StaffMember;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const change = useChangeStaff();
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('close') }}
      onClose={onClose}
      title={t('disableTitle', { name: person.name })}
    >
      <Stack gap="md" data-testid="disable-dialog">
        <Text size="sm">{t('disableText', { name: person.name })}</Text>
        {change.isError ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(localServerError(change.error, t), app)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            color="red"
            loading={change.isPending}
            onClick={() => change.mutate({ id: person.id, disabled: true }, { onSuccess: onDisabled })}
          >
            {t('disableConfirm')}
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A reset link or a renewed invitation, just issued. */
export function LinkDialog({ issued, onClose }: { issued: { link: IssuedLink; name: string }; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const title =
    issued.link.kind === 'reset'
      ? t('linkResetTitle', { name: issued.name })
      : t('linkInviteTitle', { name: issued.name });
  return (
    <Modal opened closeButtonProps={{ 'aria-label': t('close') }} onClose={onClose} title={title}>
      <IssuedLinkView link={issued.link} name={issued.name} onClose={onClose} />
    </Modal>
  );
}
