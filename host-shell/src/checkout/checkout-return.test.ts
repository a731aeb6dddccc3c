import { stripCheckoutFlag } from './checkout-return';

describe('stripCheckoutFlag', () => {
  it('removes the flag from the query before the hash', () => {
    expect(stripCheckoutFlag('http://h/?checkout_success=true#/organization')).toBe(
      'http://h/#/organization',
    );
    expect(stripCheckoutFlag('http://h/?a=1&checkout_success=true#/')).toBe('http://h/?a=1#/');
  });

  it('removes the flag from the hash query and keeps other parameters', () => {
    expect(stripCheckoutFlag('http://h/#/organization?checkout_success=true')).toBe(
      'http://h/#/organization',
    );
    expect(stripCheckoutFlag('http://h/#/settings?tab=x&checkout_success=true')).toBe(
      'http://h/#/settings?tab=x',
    );
  });

  it('returns null without the flag or when it is not true', () => {
    expect(stripCheckoutFlag('http://h/#/')).toBeNull();
    expect(stripCheckoutFlag('http://h/?checkout_success=false#/')).toBeNull();
  });
});
