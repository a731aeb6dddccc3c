import { EventBus } from './event-bus';

describe('EventBus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const bus = new EventBus();
    const seen: (string | null)[] = [];
    const unsubscribe = bus.subscribe('agent:selected', ({ agentId }) => seen.push(agentId));
    bus.publish('agent:selected', { agentId: 'a1' });
    unsubscribe();
    bus.publish('agent:selected', { agentId: 'a2' });
    expect(seen).toEqual(['a1']);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const bus = new EventBus();
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const received = jest.fn();
    bus.subscribe('toast:show', () => {
      throw new Error('listener bug');
    });
    bus.subscribe('toast:show', received);
    bus.publish('toast:show', { title: 'Success', description: 'App installation started' });
    expect(received).toHaveBeenCalledWith({ title: 'Success', description: 'App installation started' });
    expect(errorSpy).toHaveBeenCalled();
    errorSpy.mockRestore();
  });
});
