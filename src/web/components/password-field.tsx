import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import '@mantine/core/styles/PasswordInput.css';
import { forwardRef } from 'react';

/**
 * Mantine's PasswordInput, marked invalid for assistive technology while it shows an error: it marks its inner
 * field only with `data-invalid`, so a screen reader heard "Gebruik minstens 12 tekens" without the field being
 * announced as invalid, where every other field of the app is.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  return <PasswordInput ref={ref} aria-invalid={props.error ? true : undefined} {...props} />;
});
