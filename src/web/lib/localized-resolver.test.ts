import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizedResolver } from './localized-resolver';

const schema = z.object({
  name: z.string().min(1, 'Enter the name'),
  lines: z.array(z.object({ group: z.string().min(1, 'Enter the group') })),
});

describe('localizedResolver', () => {
  it("puts a field's message and the messages of a list's lines in the reader's language", async () => {
    const resolver = localizedResolver(schema, (message) => `nl:${message}`);
    const result = await resolver({ name: '', lines: [{ group: 'staff' }, { group: '' }] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.name?.message).toBe('nl:Enter the name');
    const lines = result.errors.lines as unknown as ({ group?: { message?: string } } | undefined)[];
    expect(lines[1]?.group?.message).toBe('nl:Enter the group');
    expect(lines[0]).toBeUndefined();
  });
});
