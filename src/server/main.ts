import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { type Config, ConfigError, loadConfig } from './config';

/**
 * `npm start`: the configuration is checked before anything else is loaded, so a mistake in the environment is
 * named at once (one line, exit 2) instead of after the whole server has been imported (run-foyer.ts).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  try {
    await mkdir(config.EXPORT_DIR, { recursive: true });
    await access(config.EXPORT_DIR, constants.W_OK);
  } catch {
    console.error(`Invalid environment variable EXPORT_DIR: ${config.EXPORT_DIR} is not a folder Foyer can write to`);
    process.exit(2);
  }
  const { runFoyer } = await import('./run-foyer');
  await runFoyer(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
