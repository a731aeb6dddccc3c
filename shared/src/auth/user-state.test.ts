import { toUser, readStoredUser, USER_STATE_KEY } from './user-state';
import { MemoryStorage } from './test-helpers';

describe('toUser', () => {
  it('maps user_id to id and keeps known organization fields', () => {
    const user = toUser({
      user_id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      image: '',
      organizations: [
        { id: 'o1', name: 'Acme', role: 'owner', subscription_status: 'paid', licenses: 3 },
        { id: 'o2', name: 'Other', role: 'weird', subscription_status: 'odd' },
        { name: 'no id' },
        null,
      ],
    });
    expect(user).toEqual({
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      image: null,
      organizations: [
        { id: 'o1', name: 'Acme', role: 'owner', subscription_status: 'paid', licenses: 3 },
        { id: 'o2', name: 'Other', role: 'admin', subscription_status: 'free', licenses: 0 },
      ],
    });
  });

  it('yields no user without a user id', () => {
    expect(toUser({ name: 'x' })).toBeNull();
    expect(toUser(null)).toBeNull();
  });
});

describe('readStoredUser', () => {
  it('ignores broken JSON and wrong shapes', () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_STATE_KEY, '{broken');
    expect(readStoredUser(storage)).toBeNull();
    storage.setItem(USER_STATE_KEY, JSON.stringify({ name: 'no id' }));
    expect(readStoredUser(storage)).toBeNull();
  });
});
