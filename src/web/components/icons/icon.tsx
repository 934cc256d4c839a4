import type { SVGProps } from 'react';

/**
 * The handful of line icons the app needs, drawn inline (24-px grid, stroke = currentColor) instead of an
 * icon package: a few hundred bytes rather than a dependency. Decorative by default (aria-hidden); give
 * the control around them an accessible name.
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
