import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMessages } from '../../lib/i18n';
import { customerNotesMessages } from './customer-notes-messages';
import { customerNotesQueries } from './customer-notes-queries';
import { flagLabel } from './flag-label';

/** Names the organisation's flags by id (retired ones too), for texts that hold only ids (the story). */
export function useFlagLabels(): (flagId: number) => string | null {
  const t = useMessages(customerNotesMessages);
  const { data } = useQuery(customerNotesQueries.flagList());
  return useCallback(
    (flagId) => {
      const flag = data?.find((each) => each.id === flagId);
      return flag ? flagLabel(flag, t) : null;
    },
    [data, t],
  );
}
