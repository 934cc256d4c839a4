import type { ScreenLine, ScreenPlan } from '@/contract/display';
import { useMessages } from '../../lib/i18n';
import { displayMessages } from './display-messages';

const PITCH = 14;
const RADIUS = 5;

/**
 * The buyer's seats on a small plan: each section they sit in, its rows as lines of dots, theirs filled. The
 * plan says nothing of the other seats (sold or free): only where the buyer's are.
 */
export function SmallPlan({ plan, lines }: { plan: ScreenPlan; lines: readonly ScreenLine[] }) {
  const t = useMessages(displayMessages);
  return (
    <>
      {plan.sections.map((section) => {
        const mine = lines.filter((line) => line.event === plan.event && line.section === section.name);
        const isMine = (row: number, seat: number) => mine.some((line) => line.row === row && line.seat === seat);
        const widest = Math.max(1, ...section.rows.map((row) => row.seats.length));
        const width = widest * PITCH + PITCH;
        const height = section.rows.length * PITCH + PITCH;
        const label = `${t('planSection', { section: section.name })}: ${mine
          .map((line) => `${t('row', { row: line.row ?? '' })} ${t('seat', { seat: line.seat ?? '' })}`)
          .join(', ')}`;
        return (
          <figure key={section.name} className="foyer-display-plan">
            <figcaption>{section.name}</figcaption>
            <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
              {section.rows.map((row, y) => {
                // Centred rows, as a hall's rows are.
                const offset = ((widest - row.seats.length) * PITCH) / 2 + PITCH;
                return row.seats.map((seat, x) => (
                  <circle
                    key={`${row.row}-${seat}`}
                    cx={offset + x * PITCH}
                    cy={PITCH + y * PITCH}
                    r={RADIUS}
                    className={isMine(row.row, seat) ? 'foyer-display-seat-mine' : 'foyer-display-seat'}
                  />
                ));
              })}
            </svg>
          </figure>
        );
      })}
    </>
  );
}
