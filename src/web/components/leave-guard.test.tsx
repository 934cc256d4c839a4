import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { LeaveGuard } from './leave-guard';

const texts = { title: 'Nog bezig', text: 'Weggaan stopt het.', leave: 'Weggaan', stay: 'Blijven' };

function Busy({ active }: { active: boolean }) {
  return (
    <>
      <LeaveGuard active={active} texts={texts} />
      <Link to="/elsewhere">Elders</Link>
    </>
  );
}

describe('LeaveGuard', () => {
  it('asks before another page opens while active: staying stays, leaving leaves', async () => {
    const { router } = renderWithApp(<Busy active />, { url: '/customers' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    expect(await screen.findByRole('dialog', { name: 'Nog bezig' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Blijven' }));
    expect(router.state.location.pathname).toBe('/customers');
    await user.click(screen.getByRole('link', { name: 'Elders' }));
    await user.click(await screen.findByRole('button', { name: 'Weggaan' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('lets the page go when nothing runs', async () => {
    const { router } = renderWithApp(<Busy active={false} />, { url: '/customers' });
    await userEvent.click(screen.getByRole('link', { name: 'Elders' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
