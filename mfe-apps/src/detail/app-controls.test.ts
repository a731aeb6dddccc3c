import { controlAvailability, isTransitionOver, operationFailure, TRANSITION_MAX_MS } from './app-controls';

test('Start is off for active or restarting apps; Stop and Restart are off for stopped ones', () => {
  expect(controlAvailability(1, false)).toEqual({ start: false, stop: true, restart: true, update: true });
  expect(controlAvailability(3, false).start).toBe(false);
  expect(controlAvailability(5, false)).toEqual({ start: true, stop: false, restart: false, update: true });
  expect(controlAvailability(null, false)).toEqual({ start: true, stop: true, restart: true, update: true });
});

test('every control is off while an operation or its transition runs', () => {
  expect(controlAvailability(5, true)).toEqual({ start: false, stop: false, restart: false, update: false });
});

test('the transition ends after 15 s, or at a status update at least 1 s after the action', () => {
  expect(isTransitionOver(1_000, 1_500, null)).toBe(false);
  expect(isTransitionOver(1_000, 1_000 + TRANSITION_MAX_MS, null)).toBe(true);
  expect(isTransitionOver(1_000, 3_000, 1_500)).toBe(false);
  expect(isTransitionOver(1_000, 3_000, 2_000)).toBe(true);
});

test('failure texts name the operation; a redeploy is a deploy', () => {
  expect(operationFailure('start')).toBe('Failed to start the app. Please try again.');
  expect(operationFailure('update')).toBe('Failed to update the app. Please try again.');
  expect(operationFailure('redeploy')).toBe('Failed to deploy the app. Please try again.');
});
