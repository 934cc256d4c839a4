import { Icon, type IconProps } from './icon';

/**
 * The data table's icons: its columns menu and sort order.
 */

export const IconColumns = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </Icon>
);

export const IconSort = ({ direction, ...props }: IconProps & { direction?: 'asc' | 'desc' }) => (
  <Icon {...props}>
    {direction !== 'desc' ? <path d="M8 10l4-4 4 4" /> : null}
    {direction !== 'asc' ? <path d="M8 14l4 4 4-4" /> : null}
  </Icon>
);
