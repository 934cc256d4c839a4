/**
 * An Alert's title in the page's text colour: Mantine colours it as the alert (orange or yellow on their light
 * tint fall below 4.5:1), the tint and icon still say what kind of message it is.
 */
export const READABLE_ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };
