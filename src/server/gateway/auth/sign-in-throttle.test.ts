import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestGateway, TestBrowser, type TestGateway } from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService } from '../service-connection';
import { accountThrottleKey, DEFAULT_THROTTLE } from './sign-in-throttle';

/**
 * Simultaneous wrong passwords (issue 29 item 3): with the limits of a real start (10 failures per account,
 * 20 per address), 30 and 60 at once for one account from one address all got 401 and were all hashed,
 * because each checked the count before any had added to it. Each attempt is now reserved in the database
 * before its password is checked; on PostgreSQL the attempts run on several connections at once.
 */
describeEachDatabase('the sign-in throttle under simultaneous attempts', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  const people = [
    { email: 'parallel-30@demo.test', name: 'Thirty Tries', role: 'box-office' },
    { email: 'parallel-60@demo.test', name: 'Sixty Tries', role: 'box-office' },
  ];

  beforeAll(async () => {
    service = await createTestService({ database, poolSize: 8 });
    const stub = new Hono();
    stub.all('*', (c) => c.json([]));
    gateway = await createTestGateway({
      db: service.db,
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: 'stub-key-for-the-throttle', people }],
      throttle: DEFAULT_THROTTLE,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const failures = async (key: string) => {
    const { rows } = await gateway.db.query<{ failures: number }>(
      'select failures from gateway.sign_in_failures where key = $1',
      [key],
    );
    return rows[0]?.failures ?? 0;
  };

  /** `count` wrong passwords sent at once, each from its own browser; the statuses and Retry-After of the 429s. */
  async function atOnce(count: number, email: (index: number) => string, address: string) {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        new TestBrowser(gateway.app).signIn(email(index), `wrong-password-${index}`, { address }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    return {
      checked: statuses.filter((status) => status === 401).length,
      throttled: answers.filter((answer) => answer.status === 429 && Number(answer.headers.get('retry-after')) > 0)
        .length,
      others: statuses.filter((status) => status !== 401 && status !== 429),
    };
  }

  it.each([30, 60])(
    'checks at most 10 of %i simultaneous wrong passwords for one account from one address; the rest get 429',
    async (count) => {
      const email = `parallel-${count}@demo.test`;
      const result = await atOnce(count, () => email, `10.29.3.${count}`);
      expect(result).toEqual({
        checked: DEFAULT_THROTTLE.perAccount,
        throttled: count - DEFAULT_THROTTLE.perAccount,
        others: [],
      });
      expect(await failures(accountThrottleKey(email))).toBe(DEFAULT_THROTTLE.perAccount);
      // Refusals are not failures: the address has the account's ten, not thirty or sixty.
      expect(await failures(`address:10.29.3.${count}`)).toBe(DEFAULT_THROTTLE.perAccount);
    },
  );

  it('checks at most 20 of 30 simultaneous wrong passwords from one address, each for another account', async () => {
    const result = await atOnce(30, (index) => `nobody-${index}@demo.test`, '10.29.3.99');
    expect(result).toEqual({
      checked: DEFAULT_THROTTLE.perAddress,
      throttled: 30 - DEFAULT_THROTTLE.perAddress,
      others: [],
    });
    expect(await failures('address:10.29.3.99')).toBe(DEFAULT_THROTTLE.perAddress);
  });
});
