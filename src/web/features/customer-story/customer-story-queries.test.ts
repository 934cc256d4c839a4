import { describe, expect, it } from 'vitest';
import { STORY_KINDS } from '@/contract/customer-story';
import { kindsOf } from './customer-story-queries';

describe('the story filter in the URL', () => {
  it('reads the kinds named, in the story’s own order, and all of them for none or nonsense', () => {
    expect(kindsOf('note,order')).toEqual(['order', 'note']);
    expect(kindsOf('note,shoes')).toEqual(['note']);
    expect(kindsOf(null)).toEqual([...STORY_KINDS]);
    expect(kindsOf('shoes')).toEqual([...STORY_KINDS]);
  });
});
