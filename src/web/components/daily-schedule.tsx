import { Button, Group, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/*
 * What the daily schedules of the gateway's export scheduler share on screen (the exports page's schedules and a
 * production's report): when their list is read again, the form that adds one at a time of day, and each
 * schedule's "run now" and "delete".
 */

/** While a schedule is due (run now, or its time has come), its list is read again this often. */
const DUE_POLL_MS = 2000;

/** The browser's time zone: a schedule runs at its time of day there. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A schedules query's refetchInterval: every two seconds while one of them is due, else not at all. */
export function pollWhileDue<Schedule>(due: (schedule: Schedule) => boolean) {
  return (query: { state: { data?: { schedules: readonly Schedule[] } | undefined } }) =>
    query.state.data?.schedules.some(due) ? DUE_POLL_MS : false;
}

/** A time of day (HH:MM) and the button that adds a daily schedule at it, in the browser's time zone. */
export function DailyTimeForm({
  initialTime,
  timeLabel,
  addLabel,
  adding,
  onAdd,
  testId,
}: {
  initialTime: string;
  timeLabel: string;
  addLabel: string;
  adding: boolean;
  onAdd: (when: { timeOfDay: string; timeZone: string }) => void;
  /** The time input's data-testid. */
  testId: string;
}) {
  const [time, setTime] = useState(initialTime);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAdd({ timeOfDay: time, timeZone: browserTimeZone() });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="time"
          label={timeLabel}
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          required
          data-testid={testId}
        />
        <Button type="submit" loading={adding} disabled={!/^\d{2}:\d{2}$/.test(time)}>
          {addLabel}
        </Button>
      </Group>
    </form>
  );
}

/** A schedule's "run now" (busy while it is due) and "delete"; `children` stand between them. */
export function ScheduleActions({
  due,
  runNowLabel,
  onRunNow,
  deleteLabel,
  deleteAriaLabel,
  onDelete,
  children,
}: {
  due: boolean;
  runNowLabel: string;
  onRunNow: () => void;
  deleteLabel: string;
  /** Names the schedule, as "delete" alone would not in a list of them. */
  deleteAriaLabel: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-sm" variant="light" loading={due} onClick={onRunNow}>
        {runNowLabel}
      </Button>
      {children}
      <Button size="compact-sm" variant="subtle" color="red" aria-label={deleteAriaLabel} onClick={onDelete}>
        {deleteLabel}
      </Button>
    </Group>
  );
}
