import { ActionIcon, Button } from '@mantine/core';
import { IconLogout } from '../../components/icons/shell-icons';
import { useMessages } from '../../lib/i18n';
import { shellMessages } from './shell-messages';

interface SignOutButtonProps {
  onSignOut: () => void;
  pending: boolean;
}

/**
 * "Sign out" with its text from Mantine's `sm` breakpoint up; below it, where the header has no room for the
 * text, the icon alone, named by aria-label and explained on hover by `title` (as the other icon buttons of
 * the header: no popover code in the first load). Mantine's responsive classes, not a width check in JS, pick
 * one: the prerendered first paint draws the same as the app, and the hidden one is out of the tab order.
 */
export function SignOutButton({ onSignOut, pending }: SignOutButtonProps) {
  const t = useMessages(shellMessages);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLogout size={16} />}
        onClick={onSignOut}
        loading={pending}
        className="foyer-touch-target"
        visibleFrom="sm"
      >
        {t('signOut')}
      </Button>
      <ActionIcon
        variant="default"
        size={34}
        onClick={onSignOut}
        loading={pending}
        aria-label={t('signOut')}
        title={t('signOut')}
        className="foyer-touch-target"
        hiddenFrom="sm"
      >
        <IconLogout size={16} />
      </ActionIcon>
    </>
  );
}
