import { useCallback } from 'react';
import type { PermissionInfo } from '@/contract/roles';
import { useMessages } from '../../lib/i18n';
import type { PermissionGroupId } from './permission-groups';
import { type StaffMessageKey, staffMessages } from './staff-messages';

const GROUP_LABELS: Record<PermissionGroupId, StaffMessageKey> = {
  sales: 'groupSales',
  customers: 'groupCustomers',
  orders: 'groupOrders',
  administration: 'groupAdministration',
  other: 'groupOther',
};

/** A permission in the reader's language; one the app has no text for keeps the gateway's description. */
export function usePermissionTexts() {
  const t = useMessages(staffMessages);
  const describe = useCallback(
    (info: PermissionInfo) => {
      const key = `perm:${info.key}`;
      return key in staffMessages.nl ? t(key as StaffMessageKey) : info.description;
    },
    [t],
  );
  const groupLabel = useCallback((id: PermissionGroupId) => t(GROUP_LABELS[id]), [t]);
  return { describe, groupLabel };
}
