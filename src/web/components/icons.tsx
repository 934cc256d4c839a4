/**
 * The app's line icons, drawn inline (components/icons/icon.tsx). Each group is a module of its own, so a
 * chunk carries only the icons of the screens it draws: the sign-in page (in the first load) does not pull
 * in the navigation's or the shell's icons. Import from here; add an icon to the group of who uses it.
 */

export {
  IconAudit,
  IconCalendar,
  IconDashboard,
  IconDownload,
  IconReceipt,
  IconStaff,
  IconTicket,
  IconTill,
  IconUsers,
} from './icons/area-icons';
export {
  IconClose,
  IconContrast,
  IconKeyboard,
  IconLanguage,
  IconLogout,
  IconMenu,
  IconMoon,
  IconSearch,
  IconSun,
} from './icons/shell-icons';
export { IconAlert, IconInbox, IconKey, IconRefresh } from './icons/status-icons';
export { IconColumns, IconSort } from './icons/table-icons';
