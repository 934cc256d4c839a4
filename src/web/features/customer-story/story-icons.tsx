import type { StoryKind } from '@/contract/customer-story';
import { Icon, type IconProps } from '../../components/icons/icon';

/** One icon per kind of the story's items (decorative: each item's title says its kind). */
const PATHS: Record<StoryKind, string> = {
  order: 'M4 7h16l-1.5 11a2 2 0 0 1-2 1.7h-9a2 2 0 0 1-2-1.7zM9 7V5a3 3 0 0 1 6 0v2',
  'waiting-list': 'M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  tags: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  flags: 'M5 21V4M5 4h11l-2 4 2 4H5',
  note: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
};

export function StoryIcon({ kind, ...props }: IconProps & { kind: StoryKind }) {
  return (
    <Icon {...props}>
      <path d={PATHS[kind]} />
    </Icon>
  );
}
