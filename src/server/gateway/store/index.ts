/**
 * The gateway store's public entry: its migrations (schema `gateway`, store/migrations) and the demo accounts the
 * embedded mode seeds, which README, the start banner, the tests and the tools sign in with.
 */
export { connectWithPeople, DEMO_ORGANISATIONS, DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts';
export { migrateGateway } from './gateway-store';
