import { Icon, type IconProps } from './icon';

/**
 * The areas' icons in the navigation (each feature's area menu), some used by pages too. Loaded with the
 * signed-in shell, not with the sign-in page.
 */

export const IconDashboard = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </Icon>
);

export const IconCalendar = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </Icon>
);

export const IconUsers = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Icon>
);

export const IconTicket = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M14 6v2M14 11v2M14 16v2" />
  </Icon>
);

export const IconReceipt = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);

export const IconDownload = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 19h14" />
  </Icon>
);

export const IconStaff = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10.5" r="2.5" />
    <path d="M5.5 17a3.5 3.5 0 0 1 7 0M15 9h3M15 13h3" />
  </Icon>
);

export const IconAudit = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h11a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6z" />
    <path d="M6 3v18M10 8h5M10 12h5M10 16h3" />
  </Icon>
);

export const IconTill = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="11" width="18" height="9" rx="1.5" />
    <path d="M6 11V4h10v7M9 7.5h4M7 15.5h2M11 15.5h2M15 15.5h2" />
  </Icon>
);

export const IconPrinter = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="1.5" />
    <path d="M7 14h10v7H7zM17 12h1" />
  </Icon>
);

export const IconSegments = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 5h18l-7 8v6l-4 2v-8z" />
  </Icon>
);
