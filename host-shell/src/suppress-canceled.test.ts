import { isCanceledRejection, suppressCanceledRejections } from './suppress-canceled';

describe('suppressCanceledRejections', () => {
  it('recognises rejections named Canceled only', () => {
    expect(isCanceledRejection({ name: 'Canceled' })).toBe(true);
    expect(isCanceledRejection(new Error('Canceled'))).toBe(false);
    expect(isCanceledRejection('Canceled')).toBe(false);
    expect(isCanceledRejection(null)).toBe(false);
  });

  it('prevents the default of Canceled rejections and leaves others alone', () => {
    const remove = suppressCanceledRejections(window);
    const canceled = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
      reason: { name: 'Canceled' },
    });
    const other = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
      reason: new Error('boom'),
    });
    window.dispatchEvent(canceled);
    window.dispatchEvent(other);
    expect(canceled.defaultPrevented).toBe(true);
    expect(other.defaultPrevented).toBe(false);
    remove();
    const later = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
      reason: { name: 'Canceled' },
    });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
