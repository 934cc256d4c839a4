import { Modal, type ModalProps } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useEffect, useRef } from 'react';
import { defineMessages, useMessages } from '../lib/i18n';

const messages = defineMessages({ close: 'Sluiten' }, { close: 'Close' });

/**
 * The app's dialog: Mantine's Modal, with two things every dialog needs.
 *
 * - The focus goes back to what opened it, however it closes. Modal returns it only when `opened` turns false;
 *   most dialogs here are rendered while open and removed on closing, and the focus then fell to the page: a
 *   keyboard user who pressed Escape on "Naam wijzigen" started again from "Naar inhoud".
 * - Its close button (✕) has a name ("Sluiten"), unless the dialog gives its own.
 */
export function Dialog({ closeButtonProps, ...props }: ModalProps) {
  const t = useMessages(messages);
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  // Read while rendering the opening: the focus is still on what opened it, before the dialog takes it.
  const focused = document.activeElement;
  if (props.opened && !wasOpened.current && focused instanceof HTMLElement && focused !== document.body) {
    opener.current = focused;
  }
  wasOpened.current = props.opened;

  useEffect(
    () => () => {
      if (wasOpened.current) returnFocus(opener.current);
    },
    [],
  );

  return <Modal closeButtonProps={{ 'aria-label': t('close'), ...closeButtonProps }} {...props} />;
}

/**
 * Back to `opener` once the dialog is gone, when the focus went with it (it is on the page itself) and the opener
 * is still there. A dialog closed while it stays rendered (`opened` false) needs none of it: Modal returns the focus.
 */
function returnFocus(opener: HTMLElement | null) {
  setTimeout(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && opener?.isConnected) opener.focus();
  });
}
