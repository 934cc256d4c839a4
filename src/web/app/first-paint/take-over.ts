/** A field of the prerendered screen the visitor has already filled in (or the browser's autofill has). */
interface FilledField {
  name: string;
  value: string;
}

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Replaces the prerendered first screen in `container` by the app's render (`render`, which must commit
 * synchronously), carrying over what the visitor did there in the meantime: text typed into its fields
 * (matched by name) and which field had the focus. Without this a quick visitor, or a password manager,
 * would see their input vanish when the app starts.
 */
export function takeOverFirstScreen(container: HTMLElement, render: () => void): void {
  const filled: FilledField[] = [...container.querySelectorAll('input')]
    .filter((input) => input.name !== '' && input.value !== input.defaultValue)
    .map((input) => ({ name: input.name, value: input.value }));
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && container.contains(active) ? active.name : null;

  render();

  const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  for (const { name, value } of filled) {
    const input = field(name);
    if (!input || input.value === value || !setInputValue) continue;
    // Through the element's own setter and an input event, the way typing does, so React's onChange sees it.
    setInputValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focused) field(focused)?.focus();
}
