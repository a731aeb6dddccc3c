import { answerApi } from 'shared/src/test-support/api';
import { createNetwork, createRegistry, deleteNetwork, deleteRegistry, deleteVolume } from './docker-api';

// Each Docker change: its route, its body, and the spec's texts when it is refused without a
// message and when the HTTP call fails.
const changes = [
  {
    call: () => createRegistry('a1', { address: 'r.example.com', username: 'u', password: 'p' }),
    path: '/api/v1/registries/create-registry',
    body: { agent_id: 'a1', address: 'r.example.com', username: 'u', password: 'p' },
    refused: 'Create registry failed',
    failed: 'Failed to create registry',
  },
  {
    call: () => deleteRegistry('a1', 'r.example.com'),
    path: '/api/v1/registries/delete-registry',
    body: { agent_id: 'a1', address: 'r.example.com' },
    refused: 'Delete registry failed',
    failed: 'Failed to delete registry',
  },
  {
    call: () => createNetwork('a1', 'web'),
    path: '/api/v1/networks/create-network',
    body: { agent_id: 'a1', name: 'web' },
    refused: 'Create network failed',
    failed: 'Failed to create network',
  },
  {
    call: () => deleteNetwork('a1', 'web'),
    path: '/api/v1/networks/delete-network',
    body: { agent_id: 'a1', name: 'web' },
    refused: 'Delete network failed',
    failed: 'Failed to delete network',
  },
  {
    call: () => deleteVolume('a1', 'data'),
    path: '/api/v1/volumes/delete-volume',
    body: { agent_id: 'a1', name: 'data' },
    refused: 'Delete volume failed',
    failed: 'Failed to delete volume',
  },
];

test.each(changes)(
  '$path: body, answer, refusal and failure texts',
  async ({ call, path, body, refused, failed }) => {
    const fetchMock = answerApi({ [path]: { body: { success: true, message: 'Done', data: null } } });
    await expect(call()).resolves.toBe('Done');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(body);

    answerApi({ [path]: { body: { success: false, message: '' } } });
    await expect(call()).rejects.toThrow(refused);
    answerApi({ [path]: { status: 500, body: null } });
    await expect(call()).rejects.toThrow(failed);
  },
);
