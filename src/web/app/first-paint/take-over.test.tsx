import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { takeOverFirstScreen } from './take-over';

function Form({ seen }: { seen: string[] }) {
  const [name, setName] = useState('');
  return (
    <input
      name="clientName"
      value={name}
      onChange={(event) => {
        seen.push(event.currentTarget.value);
        setName(event.currentTarget.value);
      }}
    />
  );
}

describe('taking over the prerendered first screen', () => {
  const container = document.createElement('div');
  afterEach(() => {
    container.replaceChildren();
    container.remove();
  });

  it('replaces it, keeping what was typed into its fields (through onChange) and the focus', () => {
    document.body.append(container);
    container.innerHTML = '<form><input name="clientName" value=""><input name="apiKey" value=""></form>';
    const typed = container.querySelector<HTMLInputElement>('input[name="clientName"]');
    if (!typed) throw new Error('no input');
    typed.value = 'demo';
    typed.focus();
    const seen: string[] = [];
    const root = createRoot(container);
    takeOverFirstScreen(container, () => flushSync(() => root.render(<Form seen={seen} />)));
    const input = container.querySelector<HTMLInputElement>('input[name="clientName"]');
    expect(input).not.toBe(typed);
    expect(input?.value).toBe('demo');
    expect(seen).toEqual(['demo']);
    expect(document.activeElement).toBe(input);
    expect(container.querySelectorAll('input')).toHaveLength(1);
    flushSync(() => root.unmount());
  });
});
