import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SegmentGroup } from '@/contract/segments';
import { renderWithApp } from '@/web/testing/render';
import { newCondition, RuleBuilder } from './rule-builder';

let held: SegmentGroup | null = null;

function Builder() {
  const [group, setGroup] = useState<SegmentGroup>({
    kind: 'group',
    match: 'all',
    rules: [newCondition('orderAmount')],
  });
  held = group;
  return <RuleBuilder group={group} onChange={setGroup} choices={undefined} />;
}

describe('the rule builder', () => {
  it('reads an amount as the Dutch write it: "1.500,00" is fifteen hundred euros, not 1.50', async () => {
    renderWithApp(
      <QueryClientProvider client={new QueryClient()}>
        <Builder />
      </QueryClientProvider>,
    );
    const least = screen.getByRole('textbox', { name: 'Minstens' });
    await userEvent.clear(least);
    await userEvent.type(least, '1.500,00');
    await userEvent.tab();
    expect(least).toHaveValue('€ 1.500,00');
    expect(held?.rules[0]).toMatchObject({ kind: 'orderAmount', euros: { min: 1500 } });
  });
});
