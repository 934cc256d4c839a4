import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { useMessages } from '../../lib/i18n';
import { can, sessionQuery } from '../../lib/session';
import { accessMessages } from './access-messages';
import { staffMessages } from './staff-messages';
import './staff.css';

/**
 * The three pages of the administration behind one row of links (not ARIA tabs: each is a page with its own
 * URL, reached with Tab and Enter like any link; the current one says so with aria-current).
 */
export function StaffLayout() {
  const t = useMessages(staffMessages);
  const access = useMessages(accessMessages);
  const { data: session } = useQuery(sessionQuery);
  const sections = [
    { to: '/staff', label: t('tabPeople'), allowed: can(session, ['staff:manage']), end: true },
    { to: '/staff/roles', label: t('tabRoles'), allowed: can(session, ['staff:manage']), end: false },
    { to: '/staff/sso', label: access('tabSso'), allowed: can(session, ['staff:manage']), end: false },
    { to: '/staff/connection', label: t('tabConnection'), allowed: can(session, ['connection:manage']), end: false },
  ].filter((section) => section.allowed);
  return (
    <Stack gap="lg" maw={1200}>
      {sections.length > 1 ? (
        <nav aria-label={t('sectionsLabel')} className="foyer-staff-tabs">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className="foyer-staff-tab">
              {section.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <Outlet />
    </Stack>
  );
}
