import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SeatPlan } from '../../lib/schemas/seat-plan';
import { renderWithApp } from '../../testing/render';
import { planRow, range } from '../../testing/seat-plans';
import SeatPlanViewer, { type SeatPlanViewerProps } from './seat-plan-viewer';

// jsdom has no canvas: the viewer must still offer everything through the list alternative and its controls.
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

const plan: SeatPlan = {
  eventId: 1,
  hallId: 1,
  priceLevels: [
    { priceId: 'a', rankId: 1, name: 'Normaal', amount: 40 },
    { priceId: 'b', rankId: 1, name: 'CJP', amount: 30 },
    { priceId: 'c', rankId: 2, name: 'Normaal', amount: 20 },
  ],
  sections: [
    {
      sectionId: 1,
      sectionName: 'Zaal',
      rows: [planRow(1, range(1, 6), { taken: [1] }), planRow(2, range(1, 6), { rankId: 2 })],
    },
  ],
  available: 11,
};

function Harness(props: Partial<SeatPlanViewerProps> & { onChange?: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(props.selectedSeatIds ?? new Set());
  return (
    <SeatPlanViewer
      plan={props.plan ?? plan}
      selectedSeatIds={selected}
      onSelectionChange={(next) => {
        props.onChange?.([...next]);
        setSelected(next);
      }}
      heldSeatIds={props.heldSeatIds}
      maxSelection={props.maxSelection}
      rankNames={props.rankNames}
      generalAdmissionQuantity={props.generalAdmissionQuantity}
      onGeneralAdmissionQuantity={props.onGeneralAdmissionQuantity}
    />
  );
}

const seatBox = (id: string) =>
  document.querySelector<HTMLInputElement>(`input[data-seat-id="${id}"]`) as HTMLInputElement;

describe('SeatPlanViewer', () => {
  it('chooses and releases a seat through the list, with sold and held seats not choosable', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} heldSeatIds={new Set(['r1-2'])} />);
    expect(seatBox('r1-1')).toBeDisabled();
    expect(seatBox('r1-2')).toBeDisabled();
    expect(seatBox('r1-2')).toBeChecked();
    await userEvent.click(seatBox('r1-3'));
    expect(onChange).toHaveBeenLastCalledWith(['r1-3']);
    expect(seatBox('r1-3')).toBeChecked();
    expect(screen.getByTestId('seat-selection-summary')).toHaveTextContent(/1 gekozen, €\s40,00/);
    // Said under the list too, where the seller is (a walkthrough saw nothing change there).
    expect(screen.getByTestId('seat-list-status')).toHaveTextContent('Zaal, rij 1, stoel 3 gekozen.');
    await userEvent.click(seatBox('r1-3'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByTestId('seat-list-status')).toHaveTextContent('Zaal, rij 1, stoel 3 niet meer gekozen.');
  });

  it('switches rows in the list and shows each row’s free seats', async () => {
    renderWithApp(<Harness />);
    const list = screen.getByTestId('seat-list');
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Rij' }), 'Rij 2 (6 vrij)');
    expect(within(list).getByRole('group', { name: 'Stoelen in Zaal, rij 2' })).toBeInTheDocument();
    await userEvent.click(seatBox('r2-6'));
    expect(screen.getByTestId('seat-selection-summary')).toHaveTextContent(/1 gekozen, €\s20,00/);
  });

  it('refuses a seat beyond the maximum and says why', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} maxSelection={1} selectedSeatIds={new Set(['r1-3'])} />);
    await userEvent.click(seatBox('r1-4'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('seat-plan-notice')).toHaveTextContent('Maximum aantal stoelen tegelijk: 1.');
    // Refused: nothing changed, so the list's line says nothing was chosen.
    expect(screen.getByTestId('seat-list-status')).toHaveTextContent('');
  });

  it('"best 2 available in a rank" replaces the choice with two adjacent seats of that rank', async () => {
    const onChange = vi.fn();
    renderWithApp(
      <Harness onChange={onChange} rankNames={new Map([[2, 'Balkon']])} selectedSeatIds={new Set(['r1-6'])} />,
    );
    await userEvent.selectOptions(screen.getByTestId('best-rank'), 'Balkon');
    await userEvent.click(screen.getByRole('button', { name: 'Kies beste' }));
    expect(onChange).toHaveBeenLastCalledWith(['r2-3', 'r2-4']);
  });

  it('shows the legend with rank names, prices and free counts', () => {
    renderWithApp(<Harness rankNames={new Map([[1, 'Stalles']])} />);
    const ranks = screen.getAllByTestId('legend-rank');
    expect(ranks[0]).toHaveTextContent(/Stalles Normaal €\s40,00 · CJP €\s30,00 \(5 vrij\)/);
    expect(ranks[1]).toHaveTextContent(/Rang 2 Normaal €\s20,00 \(6 vrij\)/);
  });

  it('sells general admission by quantity: the available count and a stepper', async () => {
    const onQuantity = vi.fn();
    const general: SeatPlan = {
      eventId: 2,
      hallId: 3,
      priceLevels: [{ priceId: 's', rankId: 9, name: 'Staand', amount: 25 }],
      sections: [{ sectionId: 7, sectionName: 'Zaal', rows: [] }],
      available: 250,
    };
    renderWithApp(<Harness plan={general} generalAdmissionQuantity={2} onGeneralAdmissionQuantity={onQuantity} />);
    expect(screen.getByTestId('general-admission-available')).toHaveTextContent('250 beschikbaar');
    expect(screen.queryByTestId('seat-plan-canvas')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Eén meer' }));
    expect(onQuantity).toHaveBeenLastCalledWith(7, 3);
    await userEvent.click(screen.getByRole('button', { name: 'Eén minder' }));
    expect(onQuantity).toHaveBeenLastCalledWith(7, 1);
  });
});
