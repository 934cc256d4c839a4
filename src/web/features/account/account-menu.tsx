import type { AreaMenu } from '../../lib/area';
import { accountArea } from './account-area';

/**
 * The account has no entry in the signed-in shell's navigation (the person's name in the header leads to it); what
 * the command palette offers of it is in account-commands.ts, which loads with the palette (lib/area.ts).
 */
export const accountMenu: AreaMenu = {
  area: accountArea,
};
