import type { SVGProps } from 'react';

/**
 * The handful of line icons the app needs, drawn inline (24-px grid, stroke = currentColor) instead of an
 * icon package: a few hundred bytes rather than a dependency. Decorative by default (aria-hidden); give
 * the control around them an accessible name.
 *
 * The icons are in groups, a module each, imported from the group directly: a chunk then carries only the
 * icons of the screens it draws. The first screens share status-icons.tsx (in the entry chunk, keep it
 * small); the shell's and the areas' navigation icons load with the signed-in shell. Add an icon to the
 * group of who uses it.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 18, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
