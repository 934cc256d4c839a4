import { describe, expect, it } from 'vitest';
import { isAllowedRedirect } from './checkout';
import { withReturn } from './payments';

describe('redirect URLs of the payment page', () => {
  it('appends return=<order_key> keeping an existing query and fragment', () => {
    expect(withReturn('https://shop.example/done', 'k1')).toBe('https://shop.example/done?return=k1');
    expect(withReturn('https://shop.example/done?lang=nl#top', 'k1')).toBe(
      'https://shop.example/done?lang=nl&return=k1#top',
    );
    expect(withReturn('https://shop.example/done?return=old', 'k/+=')).toBe(
      'https://shop.example/done?return=k%2F%2B%3D',
    );
  });

  it('allows https anywhere and plain http only to this machine', () => {
    expect(isAllowedRedirect('https://shop.example/x')).toBe(true);
    expect(isAllowedRedirect('http://localhost:5173/x')).toBe(true);
    expect(isAllowedRedirect('http://127.0.0.1/x')).toBe(true);
    expect(isAllowedRedirect('http://[::1]:8080/x')).toBe(true);
    expect(isAllowedRedirect('http://shop.example/x')).toBe(false);
    expect(isAllowedRedirect('http://localhost.evil.example/x')).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)')).toBe(false);
    expect(isAllowedRedirect('data:text/html,x')).toBe(false);
    expect(isAllowedRedirect('not a url')).toBe(false);
  });
});
