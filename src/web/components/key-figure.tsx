import { Paper, Skeleton, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';

/** The value's size: `md` for a page's headline figures, `sm` for figures within a section. */
const VALUE_SIZE = {
  // The value shrinks with a phone's width: "€ 828.503,33" at 24 px was wider than half of a 390-px screen.
  md: { padding: 'md', fontSize: 'clamp(1.125rem, 4.5vw, 1.5rem)', skeleton: 26 },
  sm: { padding: 'sm', fontSize: 'clamp(1.05rem, 4vw, 1.25rem)', skeleton: 22 },
} as const;

/**
 * A key figure in a card: its label above, the value large (the dashboard's, occupancy's, a performance's and a
 * production's figures). A value still too wide for its card wraps inside it rather than widening the page.
 */
export function KeyFigure({
  label,
  value,
  testId,
  size = 'md',
  loading = false,
}: {
  label: string;
  value: string;
  testId?: string;
  size?: keyof typeof VALUE_SIZE;
  loading?: boolean;
}) {
  const shape = VALUE_SIZE[size];
  return (
    <Paper withBorder radius="md" p={shape.padding}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={shape.skeleton} w={64} my={4} />
      ) : (
        <Text
          fw={700}
          className="foyer-tabular"
          data-testid={testId}
          style={{ fontSize: shape.fontSize, lineHeight: 1.4, overflowWrap: 'break-word' }}
        >
          {value}
        </Text>
      )}
    </Paper>
  );
}
