import { Alert, Anchor, Button, Checkbox, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CustomerNote, NOTE_MAX_LENGTH } from '@/contract/customer-notes';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { SectionCard } from '../../components/section-card';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { formatRelativeTime } from '../../lib/format-extra';
import { useLocale, useMessages } from '../../lib/i18n';
import { useCan } from '../../lib/use-can';
import { customerNotesMessages } from './customer-notes-messages';
import { customerNotesQueries, useCustomerNoteMutations } from './customer-notes-queries';
import { FlagBadges } from './flag-badges';
import { flagLabel, SEVERITY_COLOR } from './flag-label';

/** The customer page's notes and flags: everyone who sees the customer reads them; notes:write changes them. */
export function CustomerNotesSection({ customerId }: { customerId: number }) {
  const t = useMessages(customerNotesMessages);
  const mayWrite = useCan('notes:write');
  const query = useQuery(customerNotesQueries.customer(customerId));
  return (
    <SectionCard title={t('sectionTitle')} id="customer-notes">
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton h={120} aria-busy="true" />
      ) : (
        <Stack gap="md">
          {mayWrite ? (
            <FlagChooser customerId={customerId} chosen={query.data.flags.map((flag) => flag.id)} />
          ) : query.data.flags.length > 0 ? (
            <FlagBadges flags={query.data.flags} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('noFlags')}
            </Text>
          )}
          <NoteList
            customerId={customerId}
            notes={query.data.notes}
            editable={new Set(query.data.editableNoteIds)}
            mayDelete={mayWrite}
          />
          {mayWrite ? <NewNote customerId={customerId} /> : null}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The organisation's flags in use as switches: a change is saved at once. */
function FlagChooser({ customerId, chosen }: { customerId: number; chosen: number[] }) {
  const t = useMessages(customerNotesMessages);
  const tApp = useMessages(appMessages);
  const flags = useQuery(customerNotesQueries.flagList());
  const { setFlags } = useCustomerNoteMutations(customerId);
  // The flags being saved, shown at once: the mutation's own pending state arrives a tick later, and the box
  // clicked would flick back meanwhile.
  const [saving, setSaving] = useState<number[] | null>(null);
  if (flags.isError) return <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />;
  if (!flags.data) return <Skeleton h={40} />;
  const inUse = flags.data.filter((flag) => !flag.retired);
  return (
    <Stack gap={4}>
      <Checkbox.Group
        label={t('chooseFlags')}
        value={(saving ?? chosen).map(String)}
        onChange={(value) => {
          const flagIds = value.map(Number);
          setSaving(flagIds);
          setFlags.mutate(flagIds, { onSettled: () => setSaving(null) });
        }}
        data-testid="flag-chooser"
      >
        <Group gap="md" mt="xs">
          {inUse.map((flag) => (
            <Checkbox
              key={flag.id}
              value={String(flag.id)}
              color={SEVERITY_COLOR[flag.severity]}
              label={`${flagLabel(flag, t)} (${t(`severity:${flag.severity}`)})`}
              disabled={saving !== null}
            />
          ))}
        </Group>
      </Checkbox.Group>
      {setFlags.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(setFlags.error, tApp)}
        </Alert>
      ) : null}
      <Anchor component={Link} to="/customers/flags" size="xs">
        {t('manageFlags')}
      </Anchor>
    </Stack>
  );
}

function NoteList({
  customerId,
  notes,
  editable,
  mayDelete,
}: {
  customerId: number;
  notes: readonly CustomerNote[];
  editable: ReadonlySet<number>;
  mayDelete: boolean;
}) {
  const t = useMessages(customerNotesMessages);
  if (notes.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-notes">
        {t('noNotes')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" className="foyer-flag-list" aria-label={t('notes')} data-testid="note-list">
      {notes.map((note) => (
        <NoteItem
          key={note.id}
          customerId={customerId}
          note={note}
          mayEdit={editable.has(note.id)}
          mayDelete={mayDelete}
        />
      ))}
    </Stack>
  );
}

function NoteItem({
  customerId,
  note,
  mayEdit,
  mayDelete,
}: {
  customerId: number;
  note: CustomerNote;
  mayEdit: boolean;
  mayDelete: boolean;
}) {
  const t = useMessages(customerNotesMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const { edit, remove } = useCustomerNoteMutations(customerId);
  const [draft, setDraft] = useState<string | null>(null);
  const failed = edit.error ?? remove.error;
  return (
    <li data-testid="note">
      {draft === null ? (
        <Text className="foyer-note-text" size="sm">
          {note.text}
        </Text>
      ) : (
        <Textarea
          label={t('editNoteLabel')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={NOTE_MAX_LENGTH}
          autosize
          minRows={2}
        />
      )}
      <Group gap="xs" justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          <span title={formatDateTime(note.createdAt, locale)}>
            {t('noteBy', { author: note.author.name, time: formatRelativeTime(note.createdAt, locale) })}
          </span>
          {note.editedAt ? ` · ${t('edited', { time: formatRelativeTime(note.editedAt, locale) })}` : ''}
        </Text>
        <Group gap={4}>
          {draft !== null ? (
            <>
              <Button
                size="compact-xs"
                loading={edit.isPending}
                disabled={draft.trim() === ''}
                onClick={() => edit.mutate({ noteId: note.id, text: draft }, { onSuccess: () => setDraft(null) })}
              >
                {t('saveNote')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setDraft(null)}>
                {t('cancel')}
              </Button>
            </>
          ) : (
            <>
              {mayEdit ? (
                <Button size="compact-xs" variant="subtle" onClick={() => setDraft(note.text)}>
                  {t('editNote')}
                </Button>
              ) : null}
              {mayDelete ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('deleteNoteConfirm'))) remove.mutate(note.id);
                  }}
                >
                  {t('deleteNote')}
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Group>
      {failed ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {describeError(failed, tApp)}
        </Text>
      ) : null}
    </li>
  );
}

function NewNote({ customerId }: { customerId: number }) {
  const t = useMessages(customerNotesMessages);
  const tApp = useMessages(appMessages);
  const { add } = useCustomerNoteMutations(customerId);
  const [text, setText] = useState('');
  const save = () => {
    if (text.trim() === '' || add.isPending) return;
    add.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <Stack gap={6}>
      <Textarea
        label={t('noteLabel')}
        placeholder={t('notePlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter saves, as in most note fields.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
        }}
        maxLength={NOTE_MAX_LENGTH}
        description={t('noteCount', { count: text.length, max: NOTE_MAX_LENGTH })}
        autosize
        minRows={2}
        data-testid="new-note"
      />
      {add.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(add.error, tApp)}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={save} loading={add.isPending} disabled={text.trim() === ''} data-testid="add-note">
          {t('addNote')}
        </Button>
      </Group>
    </Stack>
  );
}
