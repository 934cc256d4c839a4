import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useId, useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { SeatLayout } from './seat-layout';
import { seatPlanMessages } from './seat-plan-messages';
import { STATE_FREE, STATE_HELD, STATE_SELECTED, STATE_UNAVAILABLE } from './seat-states';

/**
 * The plan as a list, for keyboard and screen-reader users: a section, a row of it, then that row's seats as
 * checkboxes. Only one row's seats are in the DOM at a time (a tribune row has 170; the arena 20,400).
 */
export function SeatList({
  layout,
  states,
  seatPrice,
  onToggle,
}: {
  layout: SeatLayout;
  states: Uint8Array;
  seatPrice: (seat: number) => string;
  onToggle: (seat: number) => void;
}) {
  const t = useMessages(seatPlanMessages);
  const { locale } = useLocale();
  const headingId = useId();
  const seated = layout.sections.filter((section) => section.rowEnd > section.rowStart);
  const [sectionIndex, setSectionIndex] = useState(seated[0]?.index ?? 0);
  const [rowIndexChosen, setRowIndex] = useState<number | null>(null);
  // The seat last ticked here, and whether it was chosen before: the line under the list says what changed (the
  // plan and its summary may be out of view). A refused tick (the maximum) changes nothing, and says so elsewhere.
  const [lastTicked, setLastTicked] = useState<{ seat: number; wasChosen: boolean } | null>(null);

  const free = useMemo(() => {
    const rows = new Uint32Array(layout.rows.length);
    const sections = new Uint32Array(layout.sections.length);
    for (let seat = 0; seat < layout.count; seat++) {
      if (states[seat] !== STATE_FREE) continue;
      rows[layout.rowIndex[seat] as number] = (rows[layout.rowIndex[seat] as number] as number) + 1;
      sections[layout.sectionIndex[seat] as number] = (sections[layout.sectionIndex[seat] as number] as number) + 1;
    }
    return { rows, sections };
  }, [layout, states]);

  const section = layout.sections[sectionIndex] ?? seated[0];
  if (!section) return null;
  const rowIndex =
    rowIndexChosen !== null && rowIndexChosen >= section.rowStart && rowIndexChosen < section.rowEnd
      ? rowIndexChosen
      : section.rowStart;
  const row = layout.rows[rowIndex];
  if (!row) return null;

  const seats: number[] = [];
  for (let seat = row.seatStart; seat < row.seatEnd; seat++) seats.push(seat);

  const tickedText = ({ seat, wasChosen }: { seat: number; wasChosen: boolean }): string | null => {
    const chosen = states[seat] === STATE_SELECTED;
    if (chosen === wasChosen) return null;
    const place = {
      section: layout.sections[layout.sectionIndex[seat] as number]?.name ?? '',
      row: layout.rows[layout.rowIndex[seat] as number]?.rowNr ?? '',
      seat: layout.seatNr[seat] as number,
    };
    return chosen ? t('listSeatChosen', place) : t('listSeatReleased', place);
  };

  return (
    <section aria-labelledby={headingId} className="seat-plan-list" data-testid="seat-list">
      <Title order={2} size="h5" id={headingId}>
        {t('listTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('listHelp')}
      </Text>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <NativeSelect
            label={t('listSection')}
            value={String(section.index)}
            onChange={(event) => {
              setSectionIndex(Number(event.currentTarget.value));
              setRowIndex(null);
            }}
            data={seated.map((candidate) => ({
              value: String(candidate.index),
              label: t('sectionOption', {
                section: candidate.name,
                free: formatNumber(free.sections[candidate.index] ?? 0, locale),
              }),
            }))}
            data-testid="seat-list-section"
          />
          <NativeSelect
            label={t('listRow')}
            value={String(rowIndex)}
            onChange={(event) => setRowIndex(Number(event.currentTarget.value))}
            data={layout.rows.slice(section.rowStart, section.rowEnd).map((candidate) => ({
              value: String(candidate.index),
              label: t('rowOption', {
                row: candidate.rowNr,
                free: formatNumber(free.rows[candidate.index] ?? 0, locale),
              }),
            }))}
            data-testid="seat-list-row"
          />
        </Group>
        <fieldset className="seat-plan-list-seats">
          <legend>{t('seatsOfRow', { section: section.name, row: row.rowNr })}</legend>
          <ul className="foyer-plain-list">
            {seats.map((seat) => {
              const state = states[seat];
              const id = layout.seatIds[seat] as string;
              const label = t('seatOption', { seat: layout.seatNr[seat] as number });
              const status =
                state === STATE_HELD ? t('held') : state === STATE_UNAVAILABLE ? t('unavailable') : seatPrice(seat);
              return (
                <li key={id}>
                  <label className="seat-plan-list-seat" data-state={state}>
                    <input
                      type="checkbox"
                      checked={state === STATE_SELECTED || state === STATE_HELD}
                      disabled={state === STATE_UNAVAILABLE || state === STATE_HELD}
                      onChange={() => {
                        setLastTicked({ seat, wasChosen: state === STATE_SELECTED });
                        onToggle(seat);
                      }}
                      data-seat-id={id}
                    />
                    <span>{label}</span>
                    <span className="seat-plan-list-status">{status}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <Text size="sm" role="status" aria-live="polite" data-testid="seat-list-status">
          {lastTicked ? tickedText(lastTicked) : null}
        </Text>
      </Stack>
    </section>
  );
}
