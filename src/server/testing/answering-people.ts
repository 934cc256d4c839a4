import { servingRequest } from '../db/database';

/** Runs `work` while a person's request is being answered in this process (one held open until `work` ends). */
export async function whileAnsweringPeople<T>(work: () => Promise<T>): Promise<T> {
  let answered = () => {};
  const request = servingRequest(() => new Promise<void>((resolve) => (answered = resolve)));
  try {
    return await work();
  } finally {
    answered();
    await request;
  }
}
